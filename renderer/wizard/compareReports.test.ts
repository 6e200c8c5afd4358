import { describe, expect, it } from 'vitest';
import { verifyReport } from '../testing/sampleData.js';
import { compareReports } from './compareReports.js';

describe('comparison with the previous report', () => {
  it('shows a driver update, a check that now fails and the TFLOP/s change', () => {
    const before = verifyReport({ fingerprint: { driver: '535.86.05' }, createdAt: '2026-11-01T00:00:00Z' });
    const after = verifyReport({
      fingerprint: { driver: '550.54.15' },
      checks: [{ id: 'gpu-available', status: 'pass' }, { id: 'matmul-correctness', status: 'fail', reason: 'error 0.3' }, { id: 'cudnn', status: 'pass' }, { id: 'conv2d-forward', status: 'pass' }],
      matmul: [{ dtype: 'bf16', tflops: 74.15, peakTflops: 165.15 }],
    });
    const comparison = compareReports(before, after);
    expect(comparison.changes).toContainEqual({ subject: 'driver', before: '535.86.05', after: '550.54.15', direction: 'changed' });
    expect(comparison.changes).toContainEqual({ subject: 'check:matmul-correctness', before: 'pass', after: 'fail', direction: 'worse' });
    expect(comparison.matmulDeltas).toContainEqual({ dtype: 'bf16', before: 148.3, after: 74.15, deltaPercent: -50 });
    expect(comparison.matmulDeltas).toContainEqual({ dtype: 'fp32', before: 71.2, after: null, deltaPercent: null });
  });
});
