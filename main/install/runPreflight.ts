import { toAppError } from '../../shared/errors.js';
import type { RunStatus } from '../../shared/types/install.js';
import { chooseElevationMode, startElevation, type ElevationChannel, type ElevationMode } from './elevation/elevationChannel.js';
import { sayList } from '../system/installText.js';
import type { PreparedStep } from './prepareSteps.js';
import { stepContext, type RunScope } from './runScope.js';

/** Whether `step` has nothing left to do on this host; a check that fails counts as "not yet". */
async function alreadyDone(scope: RunScope, step: PreparedStep): Promise<boolean> {
  return (await step.impl.check(step.params, stepContext(scope, step).ctx).catch(() => ({ satisfied: false }))).satisfied;
}

/**
 * Notices (Secure Boot, reboots) are shown before anything starts, never after; a step this host cannot run fails
 * here, before any password prompt and any change. Resolves with the finished run when a step cannot run.
 */
export async function preflightSteps(scope: RunScope, pending: PreparedStep[]): Promise<RunStatus | null> {
  const { record, say } = scope;
  for (const step of pending) {
    if (!step.impl.notices && !step.impl.preflight) continue;
    if (await alreadyDone(scope, step)) continue;
    try {
      await step.impl.preflight?.(step.params, say);
    } catch (error) {
      const appError = toAppError(error);
      record.finishStep(step.id, 'failed', appError.message, appError.code);
      return record.finishRun('failed', appError);
    }
    for (const notice of (await step.impl.notices?.(step.params, say)) ?? []) record.emit({ type: 'step-log', stepId: step.id, stream: 'info', line: say('run.beforeYouStart', { notice }) });
  }
  return null;
}

/** How the run gets root when it needs it: the caller's mode, else one chosen from the face and uid. */
export interface HelperChoice {
  elevation?: ElevationMode;
  face?: 'gui' | 'cli';
  nonInteractive?: boolean;
}

/**
 * One helper per run, started before the first change so a refused password leaves the machine untouched; none when
 * no elevated step has anything left to do. Resolves with the finished run when the helper could not start.
 */
export async function startHelperIfNeeded(scope: RunScope, pending: PreparedStep[], choice: HelperChoice): Promise<{ channel: ElevationChannel | null } | { finished: RunStatus }> {
  const { record, say } = scope;
  const needsRoot: PreparedStep[] = [];
  for (const step of pending) {
    if (!step.elevated || record.stateOf(step.id) === 'needs-reboot') continue;
    if (!(await alreadyDone(scope, step))) needsRoot.push(step);
  }
  if (!needsRoot.length) return { channel: null };
  const mode = choice.elevation ?? chooseElevationMode(choice.face ?? 'gui', !!choice.nonInteractive);
  record.emit({ type: 'step-log', stepId: needsRoot[0]!.id, stream: 'info', line: say('run.adminNeeded', { steps: sayList(say, needsRoot.map((s) => s.title)), mode }) });
  try {
    return { channel: await startElevation(mode, scope.runId, scope.locale) };
  } catch (error) {
    const appError = toAppError(error);
    return { finished: record.finishRun('failed', appError.code === 'UNAUTHORIZED' ? { ...appError, code: 'ELEVATION_DENIED' } : appError) };
  }
}
