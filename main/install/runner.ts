import { DlsetupError, toAppError } from '../../shared/errors.js';
import type { Locale } from '../../shared/i18n/localize.js';
import type { ProgressEvent, RunStatus, StepSummary } from '../../shared/types/install.js';
import type { Plan } from '../../shared/types/plan.js';
import { chooseElevationMode, startElevation, type ElevationChannel, type ElevationMode } from './elevation/elevationChannel.js';
import type { InstallStep, RunOutcome, StepContext, StepParams } from './installStep.js';
import { installText, sayList, type InstallSay } from './installText.js';
import type { JournalChange, JournalEntry } from './journalEntry.js';
import { planStepParams, type InstallOverrides } from './planStepParams.js';
import { openRun, type OpenedRun } from './openRun.js';
import { userBackupDir, type RunJournal } from './runJournal.js';
import { currentBootId, overallFraction, stepSummaries } from './runStatusFromJournal.js';
import { errorIn } from './sayableError.js';
import { createStepContext, quoteForDisplay, type StepContextSinks } from './stepContext.js';
import { stepForKind } from './stepRegistry.js';
import { undoRecordedChanges, type RecordedChange } from './undoRecordedChanges.js';

/** Distributes events without their envelope; the runner adds runId, seq and time. */
type EventBody = ProgressEvent extends infer E ? (E extends ProgressEvent ? Omit<E, 'runId' | 'seq' | 'time'> : never) : never;

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

interface PreparedStep {
  id: string;
  kind: string;
  title: string;
  impl: InstallStep<unknown>;
  params: unknown;
  elevated: boolean;
}

/** Checks the plan's shape and every step's params before anything runs: a bad plan changes nothing. */
export function prepareSteps(plan: Plan, overrides: InstallOverrides = {}, say: InstallSay = installText()): PreparedStep[] {
  if (!plan || typeof plan !== 'object' || !Array.isArray(plan.steps)) throw new DlsetupError('INVALID_ARGUMENT', say('run.notAPlan'));
  if (plan.status === 'blocked') {
    const reasons = plan.blockers?.map((b) => b.message).join(' ');
    throw new DlsetupError('PLAN_BLOCKED', reasons ? say('run.planBlocked', { reasons }) : say('run.planBlockedNoReason'));
  }
  const ids = new Set<string>();
  const prepared = plan.steps.map((step) => {
    if (typeof step.id !== 'string' || !/^[A-Za-z0-9._:-]{1,80}$/.test(step.id) || ids.has(step.id)) {
      throw new DlsetupError('INVALID_ARGUMENT', say('run.badStepId', { id: String(JSON.stringify(step.id)) }));
    }
    ids.add(step.id);
    let impl: InstallStep<unknown>;
    let params: unknown;
    try {
      impl = stepForKind(step.kind);
      params = impl.parse(planStepParams(plan, step, overrides));
    } catch (error) {
      throw errorIn(error, say);
    }
    const elevated = typeof impl.elevated === 'function' ? impl.elevated(params) : impl.elevated;
    return { id: step.id, kind: step.kind, title: step.title, impl, params, elevated };
  });
  // Variables for the Python environment can only be written once that environment exists.
  const envIndex = prepared.findIndex((step) => step.kind === 'python-env');
  const late = prepared.filter((step, index) => step.kind === 'env-vars' && (step.params as { scope?: string }).scope === 'environment' && index < envIndex);
  if (!late.length) return prepared;
  const rest = prepared.filter((step) => !late.includes(step));
  rest.splice(rest.findIndex((step) => step.kind === 'python-env') + 1, 0, ...late);
  return rest;
}

function sleep(ms: number, signal: AbortSignal, say: InstallSay): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DlsetupError('CANCELLED', say('run.cancelled')));
      },
      { once: true },
    );
  });
}

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

