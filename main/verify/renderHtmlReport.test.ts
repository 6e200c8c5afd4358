import { describe, expect, it } from 'vitest';
import type { VerifyReport } from '../../shared/types/verify.js';
import { compareReports } from './compareReports.js';
import { formatComparison, formatVerifyReport } from './formatVerifyReport.js';
import { renderHtmlReport } from './renderHtmlReport.js';

/** A GPU run shaped like the script's output on an H200, after verify() added the spec peaks. */
function h200Report(overrides: Partial<VerifyReport> = {}): VerifyReport {
  return {
    schemaVersion: 1,
    createdAt: '2026-07-03T22:11:09.916Z',
    framework: { name: 'pytorch', version: '2.5.1+cu124', build: { cuda: '12.4', cudnn: '9.1.0' } },
    devices: [{ index: 0, name: 'NVIDIA H200', computeCapability: '9.0', memoryMiB: 143167 }],
    checks: [
      { id: 'gpu-available', status: 'pass', reason: '1 GPU(s) visible to PyTorch; using NVIDIA H200.' },
      { id: 'conv2d-forward', status: 'pass', reason: 'conv2d forward <ok> & "fine"', metrics: { relError: 3.1e-7 } },
      { id: 'memory-alloc', status: 'fail', code: 'OUT_OF_MEMORY', reason: 'Allocating most of the free GPU memory failed: CUDA out of memory.' },
    ],
    matmul: [
      { dtype: 'fp32', device: 'gpu', tflops: 51.208, peakTflops: 66.91, efficiency: 0.765, n: 8192 },
      { dtype: 'bf16', device: 'gpu', tflops: 388.981, peakTflops: 989.4, efficiency: 0.393, n: 8192 },
    ],
    summary: { passed: 2, failed: 1, skipped: 0 },
    fingerprint: { gpus: 'NVIDIA H200', driver: '590.48.01', framework: 'pytorch', frameworkVersion: '2.5.1+cu124', python: '3.12.3' },
    python: { path: '/opt/venv/bin/python', version: '3.12.3' },
    tuning: [{ id: 'tf32', label: 'TF32 for fp32 matmuls', speedup: 7.388, setting: 'torch.backends.cuda.matmul.allow_tf32 = True' }],
    findings: [{ code: 'LOW_MATMUL_EFFICIENCY', subject: 'matmul-bf16', message: 'bf16 matmul reached 389.0 TFLOP/s, 39 % of the spec peak.', likelyCauses: ['A power cap below the default (nvidia-smi -q -d POWER).'] }],
    bandwidth: { gbs: 3912.3, peakGBs: 4800, efficiency: 0.815 },
    spec: { name: 'H200 SXM 141GB', source: 'pci.ids; NVIDIA https://developer.nvidia.com/cuda-gpus' },
    ...overrides,
  };
}

describe('renderHtmlReport', () => {
  const html = renderHtmlReport(h200Report(), { comparison: compareReports(h200Report({ createdAt: '2026-06-01T00:00:00.000Z', fingerprint: { ...h200Report().fingerprint, driver: '570.124.06' } }), h200Report()) });

  it('shows the figures: achieved TFLOP/s, % of peak, bandwidth, findings, tuning', () => {
    expect(html).toContain('51.2 TFLOP/s · 77 % of 66.91 TFLOP/s spec peak');
    expect(html).toContain('389.0 TFLOP/s');
    expect(html).toContain('39 % of 989.4 TFLOP/s spec peak');
    expect(html).toContain('3912 GB/s</strong> (82 % of 4800 GB/s spec)');
    expect(html).toContain('7.39x');
    expect(html).toContain('OUT_OF_MEMORY');
    expect(html).toContain('<svg role="img"');
    expect(html).toContain('Changes since 2026-06-01T00:00:00.000Z');
    expect(html).toMatch(/Driver<\/td><td>570\.124\.06<\/td><td>590\.48\.01/);
  });

  it('marks a result below 50 % of the peak in red', () => {
    const bars = [...html.matchAll(/<rect [^>]*fill="(#[0-9a-f]{6})"><\/rect>/g)].map((m) => m[1]);
    expect(bars).toEqual(['#1f883d', '#cf222e']);
  });

  it('escapes text from other programs', () => {
    expect(html).toContain('conv2d forward &lt;ok&gt; &amp; &quot;fine&quot;');
    expect(html).not.toContain('<ok>');
  });

  it('loads nothing from outside: no scripts, links, stylesheets or remote images', () => {
    expect(html).not.toMatch(/<script|<link|<img|<iframe|@import|url\(|\bsrc=|\bhref=/i);
    expect(html).toContain("default-src 'none'");
  });
});

describe('compareReports', () => {
  it('lists the driver, each changed check and the TFLOP/s delta', () => {
    const before = h200Report({
      createdAt: '2026-06-01T00:00:00.000Z',
      fingerprint: { ...h200Report().fingerprint, driver: '570.124.06', frameworkVersion: '2.4.1+cu121' },
      checks: [{ id: 'gpu-available', status: 'pass' }, { id: 'memory-alloc', status: 'pass' }, { id: 'cudnn', status: 'fail', code: 'CUDNN_LIB_MISSING' }],
      matmul: [{ dtype: 'bf16', device: 'gpu', tflops: 780.2 }, { dtype: 'fp32', device: 'gpu', tflops: 51.9 }],
    });
    const comparison = compareReports(before, h200Report());
    expect(comparison.changes).toEqual([
      { subject: 'Driver', before: '570.124.06', after: '590.48.01', direction: 'changed' },
      { subject: 'Framework version', before: '2.4.1+cu121', after: '2.5.1+cu124', direction: 'changed' },
      { subject: 'Check memory-alloc', before: 'pass', after: 'fail', direction: 'worse' },
      { subject: 'Check cudnn', before: 'fail', after: null, direction: 'changed' },
      { subject: 'Check conv2d-forward', before: null, after: 'pass', direction: 'changed' },
      { subject: 'Matmul bf16 TFLOP/s', before: '780.2', after: '388.981', direction: 'worse' },
    ]);
    expect(comparison.matmulDeltas).toContainEqual({ dtype: 'fp32', before: 51.9, after: 51.208, deltaPercent: -1.3 });
    const text = formatComparison(comparison);
    expect(text).toContain('Driver: 570.124.06 -> 590.48.01');
    expect(text).toContain('bf16       780.2 -> 388.981  (-50.1 %)');
  });

  it('says there is nothing to compare with on the first run', () => {
    expect(formatComparison(compareReports(null, h200Report()))).toBe('No earlier report to compare with; this run is now the baseline.\n');
  });
});

describe('formatVerifyReport', () => {
  it('prints % of peak and the finding; colour only when asked', () => {
    const plain = formatVerifyReport(h200Report());
    expect(plain).toContain('bf16           389.0 TFLOP/s  39 % of 989.4 TFLOP/s spec peak  (8192x8192)');
    expect(plain).toContain('Finding: bf16 matmul reached 389.0 TFLOP/s');
    expect(plain).not.toContain('\u001b[');
    expect(formatVerifyReport(h200Report(), { color: true })).toContain('\u001b[31mFAIL\u001b[0m');
  });
});
