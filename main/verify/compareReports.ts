import type { Locale, PlainKey } from '../../shared/i18n/localize.js';
import type { VerifyChange, VerifyComparison, VerifyReport } from '../../shared/types/verify.js';
import { verifyText } from './verifyText.js';

const FINGERPRINT_LABELS: Record<string, PlainKey<'verify'>> = {
  gpus: 'compare.gpus',
  driver: 'compare.driver',
  framework: 'compare.framework',
  frameworkVersion: 'compare.frameworkVersion',
  frameworkCuda: 'compare.frameworkCuda',
  frameworkCudnn: 'compare.frameworkCudnn',
  python: 'compare.python',
  toolkit: 'compare.toolkit',
};

const RANK: Record<string, number> = { fail: 0, skip: 1, pass: 2 };

/** Throughput changes smaller than this are noise between runs, not a change worth showing. */
export const TFLOPS_NOISE_PERCENT = 5;

function matmulKey(entry: { dtype: string; device?: string }): string {
  return entry.device === 'cpu' ? `${entry.dtype} (CPU)` : entry.dtype;
}

/** What changed between two reports: fingerprint (driver, framework versions), each check's result, TFLOP/s; subjects in `locale`. */
export function compareReports(previous: VerifyReport | null, current: VerifyReport, locale?: Locale): VerifyComparison {
  const say = verifyText(locale);
  const changes: VerifyChange[] = [];
  const before = previous?.fingerprint ?? {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(current.fingerprint)])) {
    const was = before[key] ?? null;
    const now = current.fingerprint[key] ?? null;
    const label = FINGERPRINT_LABELS[key];
    if (previous && was !== now) changes.push({ subject: label ? say(label) : key, before: was, after: now, direction: 'changed' });
  }
  const oldChecks = new Map((previous?.checks ?? []).map((check) => [check.id, check]));
  const newChecks = new Map(current.checks.map((check) => [check.id, check]));
  for (const id of new Set([...oldChecks.keys(), ...newChecks.keys()])) {
    const was = oldChecks.get(id)?.status ?? null;
    const now = newChecks.get(id)?.status ?? null;
    if (!previous || was === now) continue;
    const direction = was && now ? (RANK[now]! > RANK[was]! ? 'better' : RANK[now]! < RANK[was]! ? 'worse' : 'changed') : 'changed';
    changes.push({ subject: say('compare.check', { id }), before: was, after: now, direction });
  }
  const oldMatmul = new Map((previous?.matmul ?? []).map((entry) => [matmulKey(entry), entry.tflops]));
  const newMatmul = new Map(current.matmul.map((entry) => [matmulKey(entry), entry.tflops]));
  const matmulDeltas: VerifyComparison['matmulDeltas'] = [];
  for (const dtype of new Set([...oldMatmul.keys(), ...newMatmul.keys()])) {
    const was = oldMatmul.get(dtype) ?? null;
    const now = newMatmul.get(dtype) ?? null;
    const deltaPercent = was && now !== null ? Math.round(((now - was) / was) * 1000) / 10 : null;
    matmulDeltas.push({ dtype, before: was, after: now, deltaPercent });
    if (previous && deltaPercent !== null && Math.abs(deltaPercent) >= TFLOPS_NOISE_PERCENT) {
      changes.push({
        subject: say('compare.matmul', { dtype }),
        before: String(was),
        after: String(now),
        direction: deltaPercent > 0 ? 'better' : 'worse',
      });
    }
  }
  return { previousCreatedAt: previous?.createdAt ?? null, currentCreatedAt: current.createdAt, changes, matmulDeltas };
}
