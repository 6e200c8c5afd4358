import type { Locale } from '../../shared/i18n/localize.js';
import type { Plan } from '../../shared/types/plan.js';
import type { StepContext } from './installStep.js';
import type { InstallSay } from '../system/installText.js';
import type { JournalEntry } from './journal/journalEntry.js';
import type { PreparedStep } from './prepareSteps.js';
import { userBackupDir, type RunJournal } from './journal/runJournal.js';
import type { RunRecord } from './journal/runRecord.js';
import { createStepContext, type StepContextSinks } from './stepContext.js';
import type { RecordedChange } from './journal/undoRecordedChanges.js';

/** What every phase of one run works with: the run, its language, its journal and its record. */
export interface RunScope {
  runId: string;
  plan: Plan;
  signal: AbortSignal;
  locale: Locale;
  say: InstallSay;
  journal: RunJournal;
  /** The journal's entries before this run (or this resume) began. */
  previous: JournalEntry[];
  record: RunRecord;
  /** Network steps: attempts after the first and the first backoff. */
  retries?: number;
  retryBackoffMs?: number;
}

/** The unprivileged context a step checks and runs in; the changes it records are also kept in `stepChanges`. */
export function stepContext(scope: RunScope, step: PreparedStep, stepChanges: RecordedChange[] = []): { ctx: StepContext; sinks: StepContextSinks } {
  const { runId, signal, plan, locale } = scope;
  const sinks = scope.record.sinksFor(step, stepChanges, false);
  const ctx = createStepContext({ runId, stepId: step.id, signal, elevated: false, plan, backupDir: userBackupDir(runId), sinks, locale });
  return { ctx, sinks };
}
