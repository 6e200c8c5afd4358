import { DlsetupError } from '../../../shared/errors.js';
import type { Locale } from '../../../shared/i18n/localize.js';
import type { RollbackPreview, RollbackResult } from '../../../shared/types/install.js';
import { chooseElevationMode, startElevation, type ElevationChannel, type ElevationMode } from '../elevation/elevationChannel.js';
import { installText, type InstallSay } from '../../system/installText.js';
import type { JournalEntry } from './journalEntry.js';
import { damageSentence, journalLocale } from './openRun.js';
import { RunJournal, readRunJournal } from './runJournal.js';
import { describeUndo } from './undoChange.js';
import { undoOrder, undoRecordedChanges, type RecordedChange } from './undoRecordedChanges.js';

export interface RollbackOptions {
  dryRun?: boolean;
  elevation?: ElevationMode;
  face?: 'gui' | 'cli';
  nonInteractive?: boolean;
  onLog?: (line: string) => void;
  /** The language of the preview, notes and errors; the run's own (its journal's) when not given. */
  locale?: Locale;
}

/** The run's changes that are still in place (not undone by a cancel or an earlier rollback), oldest first. */
function outstandingChanges(entries: JournalEntry[]): RecordedChange[] {
  const started = entries.find((entry) => entry.t === 'run-started');
  const kinds = new Map(started?.t === 'run-started' ? started.plan.steps.map((step) => [step.id, step.kind]) : []);
  const undone = new Map<string, number>();
  for (const entry of entries) {
    if (entry.t === 'rollback-undone' && entry.ok) {
      const key = `${entry.stepId}\0${JSON.stringify(entry.change)}`;
      undone.set(key, (undone.get(key) ?? 0) + 1);
    }
  }
  const changes: RecordedChange[] = [];
  for (const entry of entries) {
    if (entry.t !== 'change') continue;
    const key = `${entry.stepId}\0${JSON.stringify(entry.change)}`;
    const count = undone.get(key) ?? 0;
    if (count > 0) {
      undone.set(key, count - 1);
      continue;
    }
    changes.push({ stepId: entry.stepId, kind: kinds.get(entry.stepId) ?? 'unknown', elevated: entry.elevated, change: entry.change });
  }
  // file-written hashes of undone changes still matter for later edits, but only outstanding ones are undone.
  return changes;
}

/** The undo actions of `changes`, newest first, in `say`'s language. */
function previewOf(runId: string, changes: RecordedChange[], say: InstallSay): RollbackPreview {
  const actions = undoOrder(changes).flatMap((recorded) => {
    const described = describeUndo(recorded.change, say);
    return described ? [{ stepId: recorded.stepId, kind: described.kind, description: described.description, elevated: recorded.elevated }] : [];
  });
  return { runId, actions };
}

/**
 * Shows, then undoes, what one run changed: backups restored, what it installed removed, nothing else touched. A
 * journal with damaged lines is undone as far as it can be read, and the result is never ok: what those lines
 * recorded is unknown, so the rollback says it is not complete and names them (already in the preview's notes).
 */
export async function rollbackRun(runId: string, options: RollbackOptions = {}): Promise<RollbackResult> {
  const read = readRunJournal(runId, installText(options.locale));
  const entries = read.entries;
  // The language asked for, else the one the run itself was started (or resumed) in.
  const locale = options.locale ?? journalLocale(entries);
  const say = installText(locale);
  const changes = outstandingChanges(entries);
  const preview = previewOf(runId, changes, say);
  const damage = read.damaged.length ? [say('rollback.notComplete', { damage: damageSentence(runId, read.file, read.damaged, say) })] : [];
  if (options.dryRun || preview.actions.length === 0) return { preview, applied: false, ok: damage.length === 0, notes: damage };
  const journal = new RunJournal(runId);
  journal.append({ t: 'rollback-started', time: new Date().toISOString(), dryRun: false });
  let channel: ElevationChannel | null = null;
  try {
    if (changes.some((change) => change.elevated)) {
      channel = await startElevation(options.elevation ?? chooseElevationMode(options.face ?? 'gui', !!options.nonInteractive), runId, locale);
    }
    const result = await undoRecordedChanges(changes, { runId, channel, onLog: options.onLog ?? (() => undefined), journal, locale });
    const ok = result.ok && damage.length === 0;
    const notes = [...result.notes, ...damage];
    journal.append({ t: 'rollback-finished', time: new Date().toISOString(), ok, ...(notes.length ? { message: notes.join(' ') } : {}) });
    return { preview, applied: true, ok, notes };
  } catch (error) {
    journal.append({ t: 'rollback-finished', time: new Date().toISOString(), ok: false, message: (error as Error).message });
    if (error instanceof DlsetupError) throw error;
    throw say.error('COMMAND_FAILED', 'rollback.failed', { runId, reason: (error as Error).message });
  } finally {
    await channel?.close().catch(() => undefined);
  }
}
