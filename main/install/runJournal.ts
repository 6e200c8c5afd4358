import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, readdirSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { appDataDir } from '../appPaths.js';
import { DlsetupError } from '../../shared/errors.js';
import { installText, type InstallSay } from './installText.js';
import type { JournalEntry } from './journalEntry.js';

/** Run ids sort by start time and are safe in file names and in the elevated helper's backup paths. */
export const RUN_ID_PATTERN = /^\d{8}-\d{6}-[0-9a-f]{6}$/;

export function newRunId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${stamp}-${randomBytes(3).toString('hex')}`;
}

export function runsDir(): string {
  return path.join(appDataDir(), 'runs');
}

/** A run's journal file; `say` words the refusal of something that is not a run id. */
export function journalPath(runId: string, say: InstallSay = installText()): string {
  if (!RUN_ID_PATTERN.test(runId)) throw new DlsetupError('INVALID_ARGUMENT', say('journal.notARunId', { runId }));
  return path.join(runsDir(), `${runId}.jsonl`);
}

/** Where unprivileged steps keep the backups of files they change. */
export function userBackupDir(runId: string): string {
  return path.join(runsDir(), `${runId}.backups`);
}

/** Appends one JSON line per event, synchronously, so a crash loses at most the line being written. */
export class RunJournal {
  readonly file: string;

  constructor(readonly runId: string) {
    this.file = journalPath(runId);
    mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
  }

  append(entry: JournalEntry): void {
    appendJournalLine(this.file, entry);
  }
}

/** Appends one JSON line and fsyncs it, so an entry that returned is on disk when the machine loses power. */
export function appendJournalLine(file: string, value: unknown): void {
  const fd = openSync(file, 'a', 0o600);
  try {
    writeSync(fd, `${JSON.stringify(value)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Reads a run's journal, its errors in `say`'s language; a torn last line (crash mid-write) is ignored. */
export function readJournal(runId: string, say: InstallSay = installText()): JournalEntry[] {
  const file = journalPath(runId, say);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new DlsetupError('NOT_FOUND', say('service.runNotFound', { runId }), { detail: file });
  }
  const entries: JournalEntry[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      entries.push(JSON.parse(line) as JournalEntry);
    } catch {
      // Torn write from a crash: everything before it is intact.
    }
  }
  return entries;
}

/** Known run ids, oldest first. */
export function listRunIds(): string[] {
  let names: string[];
  try {
    names = readdirSync(runsDir());
  } catch {
    return [];
  }
  return names
    .filter((name) => name.endsWith('.jsonl'))
    .map((name) => name.slice(0, -'.jsonl'.length))
    .filter((id) => RUN_ID_PATTERN.test(id))
    .sort();
}

export function latestRunId(): string | null {
  const ids = listRunIds();
  return ids.length ? ids[ids.length - 1]! : null;
}
