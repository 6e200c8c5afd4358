import { closeSync, constants, fstatSync, fsyncSync, linkSync, openSync, readSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { bootId, holderIsGone, MAX_OWNER_CHARS, parseHolder, processStartTime, type LockHolder } from './lockHolder.js';

export { holderIsGone, MAX_OWNER_CHARS, type LockHolder } from './lockHolder.js';

/**
 * An exclusive lock between processes, as a file: whoever creates the file holds the lock. Use one lock file per
 * thing that must not be done twice at once (`<data dir>/install.lock` for installs and undos, `<file>.lock` for a
 * download). The file records who holds it, so a second caller can say who is in the way, and so a lock left by a
 * process that died (or by a previous boot) is taken over instead of blocking forever.
 *
 *   const lock = acquireFileLock(file, runId);  // throws FileLockBusyError when a live process holds it
 *   try { … } finally { lock.release(); }
 *
 * Not re-entrant: a second acquire of the same file in the same process is busy too (the holder is this process).
 *
 * A lock file is data, never trusted: it is read without following a link (a link or anything but a plain file at the
 * lock path is refused, FileLockLinkError), at most MAX_LOCK_BYTES, and parsed with a schema; the owner it names is
 * shown only escaped. A holder that cannot be verified as live (another boot, no start time, a start time that cannot
 * be read or differs, pid 1) is taken over, under a takeover guard so that of many takers exactly one wins.
 */

/** A lock this process holds. */
export interface HeldLock {
  readonly file: string;
  readonly holder: LockHolder;
  /** Removes the lock file if it is still this lock's (never another holder's); safe to call twice. */
  release(): void;
}

/** Thrown by acquireFileLock when a live process holds the lock; `holder` is what it wrote (null: unreadable). */
export class FileLockBusyError extends Error {
  readonly code = 'LOCK_BUSY';

  constructor(
    readonly file: string,
    readonly holder: LockHolder | null,
  ) {
    super(`${file} is held by ${holder ? `process ${holder.pid} (${holder.owner})` : 'another process'}`);
    this.name = 'FileLockBusyError';
  }
}

/** Thrown when the lock path (or its takeover guard) is a link or not a plain file: refused, never followed or replaced. */
export class FileLockLinkError extends Error {
  readonly code = 'LOCK_LINK';

  constructor(readonly file: string) {
    super(`${file} is a link or not a plain file; it is not used as a lock`);
    this.name = 'FileLockLinkError';
  }
}

/** Takeovers by other processes are waited for (1 ms each), then reported as busy rather than looping forever. */
const MAX_ATTEMPTS = 200;
/** How long a lock file that names no holder is taken as one being written, before it counts as damaged. */
const UNREADABLE_GRACE_MS = 10_000;
/** A lock record is a few hundred bytes; more than this is not one (and is never read whole). */
const MAX_LOCK_BYTES = 4096;

/** What is at a lock path: nothing (null), or a plain file's first MAX_LOCK_BYTES and its modification time. */
interface LockFileText {
  text: string;
  mtimeMs: number;
}

/**
 * Reads a lock path without following a link and without blocking on a FIFO or a device: a link, or anything that is
 * not a plain file, throws FileLockLinkError; no file gives null. At most MAX_LOCK_BYTES are read.
 */
function readLockFile(file: string): LockFileText | null {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    if (code === 'ELOOP' || code === 'EMLINK') throw new FileLockLinkError(file);
    throw error;
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) throw new FileLockLinkError(file);
    const buffer = Buffer.alloc(Math.min(MAX_LOCK_BYTES + 1, Math.max(0, info.size)));
    const length = buffer.length ? readSync(fd, buffer, 0, buffer.length, 0) : 0;
    // A record longer than a lock's is not one: cut, it fails the schema.
    return { text: buffer.subarray(0, Math.min(length, MAX_LOCK_BYTES)).toString('utf8'), mtimeMs: info.mtimeMs };
  } finally {
    closeSync(fd);
  }
}

/** Who holds the lock at `file` now (null: nobody, or a file that names no holder). */
export function readLockHolder(file: string): LockHolder | null {
  try {
    const found = readLockFile(file);
    return found ? parseHolder(found.text) : null;
  } catch {
    return null;
  }
}

