import os from 'node:os';
import type { CpuInfo, CudnnInstall, DriverInfo, Finding, HardwareReport, OsInfo, PythonEnv } from '../../shared/types/hardware.js';
import type { GpuTable } from '../../shared/gpus/lookupGpu.js';
import { loadDataTable } from '../data/loadDataTable.js';
import { enrichGpuSpecs } from './enrichGpuSpecs.js';
import { explainCudaVersions } from './explainCudaVersions.js';
import { mergeGpus } from './mergeGpus.js';
import type { ProbeContext } from './probeContext.js';
import { probeAmd, type AmdProbeResult } from './probes/probeAmd.js';
import { probeApple, type AppleProbeResult } from './probes/probeApple.js';
import { probeCpu } from './probes/probeCpu.js';
import { probeCudaToolkits, toolkitsInPythonEnvs, type ToolkitProbeResult } from './probes/probeCudaToolkits.js';
import { collectCudnn, probeLdconfigCudnn } from './probes/probeCudnn.js';
import { probeNvidia, type NvidiaProbeResult } from './probes/probeNvidia.js';
import { archName, probeOs } from './probes/probeOs.js';
import { probePci, type PciDisplayDevice } from './probes/probePci.js';
import { probePythons } from './probes/probePythons.js';
import { probeWindows } from './probes/probeWindows.js';
import type { WindowsVideoController } from './parsers/parseWindowsVideoControllers.js';

export interface DetectOptions {
  /** Skip the slower probes (Python environments, running each nvcc) for a quick first screen. */
  quick?: boolean;
  /** Budget for each external command; a probe gets a few of these before it is given up. */
  timeoutMs?: number;
  /** Probe as if on this platform (tests of the Windows and macOS paths); defaults to process.platform. */
  platform?: NodeJS.Platform;
}

const DEFAULT_TIMEOUT_MS = 5000;

/** Runs one probe; a throw or a hang becomes a warning and the fallback value, never a failed report. */
async function settle<T>(name: string, budgetMs: number, warnings: string[], fallback: T, run: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => {
      warnings.push(`The ${name} probe did not finish within ${Math.round(budgetMs / 1000)} s; its facts are missing from this report.`);
      resolve(fallback);
    }, budgetMs);
    timer.unref();
  });
  try {
    return await Promise.race([
      run().catch((error: unknown) => {
        warnings.push(`The ${name} probe failed (${error instanceof Error ? error.message : String(error)}); its facts are missing from this report.`);
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

function loadGpuRows(warnings: string[]) {
  try {
    return loadDataTable<GpuTable>('gpus').gpus;
  } catch (error) {
    warnings.push(`GPU specs are missing from this report: ${error instanceof Error ? error.message : String(error)}`);
    return [];
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
  const context: ProbeContext = { platform, quick: Boolean(options.quick), timeoutMs, env: process.env, warn: (message) => warnings.push(message) };
  const budget = timeoutMs * 3;
  const emptyCpu: CpuInfo = { model: 'unknown', cores: os.cpus().length, memoryBytes: os.totalmem() };

  const [osInfo, cpu, pci, nvidia, amd, apple, windows, toolkitResult, loaderCudnn, pythons] = await Promise.all([
    settle('OS', budget, warnings, fallbackOs(platform), () => probeOs(context)),
    settle('CPU', budget, warnings, emptyCpu, () => probeCpu(context)),
    settle('PCI', budget, warnings, [] as PciDisplayDevice[], () => probePci(context)),
    settle('NVIDIA', budget, warnings, null as NvidiaProbeResult | null, () => probeNvidia(context)),
    settle('AMD', budget, warnings, null as AmdProbeResult | null, () => probeAmd(context)),
    settle('Apple', budget, warnings, null as AppleProbeResult | null, () => probeApple(context)),
    settle('Windows', budget, warnings, [] as WindowsVideoController[], () => probeWindows(context)),
    settle('CUDA Toolkit', budget, warnings, { toolkits: [], nvccOnPath: null } as ToolkitProbeResult, () => probeCudaToolkits(context)),
    settle('cuDNN', budget, warnings, [] as CudnnInstall[], () => probeLdconfigCudnn(context)),
    context.quick ? Promise.resolve([] as PythonEnv[]) : settle('Python', budget, warnings, [] as PythonEnv[], () => probePythons(context)),
  ]);

  const toolkits = [...toolkitResult.toolkits, ...(await settle('Python CUDA Toolkit', budget, warnings, [], () => toolkitsInPythonEnvs(pythons)))];
  const cudnn = await settle('cuDNN', budget, warnings, loaderCudnn, () => collectCudnn(toolkits, pythons, loaderCudnn));
  const merged = mergeGpus({ pci, nvidia, amd, apple, windows });
  const gpus = enrichGpuSpecs(merged.gpus, loadGpuRows(warnings));
  const driver = driverFrom(nvidia, windows);
  const hasNvidiaGpu = gpus.some((gpu) => gpu.vendor === 'nvidia');

  const findings: Finding[] = [];
  if (nvidia?.error) findings.push({ code: nvidia.error.code, message: nvidia.error.message, severity: 'error' });
  const smiDriver = nvidia?.snapshot?.driverVersion;
  const moduleDriver = nvidia?.moduleVersion ?? nvidia?.kernelModule?.version;
  if (!nvidia?.error && smiDriver && moduleDriver && smiDriver !== moduleDriver) {
    findings.push({
      code: 'DRIVER_LIBRARY_MISMATCH',
      severity: 'error',
      message: `The loaded NVIDIA kernel module is ${moduleDriver} but the driver library is ${smiDriver}, usually after a driver update. Reboot to load the new module.`,
    });
  }
  if (hasNvidiaGpu && !driver && !nvidia?.error) {
    findings.push({ code: 'NVIDIA_DRIVER_MISSING', severity: 'warning', message: 'An NVIDIA GPU is installed but no NVIDIA driver is loaded; DL Setup can install one.' });
  }
  if (hasNvidiaGpu && osInfo.nouveauLoaded) {
    findings.push({ code: 'NOUVEAU_LOADED', severity: 'warning', message: 'The open-source nouveau driver is loaded; it must be disabled (blacklisted) before the NVIDIA driver can load.' });
  }
  if (hasNvidiaGpu && !driver && osInfo.secureBoot === 'enabled') {
    findings.push({ code: 'SECURE_BOOT_ENABLED', severity: 'info', message: 'Secure Boot is on: the NVIDIA kernel module must be signed and its key enrolled (MOK) during the driver install, or it will not load.' });
  }
  if (osInfo.wsl && osInfo.wslDriverDir === null) {
    findings.push({ code: 'WSL_DRIVER_MISSING', severity: 'warning', message: 'This is WSL2 but /usr/lib/wsl/lib is missing: install the NVIDIA driver on Windows (not inside WSL) and restart WSL.' });
  }
  if (gpus.length === 0) findings.push({ code: 'NO_GPU_FOUND', severity: 'info', message: 'No GPU was found; frameworks will run on the CPU only.' });
  const explained = explainCudaVersions(driver, toolkits, hasNvidiaGpu);
  findings.push(...explained.findings);

  return {
    os: osInfo,
    cpu,
    gpus,
    displayAdapters: merged.displayAdapters,
    driver,
    cudaToolkits: toolkits,
    cudnn,
    pythons,
    findings,
    warnings,
    durationMs: Math.round(performance.now() - started),
    cudaSummary: explained.summary,
  };
}
