import type { Locale } from '../../shared/i18n/localize.js';
import { displayWidth, padEndToWidth } from '../../shared/text/displayWidth.js';
import { terminalStyle, type TerminalStyle } from '../../shared/text/terminalStyle.js';
import type { MatmulResult, VerifyCheck, VerifyComparison, VerifyReport } from '../../shared/types/verify.js';
import { verifyReportText } from './verifyReportText.js';

export interface FormatOptions {
  color?: boolean;
  /** The language of the labels (English by default); the report's own sentences are in the locale it was made in. */
  locale?: Locale;
}

/** "790.1 TFLOP/s" on a GPU, "5.2 GFLOP/s (CPU)" for the CPU reference. */
export function formatThroughput(entry: MatmulResult): string {
  if (entry.device === 'cpu') return `${(entry.gflops ?? entry.tflops * 1000).toFixed(1)} GFLOP/s (CPU)`;
  return `${entry.tflops.toFixed(1)} TFLOP/s`;
}

export function formatEfficiency(entry: MatmulResult, locale?: Locale): string | null {
  if (entry.efficiency === undefined || entry.peakTflops === undefined) return null;
  return verifyReportText(locale)('efficiency', { percent: Math.round(entry.efficiency * 100), peak: entry.peakTflops });
}

const MARK_STYLE: Record<VerifyCheck['status'], keyof TerminalStyle> = { pass: 'green', fail: 'red', skip: 'yellow' };

