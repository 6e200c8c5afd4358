import { escapeHtml } from '../../shared/text/escapeHtml.js';
import type { FleetReport } from './buildFleetReport.js';
import { bestText, changesText, failedRow } from './formatFleetReport.js';

const STYLE = `body{font:14px/1.4 system-ui,sans-serif;margin:2em;color:#222}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #ddd;padding:.4em .6em;text-align:left;vertical-align:top}
th{background:#f4f4f4}tr.fail td{background:#fde8e8}tr.warn td{background:#fff6dc}
.bar{display:inline-block;height:.7em;background:#4a8;margin-right:.4em;vertical-align:middle}
.flag{display:block;font-size:12px;color:#a11}small{color:#666}`;

/** The fleet report as one self-contained HTML page: no scripts, no external assets, every text escaped. */
export function renderFleetHtml(report: FleetReport): string {
  const e = escapeHtml;
  const rows = report.rows.map((row) => {
    const css = failedRow(row) ? 'fail' : row.flags.length ? 'warn' : '';
    const efficiency = row.best?.efficiency;
    const bar = efficiency !== undefined ? `<span class="bar" style="width:${Math.max(1, Math.min(100, Math.round(efficiency * 100)))}px"></span>` : '';
    return `<tr class="${css}"><td>${e(row.host)}<br><small>${e(row.source)}</small></td><td>${e(row.gpu ?? '—')}</td><td>${e(row.driver ?? '—')}</td>` +
      `<td>${e(row.framework ?? '—')}</td><td>${row.checks.passed}/${row.checks.total}${row.failedChecks.length ? `<br><small>failed: ${e(row.failedChecks.join(', '))}</small>` : ''}</td>` +
      `<td>${bar}${e(bestText(row))}</td><td>${e(changesText(row))}</td>` +
      `<td>${row.flags.map((flag) => `<span class="flag" title="${e(flag.code)}">${e(flag.message)}</span>`).join('') || 'ok'}</td></tr>`;
  });
  const groups = report.groups.map(
    (group) => `<tr><td>${e(group.gpu)}</td><td>${group.hosts}</td><td>${group.medianEfficiency === null ? '—' : `${Math.round(group.medianEfficiency * 100)} %`}</td><td>${e(group.majorityDriver ?? '—')}</td></tr>`,
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>DL Setup fleet report</title><style>${STYLE}</style></head>
<body><h1>DL Setup fleet report</h1>
<p>${report.hosts} host${report.hosts === 1 ? '' : 's'}, ${report.outliers} flagged. Generated ${e(report.generatedAt)}.</p>
<table><thead><tr><th>Host</th><th>GPU</th><th>Driver</th><th>Framework</th><th>Checks passed</th><th>Best TFLOP/s (% of peak)</th><th>Changed since last</th><th>Flags</th></tr></thead>
<tbody>${rows.join('\n')}</tbody></table>
<h2>GPU models</h2>
<table><thead><tr><th>GPU</th><th>Hosts</th><th>Median % of peak</th><th>Majority driver</th></tr></thead><tbody>${groups.join('\n')}</tbody></table>
</body></html>
`;
}
