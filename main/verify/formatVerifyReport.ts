import type { MatmulResult, VerifyCheck, VerifyComparison, VerifyReport } from '../../shared/types/verify.js';

export interface FormatOptions {
  color?: boolean;
}

type Paint = (code: string, text: string) => string;

function painter(color: boolean | undefined): Paint {
  return color ? (code, text) => `\u001b[${code}m${text}\u001b[0m` : (_code, text) => text;
}

/** "790.1 TFLOP/s" on a GPU, "5.2 GFLOP/s (CPU)" for the CPU reference. */
export function formatThroughput(entry: MatmulResult): string {
  if (entry.device === 'cpu') return `${(entry.gflops ?? entry.tflops * 1000).toFixed(1)} GFLOP/s (CPU)`;
  return `${entry.tflops.toFixed(1)} TFLOP/s`;
}

export function formatEfficiency(entry: MatmulResult): string | null {
  if (entry.efficiency === undefined || entry.peakTflops === undefined) return null;
  return `${Math.round(entry.efficiency * 100)} % of ${entry.peakTflops} TFLOP/s spec peak`;
}

const MARK: Record<VerifyCheck['status'], [string, string]> = { pass: ['32', 'PASS'], fail: ['31', 'FAIL'], skip: ['33', 'SKIP'] };

/** The CLI's text output of `dlsetup verify`. */
export function formatVerifyReport(report: VerifyReport, options: FormatOptions = {}): string {
  const paint = painter(options.color);
  const out: string[] = [];
  out.push(paint('1', `DL Setup verification, ${report.createdAt}${report.quick ? ' (quick)' : ''}`));
  const fw = report.framework;
  if (report.python) out.push(`  Python     ${report.python.path}${report.python.version ? ` (${report.python.version})` : ''}`);
  out.push(
    `  Framework  ${fw ? `${fw.name} ${fw.version} (CUDA ${fw.build.cuda ?? fw.build.rocm ?? 'none'}, cuDNN ${fw.build.cudnn ?? 'none'})` : 'none found'}`,
  );
  out.push(`  GPUs       ${report.devices.length ? report.devices.map((d) => `${d.name}${d.computeCapability ? ` (compute capability ${d.computeCapability})` : ''}${d.memoryMiB ? `, ${d.memoryMiB} MiB` : ''}`).join('; ') : 'none usable'}`);
  out.push(`  Driver     ${report.fingerprint.driver ?? 'not found'}`);
  if (report.toolkit) out.push(`  Toolkit    nvcc ${report.toolkit.version ?? 'unknown'} (${report.toolkit.nvcc ?? '?'})`);
  if (report.spec) out.push(`  Spec       ${report.spec.name} (data/gpus.json)`);

  out.push('', paint('1', 'Checks'));
  const skipsByReason = new Map<string, string[]>();
  for (const check of report.checks) {
    if (check.status === 'skip') {
      const reason = check.reason ?? 'skipped';
      skipsByReason.set(reason, [...(skipsByReason.get(reason) ?? []), check.id]);
      continue;
    }
    const [code, label] = MARK[check.status];
    out.push(`  ${paint(code, label)}  ${check.id}${check.code ? `  [${check.code}]` : ''}`);
    if (check.reason) out.push(`        ${check.reason}`);
  }
  for (const [reason, ids] of skipsByReason) {
    out.push(`  ${paint(MARK.skip[0], MARK.skip[1])}  ${ids.join(', ')}`);
    out.push(`        ${reason}`);
  }

  if (report.matmul.length > 0) {
    out.push('', paint('1', 'Matmul throughput'));
    for (const entry of report.matmul) {
      const efficiency = formatEfficiency(entry);
      out.push(`  ${entry.dtype.padEnd(5)} ${formatThroughput(entry).padStart(22)}${efficiency ? `  ${efficiency}` : ''}${entry.n ? `  (${entry.n}x${entry.n})` : ''}`);
    }
  }
  if (report.bandwidth) {
    const b = report.bandwidth;
    out.push(`  copy  ${`${Math.round(b.gbs)} GB/s`.padStart(22)}${b.efficiency !== undefined ? `  ${Math.round(b.efficiency * 100)} % of ${b.peakGBs} GB/s spec` : ''}`);
  }
  const measured = (report.tuning ?? []).filter((entry) => entry.speedup);
  if (measured.length > 0) {
    out.push('', paint('1', 'Tuning (measured on this GPU)'));
    for (const entry of measured) out.push(`  ${entry.label}: ${entry.speedup!.toFixed(2)}x  (${entry.setting ?? ''})`);
  }
  for (const finding of report.findings ?? []) {
    out.push('', paint('31;1', `Finding: ${finding.message}`));
    for (const cause of finding.likelyCauses.slice(0, 5)) out.push(`  - ${cause}`);
  }
  if ((report.advice ?? []).length > 0) {
    out.push('', paint('1', 'Advice'));
    for (const line of report.advice ?? []) out.push(`  - ${line}`);
  }
  for (const warning of report.warnings ?? []) out.push('', paint('33', `Warning: ${warning}`));
  const s = report.summary;
  out.push('', `Summary: ${paint('32', `${s.passed} passed`)}, ${paint(s.failed ? '31' : '32', `${s.failed} failed`)}, ${s.skipped} skipped.`);
  return `${out.join('\n')}\n`;
}

/** The CLI's text output of `dlsetup verify --compare`. */
export function formatComparison(comparison: VerifyComparison, options: FormatOptions = {}): string {
  const paint = painter(options.color);
  if (!comparison.previousCreatedAt) return 'No earlier report to compare with; this run is now the baseline.\n';
  const out = [paint('1', `Changes since ${comparison.previousCreatedAt}`)];
  if (comparison.changes.length === 0) out.push('  Nothing changed.');
  for (const change of comparison.changes) {
    const code = change.direction === 'better' ? '32' : change.direction === 'worse' ? '31' : '33';
    out.push(`  ${paint(code, change.subject)}: ${change.before ?? '(none)'} -> ${change.after ?? '(none)'}`);
  }
  const deltas = comparison.matmulDeltas.filter((delta) => delta.deltaPercent !== null);
  if (deltas.length > 0) {
    out.push(paint('1', 'Matmul TFLOP/s'));
    for (const delta of deltas) {
      const sign = delta.deltaPercent! > 0 ? '+' : '';
      out.push(`  ${delta.dtype.padEnd(10)} ${delta.before} -> ${delta.after}  (${sign}${delta.deltaPercent} %)`);
    }
  }
  return `${out.join('\n')}\n`;
}
