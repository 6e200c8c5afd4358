import type { Locale } from '../../../shared/i18n/localize.js';
import type { EnvironmentRow, EnvironmentsReport } from '../../../shared/types/environments.js';
import { certainlyNoNvidiaGpu } from '../noNvidiaGpu.js';
import { defaultParallelChecks, runEnvironmentChecks, type RunChecksOptions } from './runEnvironmentChecks.js';
import { verifyAllEnvironments } from './verifyAllEnvironments.js';

export interface EnvironmentsRunOptions {
  locale?: Locale;
  /** Folders the user added (`--env`, the wizard's input). */
  extraEnvironments?: readonly string[];
  /** Also run the quick check in each environment with a framework (`--run`, the wizard's button). */
  check?: boolean;
  /** Checks at a time; by default one per GPU, two on the CPU. */
  parallel?: number;
  /** Before the first check: the rows that will be checked and how many at a time. */
  onChecksStarting?: (rows: readonly EnvironmentRow[], parallel: number) => void;
  onCheckStarted?: RunChecksOptions['onStart'];
  onCheckFinished?: RunChecksOptions['onProgress'];
  /** The wizard's Cancel: stops the checks (running ones killed); the report comes back with the rows checked so far. */
  signal?: AbortSignal;
}

/**
 * One `verify --all` run, the CLI's and the wizard's alike: every environment's offline verdict and, when asked, the
 * quick check in each. Keeping it in history (and saying what changed) is the caller's next step.
 */
export async function verifyEnvironmentsRun(options: EnvironmentsRunOptions): Promise<EnvironmentsReport> {
  const report = await verifyAllEnvironments({ locale: options.locale, extraEnvironments: options.extraEnvironments });
  if (!options.check) return report;
  const parallel = options.parallel ?? defaultParallelChecks(report.gpu ? 1 : 0);
  options.onChecksStarting?.(report.environments.filter((env) => env.frameworks.length > 0), parallel);
  const environments = await runEnvironmentChecks(report.environments, {
    parallel,
    locale: options.locale,
    noNvidiaGpu: report.gpu === null && (await certainlyNoNvidiaGpu(0)),
    onStart: options.onCheckStarted,
    onProgress: options.onCheckFinished,
    signal: options.signal,
  });
  return { ...report, environments };
}
