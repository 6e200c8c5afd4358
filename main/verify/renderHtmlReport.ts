import type { Locale, PlainKey } from '../../shared/i18n/localize.js';
import { escapeHtml } from '../../shared/text/escapeHtml.js';
import type { MatmulResult, VerifyCheck, VerifyComparison, VerifyReport } from '../../shared/types/verify.js';
import { formatEfficiency, formatThroughput } from './formatVerifyReport.js';
import { verdictLines } from './verdictText.js';
import { verifyReportText } from './verifyReportText.js';

type ReportSay = ReturnType<typeof verifyReportText>;

const CSS = `
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#1b1f24;background:#fff}
h1{font-size:1.5rem;margin-bottom:.2rem}h2{font-size:1.15rem;margin-top:2rem;border-bottom:1px solid #d0d7de;padding-bottom:.2rem}
.muted{color:#57606a}table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.3rem .5rem;border-bottom:1px solid #eaeef2;vertical-align:top}
.pass{color:#116329;font-weight:600}.fail{color:#a40e26;font-weight:600}.skip{color:#7d4e00;font-weight:600}
.better{color:#116329}.worse{color:#a40e26}.changed{color:#7d4e00}
.summary span{display:inline-block;margin-right:1rem;font-weight:600}td code{white-space:nowrap}code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.9em}
.verdict{border-left:6px solid #1f883d;background:#f0fff4;padding:.5rem 1rem;font-size:1.1rem}.verdict.fail{border-color:#a40e26;background:#fff5f5}.verdict.cpu{border-color:#8250df;background:#fbf7ff}.verdict p{margin:.3rem 0}
.finding{border-left:4px solid #a40e26;padding:.3rem .8rem;background:#fff5f5}svg text{font:12px system-ui,sans-serif}
@media print{body{margin:0}}`;

function statusCell(status: VerifyCheck['status'], say: ReportSay): string {
  return `<td class="${escapeHtml(status)}">${escapeHtml(say(`mark.${status}`))}</td>`;
}

/** Horizontal bars: achieved vs dense spec peak per precision (peak bar only where data/gpus.json has it). */
export function renderMatmulChart(matmul: MatmulResult[], locale?: Locale): string {
  const say = verifyReportText(locale);
  const gpu = matmul.filter((entry) => entry.device !== 'cpu');
  const cpu = matmul.filter((entry) => entry.device === 'cpu');
  const rows = [...gpu, ...cpu];
  if (rows.length === 0) return '';
  const labelWidth = 70;
  const barWidth = 520;
  const rowHeight = 44;
  const max = Math.max(...gpu.map((entry) => Math.max(entry.tflops, entry.peakTflops ?? 0)), 1e-9);
  const cpuMax = Math.max(...cpu.map((entry) => entry.tflops), 1e-9);
  const height = rows.length * rowHeight + 30;
  const parts: string[] = [];
  rows.forEach((entry, at) => {
    const y = at * rowHeight + 6;
    const scale = entry.device === 'cpu' ? cpuMax : max;
    const achieved = Math.max(1, (entry.tflops / scale) * barWidth);
    const label = entry.device === 'cpu' ? `${entry.dtype} CPU` : entry.dtype;
    parts.push(`<text x="0" y="${y + 14}">${escapeHtml(label)}</text>`);
    if (entry.peakTflops) {
      const peak = (entry.peakTflops / scale) * barWidth;
      parts.push(`<rect x="${labelWidth}" y="${y}" width="${peak.toFixed(1)}" height="18" fill="#d0d7de"><title>${escapeHtml(say('chart.specPeak', { peak: entry.peakTflops }))}</title></rect>`);
    }
    const fill = entry.efficiency !== undefined && entry.efficiency < 0.5 ? '#cf222e' : entry.device === 'cpu' ? '#8250df' : '#1f883d';
    parts.push(`<rect x="${labelWidth}" y="${y}" width="${achieved.toFixed(1)}" height="18" fill="${fill}"></rect>`);
    const efficiency = formatEfficiency(entry, locale);
    parts.push(`<text x="${labelWidth}" y="${y + 34}" fill="#57606a">${escapeHtml(formatThroughput(entry))}${efficiency ? ` · ${escapeHtml(efficiency)}` : ''}</text>`);
  });
  parts.push(
    `<text x="${labelWidth}" y="${height - 6}" fill="#57606a">${escapeHtml(say('chart.legend'))}${cpu.length ? escapeHtml(say('chart.legendCpu')) : ''}</text>`,
  );
  return `<svg role="img" aria-label="${escapeHtml(say('chart.label'))}" width="${labelWidth + barWidth + 10}" height="${height}" viewBox="0 0 ${labelWidth + barWidth + 10} ${height}">${parts.join('')}</svg>`;
}

function table(head: string[], rows: string[][]): string {
  return `<table><thead><tr>${head.map((cell) => `<th>${escapeHtml(cell)}</th>`).join('')}</tr></thead><tbody>${rows
    .map((row) => `<tr>${row.join('')}</tr>`)
    .join('')}</tbody></table>`;
}

const td = (value: unknown) => `<td>${escapeHtml(value)}</td>`;

function renderComparison(comparison: VerifyComparison, say: ReportSay): string {
  if (!comparison.previousCreatedAt) return `<h2>${escapeHtml(say('html.changes'))}</h2><p>${escapeHtml(say('html.noBaseline'))}</p>`;
  const rows = comparison.changes.map((change) => [
    `<td class="${escapeHtml(change.direction ?? 'changed')}">${escapeHtml(change.subject)}</td>`,
    td(change.before ?? say('comparison.none')),
    td(change.after ?? say('comparison.none')),
  ]);
  const heading = `<h2>${escapeHtml(say('comparison.since', { date: comparison.previousCreatedAt }))}</h2>`;
  return `${heading}${rows.length ? table([say('html.what'), say('html.before'), say('html.now')], rows) : `<p>${escapeHtml(say('comparison.nothingChanged'))}</p>`}`;
}

