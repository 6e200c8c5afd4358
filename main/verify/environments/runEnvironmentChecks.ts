import type { Locale } from '../../../shared/i18n/localize.js';
import type { EnvironmentCheck, EnvironmentRow } from '../../../shared/types/environments.js';
import { explainNoNvidiaGpu } from '../noNvidiaGpu.js';
import { runFrameworkCheck } from '../runFrameworkCheck.js';
import { verifyText } from '../verifyText.js';

/** A quick check per environment: the GPU is shared, so one at a time per GPU; the CPU gets two (2-core machines). */
export function defaultParallelChecks(gpuCount: number): number {
  return gpuCount > 0 ? gpuCount : 2;
}

export interface RunChecksOptions {
  parallel: number;
  locale?: Locale;
  /** certainlyNoNvidiaGpu(): a CPU build's "no GPU" is then a skip, as in `verify` (issue 17), not a failure. */
  noNvidiaGpu?: boolean;
  /** pciHasAmdGpu(): the skip then names ROCm builds, never CUDA ones. */
  amdGpu?: boolean;
  /** When an environment's check starts (the wizard's row says "checking…"). */
  onStart?: (row: EnvironmentRow) => void;
  /** After each environment: how many are done, of how many, and its outcome (the CLI prints one line). */
  onProgress?: (done: number, total: number, row: EnvironmentRow, check: EnvironmentCheck) => void;
  /** The wizard's Cancel: running checks are killed and no further one starts; those rows come back without a check. */
  signal?: AbortSignal;
  /** Whether an interpreter may be started (verifyEnvironmentsRun's rule); a row it refuses comes back marked otherUser. */
  mayStart?: (interpreter: string) => Promise<boolean>;
}

/**
 * `verify --all --run`: the same quick check `verify --quick` runs (dlsetup_check.py), in every environment that has a
 * framework, at most `parallel` at a time. Each row comes back with its check; rows without a framework are left as is.
 */
export async function runEnvironmentChecks(rows: readonly EnvironmentRow[], options: RunChecksOptions): Promise<EnvironmentRow[]> {
  const result = [...rows];
  const withFramework = rows.map((row, at) => ({ row, at })).filter(({ row }) => row.frameworks.length > 0);
  const allowed = await Promise.all(withFramework.map(({ row }) => (options.mayStart ? options.mayStart(row.path) : true)));
  // Another user's interpreter is not started: its offline verdict stays, and the row says why it has no check.
  withFramework.forEach(({ row, at }, index) => {
    if (!allowed[index]) result[at] = { ...row, notChecked: 'otherUser' };
  });
  const queue = withFramework.filter((_, index) => allowed[index]);
  const total = queue.length;
  let done = 0;
  const worker = async () => {
    for (let next = queue.shift(); next && !options.signal?.aborted; next = queue.shift()) {
      const started = performance.now();
      options.onStart?.(next.row);
      const outcome = await runFrameworkCheck({ python: next.row.path, quick: true, locale: options.locale, signal: options.signal }).catch((error: unknown) => {
        // A cancelled check is no outcome: the row stays as it was (not run), the others finish their kill.
        if (options.signal?.aborted) return null;
        throw error;
      });
      if (!outcome) return;
      const checks = options.noNvidiaGpu ? explainNoNvidiaGpu(outcome.checks, outcome.framework, verifyText(options.locale), options.amdGpu) : outcome.checks;
      const failed = checks.filter((check) => check.status === 'fail');
      const check: EnvironmentCheck = {
        passed: checks.filter((c) => c.status === 'pass').length,
        failed: failed.length,
        ...(failed[0] ? { firstFailure: { id: failed[0].id, reason: (failed[0].reason ?? '').slice(0, 2000) } } : {}),
        durationMs: Math.round(performance.now() - started),
      };
      result[next.at] = { ...next.row, check };
      done += 1;
      options.onProgress?.(done, total, result[next.at]!, check);
    }
  };
  const workers = Math.max(1, Math.min(options.parallel, 8, total));
  await Promise.all(Array.from({ length: workers }, worker));
  return result;
}
