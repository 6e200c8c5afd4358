import { escapeHtml } from '../../shared/text/escapeHtml.js';
import type { VerifyReport } from '../../shared/types/verify.js';

/** A self-contained HTML page of the report: no scripts, no external assets, readable offline. */
export function reportToHtml(report: VerifyReport, title: string): string {
  const rows = report.checks
    .map((check) => `<tr><td>${escapeHtml(check.id)}</td><td class="${check.status}">${check.status}</td><td>${escapeHtml(check.reason ?? '')}</td></tr>`)
    .join('');
  const scale = Math.max(1e-9, ...report.matmul.map((m) => Math.max(m.tflops, m.peakTflops ?? 0)));
  const bars = report.matmul
    .map((m, index) => {
      const y = index * 30;
      const width = Math.max(1, (m.tflops / scale) * 360);
      const peak = m.peakTflops ? `<rect x="70" y="${y}" width="${(m.peakTflops / scale) * 360}" height="20" fill="none" stroke="#555"/>` : '';
      const label = `${m.tflops.toFixed(2)}${m.peakTflops ? ` / ${m.peakTflops} TFLOP/s` : ' TFLOP/s'}`;
      return `<text x="0" y="${y + 15}">${escapeHtml(m.dtype)}</text>${peak}<rect x="70" y="${y + 4}" width="${width}" height="12" fill="#0b5cad"/><text x="${80 + Math.max(width, m.peakTflops ? (m.peakTflops / scale) * 360 : 0)}" y="${y + 15}">${escapeHtml(label)}</text>`;
    })
    .join('');
  const framework = report.framework ? `${escapeHtml(report.framework.name)} ${escapeHtml(report.framework.version)}` : '—';
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;margin:2rem;color:#1b1f24}table{border-collapse:collapse}td,th{border:1px solid #c9d0d8;padding:.3rem .6rem}.pass{color:#1a7f37}.fail{color:#b42318}</style></head><body><h1>${escapeHtml(title)}</h1><p>${framework} · ${escapeHtml(report.createdAt)} · ${report.devices.map((d) => escapeHtml(d.name)).join(', ')}</p><h2>Checks</h2><table><tr><th>check</th><th>status</th><th>reason</th></tr>${rows}</table><h2>Matmul</h2><svg width="640" height="${report.matmul.length * 30 + 10}" font-size="12">${bars}</svg><h2>JSON</h2><pre>${escapeHtml(JSON.stringify(report, null, 2))}</pre></body></html>`;
}

/** Hands a file to the browser's (or Electron's) download flow. */
export function downloadFile(name: string, type: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
