import path from 'node:path';
import type { Locale } from '../../../shared/i18n/localize.js';
import type { EnvironmentRow, EnvironmentsReport } from '../../../shared/types/environments.js';
import { certainlyNoNvidiaGpu, pciHasAmdGpu } from '../noNvidiaGpu.js';
import { defaultParallelChecks, runEnvironmentChecks, type RunChecksOptions } from './runEnvironmentChecks.js';
import { verifyAllEnvironments } from './verifyAllEnvironments.js';
import { addedEnvironment } from './addedEnvironment.js';
import { interpreterOwnership } from '../../detect/interpreterOwner.js';

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
  /** `--run`: before an environment whose layout could not be read is started to ask it (the CLI prints a line). */
  onStartingUnreadable?: (interpreter: string) => void;
  /** The wizard's Cancel: stops the checks (running ones killed); the report comes back with the rows checked so far. */
  signal?: AbortSignal;
}

/**
 * One `verify --all` run, the CLI's and the wizard's alike: every environment's offline verdict and, when asked, the
 * quick check in each. Keeping it in history (and saying what changed) is the caller's next step.
 */
export async function verifyEnvironmentsRun(options: EnvironmentsRunOptions): Promise<EnvironmentsReport> {
  const mayStart = options.check ? await startRule(options.extraEnvironments ?? []) : undefined;
  const report = await verifyAllEnvironments({
    locale: options.locale,
    extraEnvironments: options.extraEnvironments,
    ...(mayStart ? { startUnreadable: { mayStart, onStarting: options.onStartingUnreadable } } : {}),
  });
  if (!options.check || !mayStart) return report;
  const parallel = options.parallel ?? defaultParallelChecks(report.gpu ? 1 : 0);
  options.onChecksStarting?.(report.environments.filter((env) => env.frameworks.length > 0), parallel);
  const environments = await runEnvironmentChecks(report.environments, {
    parallel,
    locale: options.locale,
    noNvidiaGpu: report.gpu === null && (await certainlyNoNvidiaGpu(0)),
    amdGpu: report.gpu === null && (await pciHasAmdGpu()),
    mayStart,
    onStart: options.onCheckStarted,
    onProgress: options.onCheckFinished,
    signal: options.signal,
  });
  return { ...report, environments };
}

/**
 * Which interpreters `--run` may start (issue 27 item 3): the caller's and root's (interpreterOwnership), and any the
 * user named with --env. Another user's, or one every user can change, is never started silently: its row says so.
 */
async function startRule(named: readonly string[]): Promise<(interpreter: string, executable?: string) => Promise<boolean>> {
  // A named folder counts even when its layout is unreadable: naming it is the consent the row asked for.
  const given = named.filter((folder) => path.isAbsolute(folder)).map((folder) => path.join(/\/bin\/python[\d.]*$/.test(folder) ? path.dirname(path.dirname(folder)) : path.resolve(folder), 'bin', 'python'));
  const namedInterpreters = new Set([...given, ...(await Promise.all(named.map(addedEnvironment))).flatMap((env) => (env ? [env.path] : []))]);
  // The owner of the file that would run: the quick check runs a row's path as it is, a look the sysroot's (simulated hosts).
  return async (interpreter, executable = interpreter) => namedInterpreters.has(interpreter) || (await interpreterOwnership(executable)).ours;
}