/**
 * A self-contained HTML report: inline CSS and SVG, no scripts, no external assets, readable offline. Headings and
 * labels are in `locale` (English by default), and the page says which language it is in.
 */
export function renderHtmlReport(report: VerifyReport, options: { comparison?: VerifyComparison; locale?: Locale } = {}): string {
  const say = verifyReportText(options.locale);
  const h2 = (key: PlainKey<'verifyReport'>) => `<h2>${escapeHtml(say(key))}</h2>`;
  const fw = report.framework;
  const fp = report.fingerprint;
  const machine: [string, unknown][] = [
    [
      say('label.gpus'),
      report.devices.map((d) => `${d.name}${d.computeCapability ? say('html.cc', { cc: d.computeCapability }) : ''}${d.memoryMiB ? say('gpu.memory', { mib: d.memoryMiB }) : ''}`).join(say('list.separator')) ||
        fp.gpus ||
        say('noneUsable'),
    ],
    [say('label.driver'), fp.driver ?? say('notFound')],
    [say('label.framework'), fw ? `${fw.name} ${fw.version}` : say('noneFound')],
    [say('html.frameworkBuild'), fw ? Object.entries(fw.build).map(([k, v]) => `${k} ${v ?? say('none')}`).join(', ') : '—'],
    ['Python', report.python ? `${report.python.path} (${report.python.version ?? '?'})` : '—'],
    ...(report.toolkit ? [['CUDA Toolkit', `nvcc ${report.toolkit.version ?? '?'} (${report.toolkit.nvcc ?? '?'})`] as [string, unknown]] : []),
    [say('html.specRow'), report.spec ? `${report.spec.name} — ${report.spec.source}` : say('html.notInGpuTable')],
  ];
  const s = report.summary;
  const bandwidth = report.bandwidth;
  const bandwidthShare =
    bandwidth && bandwidth.efficiency !== undefined
      ? say('html.parenthesized', { text: say('bandwidth.efficiency', { percent: Math.round(bandwidth.efficiency * 100), peak: bandwidth.peakGBs ?? '?' }) })
      : '';
  const verdict = verdictLines(report, options.locale);
  const body = [
    `<h1>${escapeHtml(say('html.heading'))}</h1>`,
    `<div class="verdict ${verdict.tone}" data-tone="${verdict.tone}"><p><strong>${escapeHtml(verdict.verdict)}</strong></p>${verdict.cause ? `<p>${escapeHtml(verdict.cause)}</p>` : ''}</div>`,
    `<p class="muted">${escapeHtml(report.createdAt)}${report.quick ? ` · ${escapeHtml(say('html.quickMode'))}` : ''}${report.durationMs ? ` · ${escapeHtml(say('html.seconds', { seconds: (report.durationMs / 1000).toFixed(1) }))}` : ''}</p>`,
    `<p class="summary"><span class="pass">${escapeHtml(say('count.passed', { count: s.passed }))}</span><span class="fail">${escapeHtml(say('count.failed', { count: s.failed }))}</span><span class="skip">${escapeHtml(say('count.skipped', { count: s.skipped }))}</span></p>`,
    `${h2('html.machine')}${table(['', ''], machine.map(([k, v]) => [td(k), td(v)]))}`,
    ...(report.findings ?? []).map(
      (f) => `<div class="finding"><p><strong>${escapeHtml(f.message)}</strong></p><ul>${f.likelyCauses.map((c) => `<li>${escapeHtml(c)}</li>`).join('')}</ul></div>`,
    ),
    report.matmul.length ? `${h2('section.matmul')}${renderMatmulChart(report.matmul, options.locale)}` : '',
    bandwidth ? `<p>${escapeHtml(say('html.copy'))} <strong>${escapeHtml(Math.round(bandwidth.gbs))} GB/s</strong>${escapeHtml(bandwidthShare)}</p>` : '',
    `${h2('section.checks')}${table(
      [say('html.check'), say('html.result'), say('html.code'), say('html.reason')],
      report.checks.map((c) => [`<td><code>${escapeHtml(c.id)}</code></td>`, statusCell(c.status, say), td(c.code ?? ''), td(c.reason ?? '')]),
    )}`,
    (report.tuning ?? []).length
      ? `${h2('html.tuning')}${table(
          [say('html.setting'), say('html.speedup'), say('html.how')],
          (report.tuning ?? []).map((t) => [td(t.label), td(t.speedup ? `${t.speedup.toFixed(2)}x` : (t.skipped ?? '—')), `<td><code>${escapeHtml(t.setting ?? '')}</code></td>`]),
        )}`
      : '',
    (report.advice ?? []).length ? `${h2('section.advice')}<ul>${(report.advice ?? []).map((a) => `<li>${escapeHtml(a)}</li>`).join('')}</ul>` : '',
    options.comparison ? renderComparison(options.comparison, say) : '',
    (report.warnings ?? []).length ? `${h2('section.warnings')}<ul>${(report.warnings ?? []).map((w) => `<li>${escapeHtml(w)}</li>`).join('')}</ul>` : '',
    `<p class="muted">${escapeHtml(say('html.fingerprint', { fingerprint: Object.entries(fp).map(([k, v]) => `${k}=${v ?? 'none'}`).join(' · ') }))}</p>`,
  ].join('\n');
  return `<!doctype html>
<html lang="${options.locale ?? 'en'}"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(say('html.heading'))} ${escapeHtml(report.createdAt)}</title><style>${CSS}</style></head>
<body>
${body}
</body></html>
`;
}
