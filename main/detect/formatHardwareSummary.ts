import type { Finding, HardwareReport } from '../../shared/types/hardware.js';

interface Style {
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
  green(text: string): string;
}

function styleFor(color: boolean): Style {
  const wrap = (code: string) => (text: string) => (color ? `\u001b[${code}m${text}\u001b[0m` : text);
  return { bold: wrap('1'), dim: wrap('2'), red: wrap('31'), yellow: wrap('33'), green: wrap('32') };
}

/** Column widths come from the plain text, so colour codes never skew the table. */
function table(headers: string[], rows: string[][], style: Style): string[] {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd();
  return [style.bold(line(headers)), ...rows.map(line)].map((text) => `  ${text}`);
}

function gib(bytes: number): string {
  return `${(bytes / 1024 ** 3).toFixed(1)} GiB`;
}

function mib(value: number | undefined): string {
  if (value === undefined) return '-';
  return value >= 1024 ? `${(value / 1024).toFixed(value % 1024 === 0 ? 0 : 1)} GiB` : `${value} MiB`;
}

function findingLine(finding: Finding, style: Style): string {
  const tag = finding.severity === 'error' ? style.red('error') : finding.severity === 'info' ? style.dim('info') : style.yellow('warning');
  return `  ${tag} ${finding.code}: ${finding.message}`;
}

/** The readable `dlsetup detect` summary: short tables per area, then findings and warnings; ANSI colour only on request. */
export function formatHardwareSummary(report: HardwareReport, options: { color: boolean }): string {
  const style = styleFor(options.color);
  const out: string[] = [];
  const { os } = report;
  const osName = [os.distro, os.version].filter(Boolean).join(' ') || os.platform;
  const flags = [os.wsl ? 'WSL2' : null, os.container ? 'container' : null, os.secureBoot !== 'unknown' ? `Secure Boot ${os.secureBoot}` : null].filter(Boolean).join(', ');
  out.push(style.bold('System'));
  out.push(`  ${osName} (${os.platform}, ${os.arch}${os.kernel ? `, kernel ${os.kernel}` : ''})${flags ? ` — ${flags}` : ''}`);
  out.push(`  CPU: ${report.cpu.model}, ${report.cpu.cores} threads, ${gib(report.cpu.memoryBytes)} RAM`);
  if (os.disks.length > 0) out.push(`  Free disk: ${os.disks.map((disk) => `${disk.path} ${gib(disk.freeBytes)}`).join(', ')}`);
  out.push('');
  out.push(style.bold(`GPUs (${report.gpus.length})`));
  if (report.gpus.length === 0) out.push('  none found');
  else {
    out.push(
      ...table(
        ['#', 'Vendor', 'Name', 'Memory', 'Compute cap.', 'Architecture'],
        report.gpus.map((gpu, at) => [
          String(gpu.index ?? at),
          gpu.vendor,
          gpu.name + (gpu.migEnabled ? ` (MIG, ${gpu.migDevices ?? 0} instances)` : '') + (gpu.virtualization === 'vgpu' ? ' (vGPU)' : ''),
          gpu.integrated && gpu.memoryMiB === undefined ? 'shared' : mib(gpu.memoryMiB),
          gpu.computeCapability ?? gpu.gfxArch ?? '-',
          gpu.architecture ?? '-',
        ]),
        style,
      ),
    );
  }
  const virtualAdapters = report.displayAdapters.filter((adapter) => adapter.virtual);
  if (virtualAdapters.length > 0) out.push(style.dim(`  (not counted: ${virtualAdapters.map((adapter) => adapter.name || `${adapter.vendorId}:${adapter.deviceId}`).join(', ')})`));
  out.push('');
  out.push(style.bold('NVIDIA driver and CUDA'));
  out.push(`  Driver: ${report.driver ? `${report.driver.version}${report.driver.kernelModule ? ` (${report.driver.kernelModule} kernel module)` : ''}` : style.yellow('not installed')}`);
  if (report.cudaSummary) {
    const verdict = report.cudaSummary.compatible === false ? style.red(report.cudaSummary.message) : report.cudaSummary.compatible ? style.green(report.cudaSummary.message) : report.cudaSummary.message;
    out.push(`  ${verdict}`);
  }
  if (report.cudaToolkits.length > 0) {
    out.push(
      ...table(
        ['Toolkit', 'Path', 'Active', 'nvcc runs'],
        report.cudaToolkits.map((toolkit) => [toolkit.version, toolkit.path, toolkit.active ? 'yes' : '', toolkit.nvccRuns === undefined ? '?' : toolkit.nvccRuns ? 'yes' : 'no']),
        style,
      ),
    );
  }
  if (report.cudnn.length > 0) out.push(...table(['cuDNN', 'Where', 'Found by'], report.cudnn.map((install) => [install.version, install.path, install.source]), style));
  else out.push('  cuDNN: none found');
  out.push('');
  out.push(style.bold(`Python (${report.pythons.length})`));
  if (report.pythons.length > 0) {
    out.push(
      ...table(
        ['Version', 'Kind', 'Path', 'Frameworks'],
        report.pythons.map((env) => [
          env.version,
          env.kind,
          env.path,
          ['torch', 'tensorflow', 'jax'].filter((name) => env.packages[name]).map((name) => `${name} ${env.packages[name]}`).join(', ') || '-',
        ]),
        style,
      ),
    );
  }
  if (report.findings.length > 0) {
    out.push('');
    out.push(style.bold('Findings'));
    out.push(...report.findings.map((finding) => findingLine(finding, style)));
  }
  if (report.warnings.length > 0) {
    out.push('');
    out.push(style.bold('Warnings'));
    out.push(...report.warnings.map((warning) => `  ${style.yellow('!')} ${warning}`));
  }
  out.push('');
  out.push(style.dim(`Detected in ${report.durationMs} ms.`));
  return `${out.join('\n')}\n`;
}
