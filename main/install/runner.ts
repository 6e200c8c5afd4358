import { DlsetupError, toAppError } from '../../shared/errors.js';
import type { Locale } from '../../shared/i18n/localize.js';
import type { ProgressEvent, RunStatus } from '../../shared/types/install.js';
import type { Plan } from '../../shared/types/plan.js';
import type { ElevationChannel, ElevationMode } from './elevation/elevationChannel.js';
import { executeStep } from './executeStep.js';
import { installText } from '../system/installText.js';
import type { InstallOverrides } from './planStepParams.js';
import { openRun, type OpenedRun } from './journal/openRun.js';
import { prepareSteps, type PreparedStep } from './prepareSteps.js';
import { dryRunSteps } from './runDryRun.js';
import { preflightSteps, startHelperIfNeeded } from './runPreflight.js';
import { RunRecord } from './journal/runRecord.js';
import type { RunScope } from './runScope.js';
import { errorIn } from '../../shared/i18n/sayError.js';

export { prepareSteps } from './prepareSteps.js';

export interface RunnerOptions {
  runId: string;
  plan: Plan;
  dryRun?: boolean;
  /** Continue the journalled run `runId` instead of starting fresh. */
  resume?: boolean;
  signal: AbortSignal;
  onEvent: (event: ProgressEvent) => void;
  /** How elevated steps get root; default chosen from the face and uid. */
  elevation?: ElevationMode;
  face?: 'gui' | 'cli';
  nonInteractive?: boolean;
  overrides?: InstallOverrides;
  /** Network steps: attempts after the first and the first backoff. */
  retries?: number;
  retryBackoffMs?: number;
  /** The language of the sentences the run writes for people; a resume without one keeps the run's own. */
  locale?: Locale;
  /** The run as openRun left it (its first entry written); executeRun opens it itself when not given. */
  opened?: OpenedRun;
}

/** Runs (or resumes, or dry-runs) a plan; resolves with the final status, never throws for a failed step. */
export async function executeRun(options: RunnerOptions): Promise<RunStatus> {
  const { runId, plan, signal, retries, retryBackoffMs } = options;
  const { journal, previous, locale } = options.opened ?? openRun(options);
  const say = installText(locale);
  const record = new RunRecord(runId, plan, journal, previous, { dryRun: options.dryRun, resume: options.resume, onEvent: options.onEvent, say });
  record.begin();
  const scope: RunScope = { runId, plan, signal, locale, say, journal, previous, record, retries, retryBackoffMs };
  try {
    return await runSteps(scope, options);
  } catch (error) {
    if (error instanceof DlsetupError && error.code === 'DISK_FULL') return record.finishRun('failed', toAppError(errorIn(error, say.locale)));
    throw error;
  }
}

/** Everything after the run's first entry: a journal that cannot be written (disk full) ends the run with that reason. */
async function runSteps(scope: RunScope, options: RunnerOptions): Promise<RunStatus> {
  const { record, say, signal } = scope;
  let steps: PreparedStep[];
  try {
    steps = prepareSteps(scope.plan, options.overrides, say);
  } catch (error) {
    return record.finishRun('failed', toAppError(error));
  }
  if (options.dryRun) return dryRunSteps(steps, record, say);

  const pending = steps.filter((step) => {
    const state = record.stateOf(step.id);
    return state !== 'succeeded' && state !== 'skipped';
  });
  const refused = await preflightSteps(scope, pending);
  if (refused) return refused;

  let channel: ElevationChannel | null = null;
  try {
    const helper = await startHelperIfNeeded(scope, pending, options);
    if ('finished' in helper) return helper.finished;
    channel = helper.channel;
    for (const step of pending) {
      if (signal.aborted) return record.finishRun('cancelled', { code: 'CANCELLED', message: say('run.cancelled') });
      const finished = await executeStep(scope, step, channel);
      if (finished) return finished;
    }
    return record.finishRun('succeeded');
  } finally {
    await channel?.close().catch(() => undefined);
  }
}
