import { chmodSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sysrootPath } from '../../system/sysroot.js';
import type { JournalChange } from '../journal/journalEntry.js';
import type { EtcChange } from './etcSideEffects.js';
import { RUN_ID_PATTERN, appendJournalLine } from '../journal/runJournal.js';
import { HELPER_JOURNAL_ROOT } from './allowedRoots.js';
import type { HelperSay } from './helperText.js';

/**
 * The elevated helper's own record of what it changed (issue 15), in a root-owned folder the user cannot write:
 * its undo reads this, never the user's journal, so a forged journal line cannot make it remove anything.
 */
export type HelperJournalEntry =
  | { t: 'change'; time: string; stepId: string; kind: string; change: JournalChange }
  | { t: 'undone'; time: string; stepId: string; change: JournalChange }
  /** What changed under /etc while one attempt of the step ran, besides its own files (`incomplete`: not walked whole): etcSideEffects.ts. */
  | { t: 'etc'; time: string; stepId: string; changes: EtcChange[]; incomplete?: boolean };

export function helperJournalFile(runId: string): string {
  // The run id names a file: the hello checked it already, so anything else here is a bug, not input.
  // Invariant: run ids come from RUN_ID_PATTERN-checked hellos/requests, so a bad one here is a programming error, not a user's.
  if (!RUN_ID_PATTERN.test(runId)) throw new Error(`not a run id: ${JSON.stringify(runId)}`);
  return sysrootPath(path.join(HELPER_JOURNAL_ROOT, `${runId}.jsonl`));
}

/** Appends one entry (append + fsync) in a folder only root may read or write. */
export function appendHelperEntry(runId: string, entry: HelperJournalEntry): void {
  const file = helperJournalFile(runId);
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  chmodSync(path.dirname(file), 0o700);
  appendJournalLine(file, entry);
}

/** The run's entries, oldest first; none when the helper never changed anything for it. A damaged line refuses them all. */
export function readHelperJournal(runId: string, say: HelperSay): HelperJournalEntry[] {
  const file = helperJournalFile(runId);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const lines = text.split('\n');
  // A last line without its newline was cut off by a crash while it was written; everything before it is intact.
  if (lines.at(-1) !== '') lines.pop();
  const entries: HelperJournalEntry[] = [];
  for (const line of lines) {
    if (!line) continue;
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      entry = null;
    }
    const candidate = entry as Partial<HelperJournalEntry> | null;
    const fields = (value: Partial<HelperJournalEntry>) =>
      value.t === 'etc' ? Array.isArray(value.changes) : (value.t === 'change' || value.t === 'undone') && typeof value.change === 'object' && value.change !== null;
    if (!candidate || typeof candidate.stepId !== 'string' || !fields(candidate)) {
      throw say.error('JOURNAL_DAMAGED', 'helper.journalDamaged', { runId, file });
    }
    entries.push(candidate as HelperJournalEntry);
  }
  return entries;
}
