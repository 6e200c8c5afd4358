import { terminalStyle } from '../../shared/text/terminalStyle.js';
import type { FleetReport, FleetRow } from './buildFleetReport.js';

export function bestText(row: FleetRow): string {
  if (!row.best) return '—';
  const value = `${row.best.tflops.toFixed(row.best.tflops >= 100 ? 0 : 1)} ${row.best.dtype}`;
  return row.best.efficiency !== undefined ? `${value} (${Math.round(row.best.efficiency * 100)} %)` : value;
}

export function changesText(row: FleetRow): string {
  if (row.reports === 0) return '—';
  if (row.reports < 2) return 'first report';
  if (row.changes.length === 0) return 'no change';
  return row.changes.map((change) => `${change.subject}: ${change.before ?? '—'} → ${change.after ?? '—'}`).join('; ');
}

/** A host that failed: its run stopped, or a check failed. */
export function failedRow(row: FleetRow): boolean {
  return row.flags.some((flag) => flag.code === 'RUN_FAILED' || flag.code === 'CHECKS_FAILED');
}

function truncate(text: string, width: number): string {
  return text.length > width ? `${text.slice(0, width - 1)}…` : text;
}

/** The fleet as a text table (outliers first), then each outlier's reasons. */
export function formatFleetReport(report: FleetReport, options: { color?: boolean } = {}): string {
  const style = terminalStyle(options.color);
  const header = ['HOST', 'GPU', 'DRIVER', 'FRAMEWORK', 'CHECKS', 'BEST TFLOP/S (% PEAK)', 'CHANGED SINCE LAST', 'FLAGS'];
  const cells = report.rows.map((row) => [
    row.host,
    row.gpu ?? '—',
    row.driver ?? '—',
    row.framework ?? '—',
    `${row.checks.passed}/${row.checks.total}`,
    bestText(row),
    truncate(changesText(row), 48),
    row.flags.map((flag) => flag.code).join(',') || 'ok',
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((line) => line[column]!.length)));
  const line = (values: string[]) => values.map((value, column) => value.padEnd(widths[column]!)).join('  ').trimEnd();
  const out = [
    `Fleet: ${report.hosts} host${report.hosts === 1 ? '' : 's'}, ${report.outliers} flagged.`,
    '',
    line(header),
    line(widths.map((width) => '-'.repeat(width))),
    ...report.rows.map((row, index) => {
      const text = line(cells[index]!);
      if (failedRow(row)) return style.red(text);
      return row.flags.length ? style.yellow(text) : text;
    }),
  ];
  const flagged = report.rows.filter((row) => row.flags.length > 0);
  if (flagged.length) {
    out.push('', 'Outliers:');
    for (const row of flagged) for (const flag of row.flags) out.push(`  ${row.host}: ${flag.message}`);
  }
  const changed = report.rows.filter((row) => row.changes.length > 0);
  if (changed.length) {
    out.push('', 'Changed since the previous report:');
    for (const row of changed) for (const change of row.changes) out.push(`  ${row.host}: ${change.subject} ${change.before ?? '—'} → ${change.after ?? '—'}`);
  }
  return `${out.join('\n')}\n`;
}
