import type { Locale } from '../../shared/i18n/localize.js';
import { distroName } from '../../shared/text/distroName.js';
import { formatBytes } from '../../shared/text/formatBytes.js';
import { formatTable } from '../../shared/text/terminalTable.js';
import { terminalStyle, type TerminalStyle } from '../../shared/text/terminalStyle.js';
import { vendorName } from '../../shared/text/vendorName.js';
import type { CudnnInstall, Finding, HardwareReport, PythonEnv } from '../../shared/types/hardware.js';
import { amdSummaryLines } from './amdSummaryLines.js';
import { detectSummaryText } from './detectSummaryText.js';
import { ALL_FRAMEWORK_SPECS } from '../../shared/frameworks/registry.js';

type SummarySay = ReturnType<typeof detectSummaryText>;

/** Memory (RAM) in GiB, as memory is sized; disk space goes through formatBytes like every download. */
function gib(bytes: number): string {
  return `${(bytes / 1024 ** 3).toFixed(1)} GiB`;
}

function mib(value: number | undefined): string {
  if (value === undefined) return '-';
  return value >= 1024 ? `${(value / 1024).toFixed(value % 1024 === 0 ? 0 : 1)} GiB` : `${value} MiB`;
}

/** How detection found a cuDNN, in words: the report's source is an id ("header", "toolkit lib", "pip <dist> (<env>)"). */
function cudnnSource(install: CudnnInstall, say: SummarySay): string {
  if (install.source === 'header') return say('cudnnSource.header');
  if (install.source === 'ldconfig') return say('cudnnSource.ldconfig');
  if (install.source === 'toolkit lib') return say('cudnnSource.toolkitLib');
  const pip = /^pip (\S+) \((.+)\)$/.exec(install.source);
  return pip ? say('cudnnSource.pip', { package: pip[1]!, env: pip[2]! }) : install.source;
}

const PYTHON_KINDS = ['system', 'pyenv', 'conda', 'venv', 'dlsetup'] as const;

function pythonKind(env: PythonEnv, say: SummarySay): string {
  const kind = PYTHON_KINDS.find((known) => known === env.kind);
  return kind ? say(`pythonKind.${kind}`) : env.kind;
}

function findingLine(finding: Finding, style: TerminalStyle, say: SummarySay): string {
  const tag =
    finding.severity === 'error' ? style.red(say('severity.error')) : finding.severity === 'info' ? style.dim(say('severity.info')) : style.yellow(say('severity.warning'));
  // The code in brackets after the sentence, as every error line shows it.
  return `  ${tag} ${finding.message} [${finding.code}]`;
}

/**
 * The readable `dlsetup detect` summary: short tables per area, then findings and warnings; ANSI colour only on
 * request. Labels are in `locale` (English by default); names, versions, paths and codes stay as detected.
 */
