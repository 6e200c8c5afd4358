import type { VerifyChange, VerifyComparison, VerifyReport } from '../../shared/types/verify.js';

/** What changed between two verification reports: fingerprint facts, each check's status, and TFLOP/s per precision. */
export function compareReports(previous: VerifyReport, current: VerifyReport): VerifyComparison {
  const changes: VerifyChange[] = [];
  const keys = new Set([...Object.keys(previous.fingerprint), ...Object.keys(current.fingerprint)]);
  for (const key of keys) {
    const before = previous.fingerprint[key] ?? null;
    const after = current.fingerprint[key] ?? null;
    if (before !== after) changes.push({ subject: key, before, after, direction: 'changed' });
  }
  const previousChecks = new Map(previous.checks.map((check) => [check.id, check.status]));
  for (const check of current.checks) {
    const before = previousChecks.get(check.id) ?? null;
    if (before === check.status) continue;
    const direction = check.status === 'pass' ? 'better' : check.status === 'fail' ? 'worse' : 'changed';
    changes.push({ subject: `check:${check.id}`, before, after: check.status, direction });
  }
  const dtypes = [...new Set([...previous.matmul.map((m) => m.dtype), ...current.matmul.map((m) => m.dtype)])];
  const matmulDeltas = dtypes.map((dtype) => {
    const before = previous.matmul.find((m) => m.dtype === dtype)?.tflops ?? null;
    const after = current.matmul.find((m) => m.dtype === dtype)?.tflops ?? null;
    const deltaPercent = before !== null && after !== null && before > 0 ? Math.round(((after - before) / before) * 1000) / 10 : null;
    return { dtype, before, after, deltaPercent };
  });
  return { previousCreatedAt: previous.createdAt, currentCreatedAt: current.createdAt, changes, matmulDeltas };
}
