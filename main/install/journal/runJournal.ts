import { closeSync, fstatSync, fsyncSync, ftruncateSync, mkdirSync, openSync, readFileSync, readSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { appDataDir } from '../../appPaths.js';
import { installText, type InstallSay } from '../../system/installText.js';
import type { JournalEntry } from './journalEntry.js';
import { journalSafe } from './journalRedaction.js';
import { parseJournalText, TORN_MARK, type JournalLines } from './journalLines.js';
import type { DlsetupError } from '../../../shared/errors.js';

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
  if (!RUN_ID_PATTERN.test(runId)) throw say.error('INVALID_ARGUMENT', 'journal.notARunId', { runId });
  return path.join(runsDir(), `${runId}.jsonl`);
}

/** Where unprivileged steps keep the backups of files they change. */
export function userBackupDir(runId: string): string {
  return path.join(runsDir(), `${runId}.backups`);
}

/** ENOSPC, and EDQUOT (a full disk quota): the journal could not be written for lack of space. */
export function isDiskFull(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

/** Appends one JSON line per event, synchronously and durably, so a crash loses at most the line being written. */
export class RunJournal {
  readonly file: string;

  /** Opens the journal of a run that already has one (resume, rollback), creating it when missing. */
  constructor(readonly runId: string) {
    this.file = journalPath(runId);
    mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
  }

  /**
   * Creates a new run's journal with its first entry (run-started), before any step runs. When that cannot be written
   * the file is removed, so no empty journal is left behind, and DISK_FULL (or the error) is thrown: nothing may run.
   */
  static begin(runId: string, first: JournalEntry): RunJournal {
    const journal = new RunJournal(runId);
    try {
      writeFirstLine(journal.file, journalSafe(first));
    } catch (error) {
      throw isDiskFull(error) ? diskFull(journal, 'journal.diskFullAtStart') : error;
    }
    return journal;
  }

  /** Appends one entry, redacted; a full disk becomes DISK_FULL with a sentence, the journal left ending on a whole line. */
  append(entry: JournalEntry): void {
    try {
      appendLine(this.file, journalSafe(entry), true);
    } catch (error) {
      throw isDiskFull(error) ? diskFull(this, 'journal.diskFull') : error;
    }
  }
}

function diskFull(journal: RunJournal, key: 'journal.diskFull' | 'journal.diskFullAtStart'): DlsetupError {
  const { runId, file } = journal;
  const dir = path.dirname(file);
  return installText.error('DISK_FULL', key, { runId, dir });
}

/** Writes a new file's only line; on failure the file is removed (it was created here, so nothing else is lost). */
function writeFirstLine(file: string, value: unknown): void {
  const fd = openSync(file, 'wx', 0o600);
  try {
    writeAll(fd, Buffer.from(`${JSON.stringify(value)}\n`, 'utf8'));
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(file, { force: true });
    throw error;
  }
  closeSync(fd);
  syncDir(path.dirname(file));
}

/** Makes a new file's name durable too (POSIX); a no-op where folders cannot be opened (Windows). */
function syncDir(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Not supported here: the file's own fsync is what we have.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** write(2) may write less than asked (a disk filling up): keep going until all is written or it fails. */
function writeAll(fd: number, data: Buffer): void {
  for (let offset = 0; offset < data.length; ) offset += writeSync(fd, data, offset, data.length - offset);
}

/**
 * Where the journal's whole lines end. A last line without its newline was cut short by a crash: it is truncated away,
 * so the next line starts clean; with `markTorn`, a `{"t":"torn"}` line holding its bytes is written in its place, so
 * readers still see that something was recorded there (its change may have been made). Returns the new end.
 */
function repairTornTail(fd: number, markTorn: boolean): number {
  const size = fstatSync(fd).size;
  if (size === 0) return 0;
  const last = Buffer.alloc(1);
  readSync(fd, last, 0, 1, size - 1);
  if (last[0] === 0x0a) return size;
  let cut = 0;
  const chunk = Buffer.alloc(4096);
  for (let end = size; end > 0 && cut === 0; end -= chunk.length) {
    const start = Math.max(0, end - chunk.length);
    const read = readSync(fd, chunk, 0, end - start, start);
    const at = chunk.subarray(0, read).lastIndexOf(0x0a);
    if (at >= 0) cut = start + at + 1;
    if (start === 0) break;
  }
  const torn = Buffer.alloc(Math.min(size - cut, 4096));
  readSync(fd, torn, 0, torn.length, cut);
  ftruncateSync(fd, cut);
  if (!markTorn) return cut;
  writeAll(fd, Buffer.from(`${JSON.stringify({ t: TORN_MARK, text: torn.toString('utf8') })}\n`, 'utf8'));
  return fstatSync(fd).size;
}

/**
 * Appends one JSON line and fsyncs it, so an entry that returned is on disk when the machine loses power. A torn last
 * line (a crash mid-write) is truncated first; a line that cannot be written whole (ENOSPC, EDQUOT) is taken back and
 * the error thrown (its code as the system gave it). For journals whose readers skip a torn tail (the elevated helper's);
 * the user's run journal keeps a mark of it instead (RunJournal).
 */
export function appendJournalLine(file: string, value: unknown): void {
  appendLine(file, value, false);
}

function appendLine(file: string, value: unknown, markTorn: boolean): void {
  const line = Buffer.from(`${JSON.stringify(value)}\n`, 'utf8');
  const fd = openSync(file, 'a+', 0o600);
  try {
    const end = repairTornTail(fd, markTorn);
    try {
      writeAll(fd, line);
      fsyncSync(fd);
    } catch (error) {
      // Half a line would be torn: take it back, so the journal still ends on a whole line.
      try {
        ftruncateSync(fd, end);
      } catch {
        // The error below is what the caller needs.
      }
      throw error;
    }
  } finally {
    closeSync(fd);
  }
}

/** A run's journal as read: its entries and the lines that are not (with their line numbers). */
export interface JournalRead extends JournalLines {
  file: string;
}

/** Reads a run's journal, its errors in `say`'s language; damaged and torn lines are reported, not skipped silently. */
export function readRunJournal(runId: string, say: InstallSay = installText()): JournalRead {
  const file = journalPath(runId, say);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw say.error('NOT_FOUND', 'service.runNotFound', { runId }, { detail: file });
  }
  return { file, ...parseJournalText(text) };
}

/** A run's readable entries, for views of its status; rollback and resume use readRunJournal and heed damaged lines. */
export function readJournal(runId: string, say: InstallSay = installText()): JournalEntry[] {
  return readRunJournal(runId, say).entries;
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
