import { toAppError } from '../../shared/errors.js';
import type { RunStatus } from '../../shared/types/install.js';
import type { ElevationChannel } from './elevation/elevationChannel.js';
import type { RunOutcome, StepContext, StepParams } from './installStep.js';
import type { JournalEntry } from './journal/journalEntry.js';
import { withNetworkRetries } from '../download/networkRetry.js';
import type { PreparedStep } from './prepareSteps.js';
import type { RunJournal } from './journal/runJournal.js';
import { stepContext, type RunScope } from './runScope.js';
import { currentBootId } from './journal/runStatusFromJournal.js';
import { errorIn } from '../../shared/i18n/sayError.js';
import type { StepContextSinks } from './stepContext.js';
import { undoRecordedChanges, type RecordedChange } from './journal/undoRecordedChanges.js';

/** The undo after a failed step goes on even when its record cannot be written: the undo matters more. */
function bestEffort(journal: RunJournal): Pick<RunJournal, 'append'> {
  return {
    append(entry) {
      try {
        journal.append(entry);
      } catch {
        // A full disk: rollback later finds these changes still outstanding and undoes them again (harmless).
      }
    },
  };
}

/** A step that waited for a restart and is still not done: before the restart it waits on, else the driver did not load. */
function stillWaitingForReboot(scope: RunScope, step: PreparedStep): RunStatus {
  const { previous, record, say } = scope;
  const bootIds = previous.filter((e): e is Extract<JournalEntry, { t: 'run-started' | 'run-resumed' }> => e.t === 'run-started' || e.t === 'run-resumed');
  const lastBoot = bootIds[bootIds.length - 1]?.bootId ?? null;
  if (lastBoot !== null && lastBoot === currentBootId()) {
    record.finishStep(step.id, 'needs-reboot', say('run.restartFirst'));
    return record.finishRun('needs-reboot');
  }
  throw say.error('COMMAND_FAILED', 'run.driverDidNotLoad');
}

/** One try of the step: prepared unprivileged, then run here or, for root, by the helper. */
async function runOnce(scope: RunScope, step: PreparedStep, ctx: StepContext, stepChanges: RecordedChange[], channel: ElevationChannel | null): Promise<RunOutcome> {
  const params = step.impl.prepare ? await step.impl.prepare(step.params, ctx) : step.params;
  if (!step.elevated) return step.impl.run(params, ctx);
  if (!channel) throw scope.say.error('INTERNAL', 'run.noHelper');
  return channel.runStep(step.id, step.kind, params as StepParams, scope.record.sinksFor(step, stepChanges, true), scope.signal);
}

/** A failed or cancelled step undoes what it changed, then ends the run with its reason. */
async function failStep(scope: RunScope, step: PreparedStep, error: unknown, stepChanges: RecordedChange[], sinks: StepContextSinks, channel: ElevationChannel | null): Promise<RunStatus> {
  const { runId, record, say, locale } = scope;
  const cancelled = scope.signal.aborted;
  const appError = cancelled ? toAppError(say.error('CANCELLED', 'run.cancelled')) : toAppError(errorIn(error, say.locale));
  if (stepChanges.length) {
    sinks.log('info', stepChanges.length === 1 ? say('run.undoingOne') : say('run.undoingMany', { count: stepChanges.length }));
    const undone = await undoRecordedChanges(stepChanges, { runId, channel, onLog: (line) => sinks.log('info', line), journal: bestEffort(scope.journal), locale });
    if (!undone.ok) sinks.log('info', say('run.undoIncomplete', { notes: undone.notes.join(' ') }));
  }
  record.finishStep(step.id, cancelled ? 'cancelled' : 'failed', appError.message, appError.code);
  return record.finishRun(cancelled ? 'cancelled' : 'failed', appError);
}

/**
 * Runs one pending step with its journal entries and progress: skipped when its check is already satisfied, retried
 * on network failures, undone when it fails. Resolves with the finished run when the run ends here (a failure, a
 * cancel, a restart to wait for), with null when the next step may start.
 */
export async function executeStep(scope: RunScope, step: PreparedStep, channel: ElevationChannel | null): Promise<RunStatus | null> {
  const { record } = scope;
  const wasWaitingForReboot = record.stateOf(step.id) === 'needs-reboot';
  record.startStep(step.id);
  const stepChanges: RecordedChange[] = [];
  const { ctx, sinks } = stepContext(scope, step, stepChanges);
  try {
    const check = await step.impl.check(step.params, ctx);
    if (check.satisfied) {
      record.finishStep(step.id, wasWaitingForReboot ? 'succeeded' : 'skipped', check.message);
      return null;
    }
    if (wasWaitingForReboot) return stillWaitingForReboot(scope, step);
    const attempts = step.impl.network ? (scope.retries ?? 2) + 1 : 1;
    const retry = { attempts, backoffMs: scope.retryBackoffMs ?? 2000, signal: scope.signal, say: scope.say, log: (line: string) => sinks.log('info', line) };
    const outcome = await withNetworkRetries(retry, () => runOnce(scope, step, ctx, stepChanges, channel));
    if (outcome.needsReboot) {
      record.finishStep(step.id, 'needs-reboot', outcome.message);
      return record.finishRun('needs-reboot');
    }
    record.finishStep(step.id, 'succeeded', outcome.message);
    return null;
  } catch (error) {
    return failStep(scope, step, error, stepChanges, sinks, channel);
  }
}
