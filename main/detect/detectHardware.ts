import os from 'node:os';
import type { Locale } from '../../shared/i18n/localize.js';
import type { CpuInfo, CudnnInstall, DriverInfo, Finding, HardwareReport, OsInfo } from '../../shared/types/hardware.js';
import type { NvidiaDeviceTable } from '../../shared/gpus/nvidiaDeviceTable.js';
import type { AmdDeviceTable } from '../../shared/gpus/amdDeviceTable.js';
import { amdDeviceTableSchema } from '../../shared/data/amdDevicesSchema.js';
import { loadDataTable } from '../data/loadDataTable.js';
import { gpuTableSchema } from '../../shared/data/gpusSchema.js';
import { nvidiaDeviceTableSchema } from '../../shared/data/nvidiaDevicesSchema.js';
import { findConda } from '../system/findConda.js';
import { sysrootPath } from '../system/sysroot.js';
import { detectText, type DetectSay } from './detectText.js';
import { enrichGpuSpecs } from './enrichGpuSpecs.js';
import { enrichNvidiaDevices } from './enrichNvidiaDevices.js';
import { enrichAmdDevices } from './enrichAmdDevices.js';
import { probeRocmVersion } from './probes/probeRocmVersion.js';
import { toolkitGpuFindings } from './toolkitTargetsGpu.js';
import { explainCudaVersions } from './explainCudaVersions.js';
import { mergeGpus } from './mergeGpus.js';
import { saveProbeRunCache } from './probeRunCache.js';
import type { ProbeContext } from './probeContext.js';
import { probeAmd, type AmdProbeResult } from './probes/probeAmd.js';
import { probeApple, type AppleProbeResult } from './probes/probeApple.js';
import { probeCpu } from './probes/probeCpu.js';
import { probeCudaToolkits, toolkitsInPythonEnvs, type ToolkitProbeResult } from './probes/probeCudaToolkits.js';
import { collectCudnn, probeLdconfigCudnn } from './probes/probeCudnn.js';
import { probeNvidia, type NvidiaProbeResult } from './probes/probeNvidia.js';
import { archName, probeOs } from './probes/probeOs.js';
import { probePci, type PciDisplayDevice } from './probes/probePci.js';
import { probePythons, type PythonProbeResult } from './probes/probePythons.js';
import { probeWindows } from './probes/probeWindows.js';
import { NVIDIA_SMI_ERROR_TEXT } from './parsers/parseNvidiaSmiError.js';
import type { WindowsVideoController } from './parsers/parseWindowsVideoControllers.js';

export interface DetectOptions {
  /** Skip the slower probes (Python environments, running each nvcc) for a quick first screen. */
  quick?: boolean;
  /** Budget for each external command; a probe gets a few of these before it is given up. */
  timeoutMs?: number;
  /** Probe as if on this platform (tests of the Windows and macOS paths); defaults to process.platform. */
  platform?: NodeJS.Platform;
  /** The language of findings, the CUDA explanation and warnings (English when absent). */
  locale?: Locale;
}

const DEFAULT_TIMEOUT_MS = 5000;
const NO_PYTHONS: PythonProbeResult = { pythons: [], notChecked: [] };