/** The CLI's text output of `dlsetup verify`. */
export function formatVerifyReport(report: VerifyReport, options: FormatOptions = {}): string {
  const style = terminalStyle(options.color);
  const say = verifyReportText(options.locale);
  const mark = (status: VerifyCheck['status']) => style[MARK_STYLE[status]](say(`mark.${status}`));
  const labelKeys = ['label.python', 'label.framework', 'label.gpus', 'label.driver', 'label.toolkit', 'label.spec'] as const;
  // One label column for every row, whichever rows this report has.
  const labelWidth = Math.max(...labelKeys.map((key) => displayWidth(say(key)))) + 2;
  const row = (key: (typeof labelKeys)[number], value: string) => `  ${padEndToWidth(say(key), labelWidth)}${value}`;
  const out: string[] = [];
  out.push(style.bold(`${say('title', { createdAt: report.createdAt })}${report.quick ? say('quick') : ''}`));
  const fw = report.framework;
  if (report.python) out.push(row('label.python', `${report.python.path}${report.python.version ? ` (${report.python.version})` : ''}`));
  out.push(
    row(
      'label.framework',
      fw ? say('framework.value', { name: fw.name, version: fw.version, cuda: fw.build.cuda ?? fw.build.rocm ?? say('none'), cudnn: fw.build.cudnn ?? say('none') }) : say('noneFound'),
    ),
  );
  const devices = report.devices.map(
    (d) => `${d.name}${d.computeCapability ? say('gpu.computeCapability', { cc: d.computeCapability }) : ''}${d.memoryMiB ? say('gpu.memory', { mib: d.memoryMiB }) : ''}`,
  );
  out.push(row('label.gpus', devices.length ? devices.join(say('list.separator')) : say('noneUsable')));
  out.push(row('label.driver', report.fingerprint.driver ?? say('notFound')));
  if (report.toolkit) out.push(row('label.toolkit', `nvcc ${report.toolkit.version ?? say('unknown')} (${report.toolkit.nvcc ?? '?'})`));
  if (report.spec) out.push(row('label.spec', say('spec.value', { name: report.spec.name })));

  out.push('', style.bold(say('section.checks')));
  // Checks start after the widest mark, so a Chinese mark (two columns a character) lines up too.
  const markWidth = Math.max(...(['pass', 'fail', 'skip'] as const).map((status) => displayWidth(say(`mark.${status}`))));
  const markCell = (status: VerifyCheck['status']) => mark(status) + ' '.repeat(markWidth - displayWidth(say(`mark.${status}`)));
  const reasonIndent = ' '.repeat(2 + markWidth + 2);
  const skipsByReason = new Map<string, string[]>();
  for (const check of report.checks) {
    if (check.status === 'skip') {
      const reason = check.reason ?? say('skipped');
      skipsByReason.set(reason, [...(skipsByReason.get(reason) ?? []), check.id]);
      continue;
    }
    out.push(`  ${markCell(check.status)}  ${check.id}${check.code ? `  [${check.code}]` : ''}`);
    if (check.reason) out.push(`${reasonIndent}${check.reason}`);
  }
  for (const [reason, ids] of skipsByReason) {
    out.push(`  ${markCell('skip')}  ${ids.join(', ')}`);
    out.push(`${reasonIndent}${reason}`);
  }

  if (report.matmul.length > 0) {
    out.push('', style.bold(say('section.matmul')));
    for (const entry of report.matmul) {
      const efficiency = formatEfficiency(entry, options.locale);
      out.push(`  ${entry.dtype.padEnd(5)} ${formatThroughput(entry).padStart(22)}${efficiency ? `  ${efficiency}` : ''}${entry.n ? `  (${entry.n}x${entry.n})` : ''}`);
    }
  }
  if (report.bandwidth) {
    const b = report.bandwidth;
    const efficiency = b.efficiency !== undefined ? `  ${say('bandwidth.efficiency', { percent: Math.round(b.efficiency * 100), peak: b.peakGBs ?? '?' })}` : '';
    out.push(`  ${padEndToWidth(say('copy'), 5)} ${`${Math.round(b.gbs)} GB/s`.padStart(22)}${efficiency}`);
  }
  const measured = (report.tuning ?? []).filter((entry) => entry.speedup);
  if (measured.length > 0) {
    out.push('', style.bold(say('section.tuning')));
    for (const entry of measured) out.push(`  ${entry.label}: ${entry.speedup!.toFixed(2)}x  (${entry.setting ?? ''})`);
  }
  for (const finding of report.findings ?? []) {
    out.push('', style.boldRed(say('finding', { message: finding.message })));
    for (const cause of finding.likelyCauses.slice(0, 5)) out.push(`  - ${cause}`);
  }
  if ((report.advice ?? []).length > 0) {
    out.push('', style.bold(say('section.advice')));
    for (const line of report.advice ?? []) out.push(`  - ${line}`);
  }
  for (const warning of report.warnings ?? []) out.push('', style.yellow(say('warning', { warning })));
  const s = report.summary;
  const failed = say('count.failed', { count: s.failed });
  out.push(
    '',
    say('summary', {
      passed: style.green(say('count.passed', { count: s.passed })),
      failed: s.failed ? style.red(failed) : style.green(failed),
      skipped: say('count.skipped', { count: s.skipped }),
    }),
  );
  return `${out.join('\n')}\n`;
}

/** The CLI's text output of `dlsetup verify --compare`. */
export function formatComparison(comparison: VerifyComparison, options: FormatOptions = {}): string {
  const style = terminalStyle(options.color);
  const say = verifyReportText(options.locale);
  if (!comparison.previousCreatedAt) return `${say('comparison.noBaseline')}\n`;
  const out = [style.bold(say('comparison.since', { date: comparison.previousCreatedAt }))];
  if (comparison.changes.length === 0) out.push(`  ${say('comparison.nothingChanged')}`);
  for (const change of comparison.changes) {
    const paint = change.direction === 'better' ? style.green : change.direction === 'worse' ? style.red : style.yellow;
    out.push(`  ${paint(change.subject)}: ${change.before ?? say('comparison.none')} -> ${change.after ?? say('comparison.none')}`);
  }
  const deltas = comparison.matmulDeltas.filter((delta) => delta.deltaPercent !== null);
  if (deltas.length > 0) {
    out.push(style.bold(say('comparison.matmul')));
    for (const delta of deltas) {
      const sign = delta.deltaPercent! > 0 ? '+' : '';
      out.push(`  ${delta.dtype.padEnd(10)} ${delta.before} -> ${delta.after}  (${sign}${delta.deltaPercent} %)`);
    }
  }
  return `${out.join('\n')}\n`;
}