export function formatHardwareSummary(report: HardwareReport, options: { color: boolean; locale?: Locale }): string {
  const style = terminalStyle(options.color);
  const say = detectSummaryText(options.locale);
  const list = (items: string[]) => items.join(say('list.separator'));
  const out: string[] = [];
  const { os } = report;
  const osName = [os.distro ? distroName(os.distro) : null, os.version].filter(Boolean).join(' ') || os.platform;
  const secureBoot = os.secureBoot === 'enabled' ? say('system.secureBootEnabled') : os.secureBoot === 'disabled' ? say('system.secureBootDisabled') : null;
  const flags = list([os.wsl ? 'WSL2' : null, os.container ? say('system.container') : null, secureBoot].filter((flag): flag is string => Boolean(flag)));
  out.push(style.bold(say('section.system')));
  out.push(`  ${osName} (${os.platform}, ${os.arch}${os.kernel ? `, ${say('system.kernel', { version: os.kernel })}` : ''})${flags ? ` — ${flags}` : ''}`);
  out.push(`  ${say('system.cpu', { model: report.cpu.model, threads: report.cpu.cores, memory: gib(report.cpu.memoryBytes) })}`);
  if (os.disks.length > 0) out.push(`  ${say('system.freeDisk', { disks: list(os.disks.map((disk) => `${disk.path} ${formatBytes(disk.freeBytes)}`)) })}`);
  out.push('');
  out.push(style.bold(say('section.gpus', { count: report.gpus.length })));
  if (report.gpus.length === 0) out.push(`  ${say('gpus.none')}`);
  else {
    out.push(
      ...formatTable(
        ['#', say('gpuTable.vendor'), say('gpuTable.name'), say('gpuTable.memory'), say('gpuTable.computeCapability'), say('gpuTable.architecture')],
        report.gpus.map((gpu, at) => [
          String(gpu.index ?? at),
          vendorName(gpu.vendor),
          gpu.name + (gpu.migEnabled ? say('gpu.mig', { count: gpu.migDevices ?? 0 }) : '') + (gpu.virtualization === 'vgpu' ? say('gpu.vgpu') : ''),
          gpu.integrated && gpu.memoryMiB === undefined ? say('gpu.sharedMemory') : mib(gpu.memoryMiB),
          gpu.computeCapability ?? gpu.gfxArch ?? '-',
          gpu.architecture ?? '-',
        ]),
        style,
      ),
    );
  }
  const virtualAdapters = report.displayAdapters.filter((adapter) => adapter.virtual);
  if (virtualAdapters.length > 0) {
    out.push(style.dim(`  ${say('gpus.notCounted', { adapters: list(virtualAdapters.map((adapter) => adapter.name || `${adapter.vendorId}:${adapter.deviceId}`)) })}`));
  }
  // An AMD GPU is reached through amdgpu and ROCm, not the NVIDIA driver below: say which of them are there.
  out.push(...amdSummaryLines(report, say));
  out.push('');
  out.push(style.bold(say('section.nvidia')));
  const driver = report.driver;
  const driverText = !driver
    ? style.yellow(say('driver.notInstalled'))
    : driver.kernelModule === 'open'
      ? say('driver.openModule', { version: driver.version })
      : driver.kernelModule === 'proprietary'
        ? say('driver.proprietaryModule', { version: driver.version })
        : driver.version;
  out.push(`  ${say('driver.line', { driver: driverText })}`);
  if (report.cudaSummary) {
    const verdict = report.cudaSummary.compatible === false ? style.red(report.cudaSummary.message) : report.cudaSummary.compatible ? style.green(report.cudaSummary.message) : report.cudaSummary.message;
    out.push(`  ${verdict}`);
  }
  if (report.cudaToolkits.length > 0) {
    out.push(
      ...formatTable(
        [say('toolkitTable.toolkit'), say('toolkitTable.path'), say('toolkitTable.active'), say('toolkitTable.nvccRuns')],
        report.cudaToolkits.map((toolkit) => [toolkit.version, toolkit.path, toolkit.active ? say('yes') : '', toolkit.nvccRuns === undefined ? '?' : toolkit.nvccRuns ? say('yes') : say('no')]),
        style,
      ),
    );
  }
  if (report.cudnn.length > 0) {
    out.push(...formatTable(['cuDNN', say('cudnnTable.where'), say('cudnnTable.foundBy')], report.cudnn.map((install) => [install.version, install.path, cudnnSource(install, say)]), style));
  } else out.push(`  ${say('cudnn.none')}`);
  out.push('');
  out.push(style.bold(say('section.python', { count: report.pythons.length })));
  if (report.pythons.length > 0) {
    out.push(
      ...formatTable(
        [say('pythonTable.version'), say('pythonTable.kind'), say('pythonTable.path'), say('pythonTable.frameworks')],
        report.pythons.map((env) => [
          env.version,
          pythonKind(env, say),
          env.path,
          ALL_FRAMEWORK_SPECS.map((spec) => spec.primaryPackage).filter((name) => env.packages[name]).map((name) => `${name} ${env.packages[name]}`).join(', ') || '-',
        ]),
        style,
      ),
    );
  }
  if (report.findings.length > 0) {
    out.push('');
    out.push(style.bold(say('section.findings')));
    out.push(...report.findings.map((finding) => findingLine(finding, style, say)));
  }
  if (report.warnings.length > 0) {
    out.push('');
    out.push(style.bold(say('section.warnings')));
    out.push(...report.warnings.map((warning) => `  ${style.yellow('!')} ${warning}`));
  }
  out.push('');
  out.push(style.dim(say('detectedIn', { ms: report.durationMs })));
  return `${out.join('\n')}\n`;
}
