import path from 'node:path';
import type { Locale } from '../../../shared/i18n/localize.js';
import type { ElevationChannel } from '../elevation/elevationChannel.js';
import { installText } from '../../system/installText.js';
import type { JournalChange } from './journalEntry.js';
import type { RunJournal } from './runJournal.js';
import { userBackupDir } from './runJournal.js';
import { createStepContext, type StepContextSinks } from '../stepContext.js';
import { describeUndo, undoChange, type WrittenHashes } from './undoChange.js';
import { helperText } from '../elevation/helperText.js';

export interface RecordedChange {
  stepId: string;
  kind: string;
  elevated: boolean;
  change: JournalChange;
}

export interface UndoOptions {
  runId: string;
  channel: ElevationChannel | null;
  onLog: (line: string) => void;
  journal?: Pick<RunJournal, 'append'>;
  /** The language of the notes (and of the in-process undo's sentences); English when not given. */
  locale?: Locale;
}

/** Changes that need not be undone one by one because a folder the run created (a venv) goes as a whole. */
function coveredByOwnedDir(change: JournalChange, owned: string[]): boolean {
  if (change.type !== 'packages-installed' && change.type !== 'packages-upgraded') return false;
  const python = change.python;
  return !!python && owned.some((dir) => python.startsWith(`${dir}${path.sep}`));
}

/** The last sha256 the run wrote to each path (to notice later edits by the user). */
export function writtenHashes(changes: RecordedChange[]): WrittenHashes {
  const map: WrittenHashes = new Map();
  for (const { change } of changes) if (change.type === 'file-written') map.set(change.path, change.sha256);
  return map;
}

/** ldconfig and update-initramfs read files: they run once, after the other undos of their step. */
function isRefresh(change: JournalChange): boolean {
  return change.type === 'needs-ldconfig' || change.type === 'needs-initramfs';
}

/** Newest first, split into runs of one step at one privilege level (one helper request each). */
function undoGroups(changes: RecordedChange[]): RecordedChange[][] {
  const owned = changes.flatMap((c) => (c.change.type === 'dir-created' && c.change.owned ? [c.change.path] : []));
  const groups: RecordedChange[][] = [];
  for (const change of changes.filter((c) => c.change.type !== 'file-written' && !coveredByOwnedDir(c.change, owned)).reverse()) {
    const last = groups[groups.length - 1];
    if (last && last[0]!.stepId === change.stepId && last[0]!.elevated === change.elevated) last.push(change);
    else groups.push([change]);
  }
  return groups.map((group) => [...group.filter((c) => !isRefresh(c.change)), ...group.filter((c) => isRefresh(c.change))]);
}

/** The changes rollback acts on, in the order the undo does them (what the preview lists). */
export function undoOrder(changes: RecordedChange[]): RecordedChange[] {
  return undoGroups(changes).flat();
}

/**
 * Undoes changes newest first, step by step; elevated ones go through the run's helper as one typed descriptor per
 * step, the user's own in-process. ldconfig and update-initramfs run after the files they read are back.
 */
export async function undoRecordedChanges(changes: RecordedChange[], options: UndoOptions): Promise<{ ok: boolean; notes: string[] }> {
  const written = writtenHashes(changes);
  const say = installText(options.locale);
  const groups = undoGroups(changes);
  const notes: string[] = [];
  let ok = true;
  const time = () => new Date().toISOString();
  const removedDirs = new Set<string>();
  const undone = (c: RecordedChange) => {
    if (c.change.type === 'dir-created' && c.change.owned) removedDirs.add(c.change.path);
  };
  for (const group of groups) {
    const first = group[0]!;
    const sinks: StepContextSinks = {
      log: (stream, line) => {
        if (stream === 'info') options.onLog(line);
      },
      progress: () => undefined,
      record: () => undefined,
      command: () => undefined,
    };
    if (first.elevated) {
      try {
        if (!options.channel) throw say.error('ELEVATION_DENIED', 'undo.needsAdmin');
        // The request names the step only: the helper undoes what its own root-owned journal says that step did.
        const result = await options.channel.undo(first.stepId, sinks);
        notes.push(...(result.notes ?? []));
        const helperSay = helperText(options.locale);
        const accounted = new Map<string, number>();
        for (const change of result.undone ?? []) accounted.set(JSON.stringify(change), (accounted.get(JSON.stringify(change)) ?? 0) + 1);
        for (const c of group) {
          const key = JSON.stringify(c.change);
          const count = accounted.get(key) ?? 0;
          if (count > 0) {
            accounted.set(key, count - 1);
            undone(c);
            options.journal?.append({ t: 'rollback-undone', time: time(), stepId: c.stepId, change: c.change, ok: true });
            continue;
          }
          // This journal claims a change the helper never recorded: nothing was done for it.
          const message = helperSay('helper.notRecorded', { change: describeUndo(c.change, say)?.description ?? c.change.type });
          ok = false;
          notes.push(`${c.stepId}: ${message}`);
          options.journal?.append({ t: 'rollback-undone', time: time(), stepId: c.stepId, change: c.change, ok: false, message });
        }
      } catch (error) {
        ok = false;
        notes.push(`${first.stepId}: ${(error as Error).message}`);
        for (const c of group) options.journal?.append({ t: 'rollback-undone', time: time(), stepId: c.stepId, change: c.change, ok: false, message: (error as Error).message });
      }
      continue;
    }
    // Undo must work even when the install's own signal was the cancel that brought us here.
    const ctx = createStepContext({ runId: options.runId, stepId: first.stepId, signal: new AbortController().signal, elevated: false, plan: null, backupDir: userBackupDir(options.runId), sinks, locale: options.locale });
    for (const c of group) {
      try {
        const note = await undoChange(c.change, ctx, written);
        if (note) notes.push(note);
        undone(c);
        options.journal?.append({ t: 'rollback-undone', time: time(), stepId: c.stepId, change: c.change, ok: true, ...(note ? { message: note } : {}) });
      } catch (error) {
        ok = false;
        notes.push(`${c.stepId}: ${(error as Error).message}`);
        options.journal?.append({ t: 'rollback-undone', time: time(), stepId: c.stepId, change: c.change, ok: false, message: (error as Error).message });
      }
    }
  }
  // Packages inside a removed venv went with it: journal them as undone, or a later rollback would try pip in a missing venv.
  for (const c of changes) {
    const dir = [...removedDirs].find((removed) => coveredByOwnedDir(c.change, [removed]));
    if (dir) options.journal?.append({ t: 'rollback-undone', time: time(), stepId: c.stepId, change: c.change, ok: true, message: `removed with ${dir}` });
  }
  return { ok, notes };
}