/** Runs one probe; a throw or a hang becomes a warning and the fallback value, never a failed report. */
async function settle<T>(say: DetectSay, name: string, budgetMs: number, warnings: string[], fallback: T, run: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => {
      warnings.push(say('probe.timedOut', { probe: name, seconds: Math.round(budgetMs / 1000) }));
      resolve(fallback);
    }, budgetMs);
    timer.unref();
  });
  try {
    return await Promise.race([
      run().catch((error: unknown) => {
        warnings.push(say('probe.failed', { probe: name, error: error instanceof Error ? error.message : String(error) }));
        return fallback;
      }),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function fallbackOs(platform: NodeJS.Platform): OsInfo {
  const name = platform === 'linux' ? 'linux' : platform === 'win32' ? 'windows' : platform === 'darwin' ? 'macos' : 'other';
  return { platform: name, distro: null, version: null, kernel: null, arch: archName(os.arch(), platform), wsl: false, container: false, packageManager: null, secureBoot: 'unknown', nouveauLoaded: false, disks: [] };
}

function driverFrom(nvidia: NvidiaProbeResult | null, windows: WindowsVideoController[]): DriverInfo | null {
  const snapshot = nvidia?.snapshot;
  const kernelModule = nvidia?.kernelModule ?? null;
  const withModule = (info: DriverInfo): DriverInfo => (kernelModule ? { ...info, kernelModule: kernelModule.kernelModule } : info);
  if (snapshot?.driverVersion) return withModule({ version: snapshot.driverVersion, cudaVersion: snapshot.cudaVersion, source: 'nvidia-smi' });
  if (nvidia?.moduleVersion) return withModule({ version: nvidia.moduleVersion, cudaVersion: null, source: '/sys/module/nvidia/version' });
  if (kernelModule) return withModule({ version: kernelModule.version, cudaVersion: null, source: '/proc/driver/nvidia/version' });
  const fromWindows = windows.find((controller) => controller.nvidiaDriverVersion)?.nvidiaDriverVersion;
  if (fromWindows) return { version: fromWindows, cudaVersion: null, source: 'Win32_VideoController' };
  return null;
}

function loadGpuRows(say: DetectSay, warnings: string[]) {
  try {
    return loadDataTable('gpus', gpuTableSchema).gpus;
  } catch (error) {
    warnings.push(say('probe.gpuSpecsMissing', { error: error instanceof Error ? error.message : String(error) }));
    return [];
  }
}

/** data/nvidia-devices.json (every NVIDIA device id of pci.ids); null, with a warning, when it cannot be read. */
function loadNvidiaDevices(say: DetectSay, warnings: string[]): NvidiaDeviceTable | null {
  try {
    return loadDataTable('nvidia-devices', nvidiaDeviceTableSchema);
  } catch (error) {
    warnings.push(say('probe.gpuSpecsMissing', { error: error instanceof Error ? error.message : String(error) }));
    return null;
  }
}

/** data/amd-devices.json (AMD GPU device ids -> gfx target); null, with a warning, when it cannot be read. */
function loadAmdDevices(say: DetectSay, warnings: string[]): AmdDeviceTable | null {
  try {
    return loadDataTable('amd-devices', amdDeviceTableSchema);
  } catch (error) {
    warnings.push(say('probe.gpuSpecsMissing', { error: error instanceof Error ? error.message : String(error) }));
    return null;
  }
}

/**
 * The whole picture of this machine (issue 3): every probe runs in parallel with its own budget; whatever fails
 * becomes a warning and the report is still complete in shape.
 */
export async function detectHardware(options: DetectOptions = {}): Promise<HardwareReport> {
  const started = performance.now();
  const warnings: string[] = [];
  const platform = options.platform ?? process.platform;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const say = detectText(options.locale);
  const context: ProbeContext = { platform, quick: Boolean(options.quick), timeoutMs, env: process.env, warn: (message) => warnings.push(message), locale: options.locale };
  const budget = timeoutMs * 3;
  const emptyCpu: CpuInfo = { model: 'unknown', cores: os.cpus().length, memoryBytes: os.totalmem() };

  const [osInfo, cpu, pci, nvidia, amd, apple, windows, toolkitResult, loaderCudnn, pythonResult] = await Promise.all([
    settle(say, 'OS', budget, warnings, fallbackOs(platform), () => probeOs(context)),
    settle(say, 'CPU', budget, warnings, emptyCpu, () => probeCpu(context)),
    settle(say, 'PCI', budget, warnings, [] as PciDisplayDevice[], () => probePci(context)),
    settle(say, 'NVIDIA', budget, warnings, null as NvidiaProbeResult | null, () => probeNvidia(context)),
    settle(say, 'AMD', budget, warnings, null as AmdProbeResult | null, () => probeAmd(context)),
    settle(say, 'Apple', budget, warnings, null as AppleProbeResult | null, () => probeApple(context)),
    settle(say, 'Windows', budget, warnings, [] as WindowsVideoController[], () => probeWindows(context)),
    settle(say, 'CUDA Toolkit', budget, warnings, { toolkits: [], nvccOnPath: null, locations: {} } as ToolkitProbeResult, () => probeCudaToolkits(context)),
    settle(say, 'cuDNN', budget, warnings, [] as CudnnInstall[], () => probeLdconfigCudnn(context)),
    context.quick ? Promise.resolve(NO_PYTHONS) : settle(say, 'Python', budget, warnings, NO_PYTHONS, () => probePythons(context)),
  ]);
  const pythons = pythonResult.pythons;

  // The conda the install's python-env step would run: a conda plan without one says so (shared/plan/condaPrerequisite).
  const condaCommand = await findConda(context.env, sysrootPath, context.platform);
  const toolkits = [...toolkitResult.toolkits, ...(await settle(say, 'Python CUDA Toolkit', budget, warnings, [], () => toolkitsInPythonEnvs(pythons)))];
  const cudnn = await settle(say, 'cuDNN', budget, warnings, loaderCudnn, () => collectCudnn(toolkits, pythons, loaderCudnn));
  const merged = mergeGpus({ pci, nvidia, amd, apple, windows });
  // No GPU, nothing to enrich: the spec table is not read (a start-up cost of every `dlsetup detect`).
  const withNvidia = merged.gpus.some((gpu) => gpu.vendor === 'nvidia') ? enrichNvidiaDevices(merged.gpus, loadNvidiaDevices(say, warnings)) : merged.gpus;
  const identified = withNvidia.some((gpu) => gpu.vendor === 'amd') ? enrichAmdDevices(withNvidia, loadAmdDevices(say, warnings)) : withNvidia;
  const gpus = identified.length ? enrichGpuSpecs(identified, loadGpuRows(say, warnings)) : identified;
  const driver = driverFrom(nvidia, windows);
  const hasNvidiaGpu = gpus.some((gpu) => gpu.vendor === 'nvidia');
  // ROCm is there when one of its tools answered with a GPU: the machine screen says so instead of "no driver".
  const rocmTools = [amd?.amdSmi?.length ? 'amd-smi' : '', amd?.rocmSmi?.gpus.length ? 'rocm-smi' : '', amd?.gfxTargets.some((gfx) => gfx !== 'gfx000') ? 'rocm_agent_enumerator' : ''].filter(Boolean);
  const rocm = await settle(say, 'ROCm', budget, warnings, null, () => probeRocmVersion(context, Boolean(amd?.amdSmi?.length)));

  const findings: Finding[] = [];
  if (nvidia?.error) findings.push({ code: nvidia.error.code, message: say(NVIDIA_SMI_ERROR_TEXT[nvidia.error.code]), severity: 'error' });
  const smiDriver = nvidia?.snapshot?.driverVersion;
  const moduleDriver = nvidia?.moduleVersion ?? nvidia?.kernelModule?.version;
  if (!nvidia?.error && smiDriver && moduleDriver && smiDriver !== moduleDriver) {
    findings.push({
      code: 'DRIVER_LIBRARY_MISMATCH',
      severity: 'error',
      message: say('finding.driverLibraryMismatch', { module: moduleDriver, library: smiDriver }),
    });
  }
  if (hasNvidiaGpu && !driver && !nvidia?.error) {
    findings.push({ code: 'NVIDIA_DRIVER_MISSING', severity: 'warning', message: say('finding.nvidiaDriverMissing') });
  }
  if (hasNvidiaGpu && osInfo.nouveauLoaded) {
    findings.push({ code: 'NOUVEAU_LOADED', severity: 'warning', message: say('finding.nouveauLoaded') });
  }
  if (hasNvidiaGpu && !driver && osInfo.secureBoot === 'enabled') {
    findings.push({ code: 'SECURE_BOOT_ENABLED', severity: 'info', message: say('finding.secureBootEnabled') });
  }
  if (osInfo.wsl && osInfo.wslDriverDir === null) {
    findings.push({ code: 'WSL_DRIVER_MISSING', severity: 'warning', message: say('finding.wslDriverMissing') });
  }
  if (gpus.length === 0) findings.push({ code: 'NO_GPU_FOUND', severity: 'info', message: say('finding.noGpuFound') });
  const explained = explainCudaVersions(driver, toolkits, hasNvidiaGpu, options.locale);
  findings.push(...explained.findings);
  findings.push(...toolkitGpuFindings(toolkits, gpus, say));
  await saveProbeRunCache();

  return {
    os: osInfo,
    cpu,
    gpus,
    displayAdapters: merged.displayAdapters,
    driver,
    cudaToolkits: toolkits,
    cudnn,
    pythons,
    ...(pythonResult.notChecked.length > 0 ? { pythonsNotChecked: pythonResult.notChecked } : {}),
    condaCommand,
    findings,
    warnings,
    durationMs: Math.round(performance.now() - started),
    cudaSummary: explained.summary,
    ...(rocmTools.length > 0 ? { rocmTools } : {}),
    ...(rocm ? { rocm } : {}),
  };
}