/**
 * Creates `file` whole, or fails with EEXIST: the record is written to a private file, fsynced, then hard-linked into
 * place (link, like O_EXCL, never replaces), so a reader never sees a half-written lock. Where the file system has no
 * hard links, an O_EXCL create is used instead.
 */
function createExclusive(file: string, text: string): void {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}`);
  writeWhole(temp, text);
  try {
    linkSync(temp, file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ENOENT' || code === 'ENOSPC' || code === 'EDQUOT') throw error;
    writeWhole(file, text);
  } finally {
    unlinkSync(temp);
  }
}

function writeWhole(file: string, text: string): void {
  const fd = openSync(file, 'wx', 0o644);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function readText(file: string): string | null {
  return readLockFile(file)?.text ?? null;
}

/** Removes `file` only while it still holds `text` (each record carries a random token, so no other lock matches). */
function removeIfStill(file: string, text: string): void {
  try {
    if (readLockFile(file)?.text === text) unlinkSync(file);
  } catch {
    // Already gone, or no longer a plain file: not ours to remove.
  }
}

/** Blocks this thread for `ms` (the lock API is synchronous; a takeover in progress lasts microseconds). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Removes `file` if it still holds `staleText`, under a takeover guard (`<file>.takeover`, an exclusive file of its
 * own): while the guard is held nobody else may remove the lock, and a lock cannot be replaced without being removed,
 * so the check and the unlink cannot be split by another process. A guard left by a process that died mid-takeover is
 * moved aside, and put back if what was moved turns out to be a live guard.
 */
function removeStale(file: string, staleText: string, record: string): void {
  const guard = `${file}.takeover`;
  try {
    createExclusive(guard, record);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const guardText = readText(guard);
    const guardHolder = guardText === null ? null : parseHolder(guardText);
    if (guardHolder && !holderIsGone(guardHolder)) pause(1);
    else if (guardText !== null) moveAsideIfStill(guard, guardText);
    return;
  }
  try {
    removeIfStill(file, staleText);
  } finally {
    removeIfStill(guard, record);
  }
}

/** Removes a dead process's guard; if a live guard replaced it meanwhile, that one is put back. */
function moveAsideIfStill(guard: string, text: string): void {
  const aside = `${guard}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    renameSync(guard, aside);
  } catch {
    return;
  }
  try {
    if (readLockFile(aside)?.text !== text) linkSync(aside, guard);
  } catch {
    // Another guard was taken meanwhile: it stands.
  } finally {
    unlinkSync(aside);
  }
}

/**
 * Takes the lock at `file` for `owner` (its parent folder must exist), or throws FileLockBusyError naming the live
 * holder. A lock whose holder is gone is taken over. Other file system errors (ENOSPC, EACCES) are thrown as they are.
 */
export function acquireFileLock(file: string, owner: string): HeldLock {
  const holder: LockHolder = {
    pid: process.pid,
    owner: owner.slice(0, MAX_OWNER_CHARS),
    bootId: bootId(),
    startTime: processStartTime(process.pid),
    acquiredAt: new Date().toISOString(),
    token: randomBytes(8).toString('hex'),
  };
  const text = `${JSON.stringify(holder)}\n`;
  let last: LockHolder | null = null;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    try {
      createExclusive(file, text);
      let released = false;
      return {
        file,
        holder,
        release() {
          if (released) return;
          released = true;
          removeIfStill(file, text);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const found = readLockFile(file);
    // Released between our create and our read: try again.
    if (found === null) continue;
    const content = found.text;
    last = parseHolder(content);
    if (last && !holderIsGone(last)) throw new FileLockBusyError(file, last);
    // A file that names no holder is damaged, or (without hard links) being written this instant: give it a moment
    // (never more: a modification time in the future does not make it younger).
    const age = Date.now() - found.mtimeMs;
    if (!last && age >= 0 && age < UNREADABLE_GRACE_MS) throw new FileLockBusyError(file, null);
    removeStale(file, content, text);
  }
  throw new FileLockBusyError(file, last);
}