/** Runs (or resumes, or dry-runs) a plan; resolves with the final status, never throws for a failed step. */
export async function executeRun(options: RunnerOptions): Promise<RunStatus> {
  const { runId, plan, signal } = options;
  const { journal, previous, locale } = options.opened ?? openRun(options);
  const say = installText(locale);
  let seq = previous.length;
  const emit = (body: EventBody) => options.onEvent({ ...body, runId, seq: seq++, time: new Date().toISOString() } as ProgressEvent);
  const now = () => new Date().toISOString();

  const summaries: StepSummary[] = stepSummaries(plan);
  const summaryById = new Map(summaries.map((summary) => [summary.id, summary]));
  const running = new Map<string, number>();
  const status: RunStatus = { runId, state: 'running', fraction: 0, steps: summaries, dryRun: !!options.dryRun, startedAt: now(), resumable: false };
  const overall = () => (status.fraction = overallFraction(summaries, running));

  const finishRun = (state: RunStatus['state'], error?: { code: string; message: string; detail?: string }): RunStatus => {
    status.state = state;
    status.finishedAt = now();
    status.fraction = overallFraction(summaries, running);
    status.resumable = !options.dryRun && state !== 'succeeded';
    if (error) status.error = error;
    try {
      journal.append({ t: 'run-finished', time: now(), state, ...(error ? { errorCode: error.code, message: error.message } : {}) });
    } catch (journalError) {
      // Unrecorded, the run cannot claim its end: it is resumable, and the reason (a full disk) is what to act on.
      const appError = toAppError(errorIn(journalError, say));
      status.state = state = state === 'succeeded' ? 'failed' : state;
      status.resumable = !options.dryRun;
      status.error = error = appError;
    }
    emit({ type: 'run-finished', state, ...(error ? { errorCode: error.code, message: error.message } : {}) });
    return status;
  };

  if (options.resume) {
    for (const entry of previous) {
      if (entry.t === 'step-finished') {
        const summary = summaryById.get(entry.stepId);
        if (summary) summary.state = entry.state;
      }
    }
    for (const summary of summaries) if (summary.state === 'running' || summary.state === 'failed' || summary.state === 'cancelled') summary.state = 'pending';
  }
  emit({ type: 'run-started', steps: summaries.map((s) => ({ ...s })), dryRun: !!options.dryRun, resumed: !!options.resume });

  // Everything after the run's first entry: a journal that cannot be written (disk full) ends the run with that reason.
  const runSteps = async (): Promise<RunStatus> => {
    let steps: PreparedStep[];
    try {
      steps = prepareSteps(plan, options.overrides, say);
    } catch (error) {
      const appError = toAppError(error);
      return finishRun('failed', appError);
    }

    const finishStep = (step: PreparedStep, state: StepSummary['state'], message?: string, errorCode?: string) => {
      const summary = summaryById.get(step.id)!;
      summary.state = state;
      if (message) summary.message = message;
      if (errorCode) summary.errorCode = errorCode;
      running.delete(step.id);
      journal.append({ t: 'step-finished', time: now(), stepId: step.id, state, ...(message ? { message } : {}), ...(errorCode ? { errorCode } : {}) });
      emit({ type: 'step-finished', stepId: step.id, state, ...(message ? { message } : {}), ...(errorCode ? { errorCode } : {}) });
      overall();
    };

    if (options.dryRun) {
      for (const step of steps) {
        emit({ type: 'step-started', stepId: step.id });
        for (const command of step.impl.describe(step.params, say)) {
          const text = command.argv.length ? `$ ${command.argv.map(quoteForDisplay).join(' ')}` : `# ${command.note}`;
          emit({ type: 'step-log', stepId: step.id, stream: 'info', line: `${command.elevated ? '[root] ' : ''}${text}${command.argv.length && command.note ? `   # ${command.note}` : ''}` });
        }
        finishStep(step, 'skipped', say('run.dryRunNothingChanged'));
      }
      return finishRun('succeeded');
    }

    const pending = steps.filter((step) => {
      const state = summaryById.get(step.id)!.state;
      return state !== 'succeeded' && state !== 'skipped';
    });

    const makeContext = (step: PreparedStep, stepChanges: RecordedChange[], elevated: boolean): { ctx: StepContext; sinks: StepContextSinks } => {
      const sinks: StepContextSinks = {
        log: (stream, line, command) => emit({ type: 'step-log', stepId: step.id, stream, line, ...(command ? { command } : {}) }),
        progress: (fraction, detail, bytes) => {
          if (fraction !== null) running.set(step.id, fraction);
          emit({ type: 'step-progress', stepId: step.id, fraction, detail, ...(bytes ? { bytes } : {}), overall: overall() });
        },
        record: (change: JournalChange) => {
          // Known to the step's own undo even when the journal cannot take it (a full disk).
          stepChanges.push({ stepId: step.id, kind: step.kind, elevated, change });
          journal.append({ t: 'change', time: now(), stepId: step.id, elevated, change });
        },
        command: (record) => journal.append({ t: 'command', time: now(), stepId: step.id, ...record }),
      };
      const ctx = createStepContext({ runId, stepId: step.id, signal, elevated: false, plan, backupDir: userBackupDir(runId), sinks, locale });
      return { ctx, sinks };
    };

    // Notices (Secure Boot, reboots) are shown before anything starts, never after; a step this host cannot run
    // fails here, before any password prompt and any change.
    for (const step of pending) {
      if (!step.impl.notices && !step.impl.preflight) continue;
      const probe = makeContext(step, [], false).ctx;
      if ((await step.impl.check(step.params, probe).catch(() => ({ satisfied: false }))).satisfied) continue;
      try {
        await step.impl.preflight?.(step.params, say);
      } catch (error) {
        const appError = toAppError(error);
        finishStep(step, 'failed', appError.message, appError.code);
        return finishRun('failed', appError);
      }
      for (const notice of (await step.impl.notices?.(step.params, say)) ?? []) emit({ type: 'step-log', stepId: step.id, stream: 'info', line: say('run.beforeYouStart', { notice }) });
    }

    let channel: ElevationChannel | null = null;
    try {
      // One helper per run, started before the first change so a refused password leaves the machine untouched.
      const needsRoot: PreparedStep[] = [];
      for (const step of pending) {
        if (!step.elevated) continue;
        const state = summaryById.get(step.id)!.state;
        if (state === 'needs-reboot') continue;
        const check = await step.impl.check(step.params, makeContext(step, [], false).ctx).catch(() => ({ satisfied: false }));
        if (!check.satisfied) needsRoot.push(step);
      }
      if (needsRoot.length) {
        const mode = options.elevation ?? chooseElevationMode(options.face ?? 'gui', !!options.nonInteractive);
        emit({ type: 'step-log', stepId: needsRoot[0]!.id, stream: 'info', line: say('run.adminNeeded', { steps: sayList(say, needsRoot.map((s) => s.title)), mode }) });
        try {
          channel = await startElevation(mode, runId, locale);
        } catch (error) {
          const appError = toAppError(error);
          return finishRun('failed', appError.code === 'UNAUTHORIZED' ? { ...appError, code: 'ELEVATION_DENIED' } : appError);
        }
      }

      for (const step of pending) {
        if (signal.aborted) return finishRun('cancelled', { code: 'CANCELLED', message: say('run.cancelled') });
        const summary = summaryById.get(step.id)!;
        const wasWaitingForReboot = summary.state === 'needs-reboot';
        summary.state = 'running';
        journal.append({ t: 'step-started', time: now(), stepId: step.id });
        emit({ type: 'step-started', stepId: step.id });
        const stepChanges: RecordedChange[] = [];
        const { ctx, sinks } = makeContext(step, stepChanges, false);
        try {
          const check = await step.impl.check(step.params, ctx);
          if (check.satisfied) {
            finishStep(step, wasWaitingForReboot ? 'succeeded' : 'skipped', check.message);
            continue;
          }
          if (wasWaitingForReboot) {
            const bootIds = previous.filter((e): e is Extract<JournalEntry, { t: 'run-started' | 'run-resumed' }> => e.t === 'run-started' || e.t === 'run-resumed');
            const lastBoot = bootIds[bootIds.length - 1]?.bootId ?? null;
            if (lastBoot !== null && lastBoot === currentBootId()) {
              finishStep(step, 'needs-reboot', say('run.restartFirst'));
              return finishRun('needs-reboot');
            }
            throw new DlsetupError('COMMAND_FAILED', say('run.driverDidNotLoad'));
          }
          let outcome: RunOutcome = {};
          const attempts = step.impl.network ? (options.retries ?? 2) + 1 : 1;
          for (let attempt = 1; ; attempt++) {
            try {
              const params = step.impl.prepare ? await step.impl.prepare(step.params, ctx) : step.params;
              if (step.elevated) {
                if (!channel) throw new DlsetupError('INTERNAL', say('run.noHelper'));
                const elevatedSinks: StepContextSinks = { ...makeContext(step, stepChanges, true).sinks };
                outcome = await channel.runStep(step.id, step.kind, params as StepParams, elevatedSinks, signal);
              } else {
                outcome = await step.impl.run(params, ctx);
              }
              break;
            } catch (error) {
              const code = (error as DlsetupError).code;
              if (signal.aborted || code !== 'NETWORK' || attempt >= attempts) throw error;
              const delay = (options.retryBackoffMs ?? 2000) * 2 ** (attempt - 1);
              sinks.log('info', say('run.networkRetry', { reason: (error as Error).message, seconds: Math.round(delay / 1000), attempt: attempt + 1, attempts }));
              await sleep(delay, signal, say);
            }
          }
          if (outcome.needsReboot) {
            finishStep(step, 'needs-reboot', outcome.message);
            return finishRun('needs-reboot');
          }
          finishStep(step, 'succeeded', outcome.message);
        } catch (error) {
          const cancelled = signal.aborted;
          const appError = cancelled ? { code: 'CANCELLED' as const, message: say('run.cancelled') } : toAppError(errorIn(error, say));
          if (stepChanges.length) {
            sinks.log('info', stepChanges.length === 1 ? say('run.undoingOne') : say('run.undoingMany', { count: stepChanges.length }));
            const undone = await undoRecordedChanges(stepChanges, { runId, channel, onLog: (line) => sinks.log('info', line), journal: bestEffort(journal), locale });
            if (!undone.ok) sinks.log('info', say('run.undoIncomplete', { notes: undone.notes.join(' ') }));
          }
          finishStep(step, cancelled ? 'cancelled' : 'failed', appError.message, appError.code);
          return finishRun(cancelled ? 'cancelled' : 'failed', appError);
        }
      }
      return finishRun('succeeded');
    } finally {
      await channel?.close().catch(() => undefined);
    }
  };
  try {
    return await runSteps();
  } catch (error) {
    if (error instanceof DlsetupError && error.code === 'DISK_FULL') return finishRun('failed', toAppError(errorIn(error, say)));
    throw error;
  }
}
