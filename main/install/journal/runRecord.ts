import { toAppError } from '../../../shared/errors.js';
import type { ProgressEvent, RunStatus, StepSummary } from '../../../shared/types/install.js';
import type { Plan } from '../../../shared/types/plan.js';
import type { InstallSay } from '../../system/installText.js';
import type { JournalChange, JournalEntry } from './journalEntry.js';
import type { RunJournal } from './runJournal.js';
import { overallFraction, stepSummaries } from './runStatusFromJournal.js';
import { errorIn } from '../../../shared/i18n/sayError.js';
import type { StepContextSinks } from '../stepContext.js';
import type { RecordedChange } from './undoRecordedChanges.js';
import { redactSecrets, redactSecretsIn } from '../../system/redactSecrets.js';

/** Distributes events without their envelope; the record adds runId, seq and time. */
type EventBody = ProgressEvent extends infer E ? (E extends ProgressEvent ? Omit<E, 'runId' | 'seq' | 'time'> : never) : never;

type RunError = NonNullable<RunStatus['error']>;

const now = () => new Date().toISOString();

/**
 * What a run has done so far, kept in three places at once: the status the caller gets, the events the UI and CLI
 * show, and the journal that resume and rollback read. Every step and the run itself end through here.
 */
export class RunRecord {
  readonly status: RunStatus;
  private readonly summaries: StepSummary[];
  private readonly summaryById: Map<string, StepSummary>;
  /** Fractions of the steps under way, for the overall fraction. */
  private readonly running = new Map<string, number>();
  private seq: number;

  constructor(
    private readonly runId: string,
    plan: Plan,
    private readonly journal: RunJournal,
    previous: JournalEntry[],
    private readonly options: { dryRun?: boolean; resume?: boolean; onEvent: (event: ProgressEvent) => void; say: InstallSay },
  ) {
    this.seq = previous.length;
    this.summaries = stepSummaries(plan, options.say.locale);
    this.summaryById = new Map(this.summaries.map((summary) => [summary.id, summary]));
    this.status = { runId, state: 'running', fraction: 0, steps: this.summaries, dryRun: !!options.dryRun, startedAt: now(), resumable: false };
    if (options.resume) this.carryOver(previous);
  }

  /** A resumed run starts from what its journal says finished; a step cut short, failed or cancelled runs again. */
  private carryOver(previous: JournalEntry[]): void {
    for (const entry of previous) {
      if (entry.t === 'step-finished') {
        const summary = this.summaryById.get(entry.stepId);
        if (summary) summary.state = entry.state;
      }
    }
    for (const summary of this.summaries) if (summary.state === 'running' || summary.state === 'failed' || summary.state === 'cancelled') summary.state = 'pending';
  }

  /** Every event leaves redacted: it reaches --json-progress, the terminal, the wizard, `serve` clients and the log. */
  emit(body: EventBody): void {
    this.options.onEvent(redactSecretsIn({ ...body, runId: this.runId, seq: this.seq++, time: now() } as ProgressEvent));
  }

  begin(): void {
    const { dryRun, resume } = this.options;
    this.emit({ type: 'run-started', steps: this.summaries.map((s) => ({ ...s })), dryRun: !!dryRun, resumed: !!resume });
  }

  stateOf(stepId: string): StepSummary['state'] {
    return this.summaryById.get(stepId)!.state;
  }

  private overall(): number {
    return (this.status.fraction = overallFraction(this.summaries, this.running));
  }

  startStep(stepId: string): void {
    this.summaryById.get(stepId)!.state = 'running';
    this.journal.append({ t: 'step-started', time: now(), stepId });
    this.emit({ type: 'step-started', stepId });
  }

  finishStep(stepId: string, state: StepSummary['state'], unsafeMessage?: string, errorCode?: string): void {
    // A failure's message may quote a command's output or a URL: the status keeps it redacted, as events and journal do.
    const message = unsafeMessage === undefined ? undefined : redactSecrets(unsafeMessage);
    const summary = this.summaryById.get(stepId)!;
    summary.state = state;
    if (message) summary.message = message;
    if (errorCode) summary.errorCode = errorCode;
    this.running.delete(stepId);
    this.journal.append({ t: 'step-finished', time: now(), stepId, state, ...(message ? { message } : {}), ...(errorCode ? { errorCode } : {}) });
    this.emit({ type: 'step-finished', stepId, state, ...(message ? { message } : {}), ...(errorCode ? { errorCode } : {}) });
    this.overall();
  }

  finishRun(state: RunStatus['state'], unsafeError?: RunError): RunStatus {
    let error = unsafeError && redactSecretsIn(unsafeError);
    const { status } = this;
    status.state = state;
    status.finishedAt = now();
    status.fraction = overallFraction(this.summaries, this.running);
    status.resumable = !this.options.dryRun && state !== 'succeeded';
    if (error) status.error = error;
    try {
      this.journal.append({ t: 'run-finished', time: now(), state, ...(error ? { errorCode: error.code, message: error.message } : {}) });
    } catch (journalError) {
      // Unrecorded, the run cannot claim its end: it is resumable, and the reason (a full disk) is what to act on.
      const appError = toAppError(errorIn(journalError, this.options.say.locale));
      status.state = state = state === 'succeeded' ? 'failed' : state;
      status.resumable = !this.options.dryRun;
      status.error = error = appError;
    }
    this.emit({ type: 'run-finished', state, ...(error ? { errorCode: error.code, message: error.message } : {}) });
    return status;
  }

  /** Where a step's logs, progress, changes and commands go; a change is also kept in `stepChanges` for its undo. */
  sinksFor(step: { id: string; kind: string }, stepChanges: RecordedChange[], elevated: boolean): StepContextSinks {
    return {
      log: (stream, line, command) => this.emit({ type: 'step-log', stepId: step.id, stream, line, ...(command ? { command } : {}) }),
      progress: (fraction, detail, bytes) => {
        if (fraction !== null) this.running.set(step.id, fraction);
        this.emit({ type: 'step-progress', stepId: step.id, fraction, detail, ...(bytes ? { bytes } : {}), overall: this.overall() });
      },
      record: (change: JournalChange) => {
        // Known to the step's own undo even when the journal cannot take it (a full disk).
        stepChanges.push({ stepId: step.id, kind: step.kind, elevated, change });
        this.journal.append({ t: 'change', time: now(), stepId: step.id, elevated, change });
      },
      command: (record) => this.journal.append({ t: 'command', time: now(), stepId: step.id, ...record }),
    };
  }
}
