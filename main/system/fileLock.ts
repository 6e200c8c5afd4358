import { closeSync, fsyncSync, linkSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { processAlive } from './processAlive.js';

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
 */

/** What a lock file holds. `startTime` and `bootId` tell a live holder from a dead one whose pid was reused. */
export interface LockHolder {
  pid: number;
  /** Who holds it, in the caller's terms (a run id, a download's name); shown to the second caller. */
  owner: string;
  /** The kernel's boot id (Linux); a lock from another boot is stale. */
  bootId: string | null;
  /** The holder process's start time in clock ticks since boot (Linux /proc/<pid>/stat field 22). */
  startTime: string | null;
  acquiredAt: string;
  /** Random per acquisition: tells this lock from a later one at the same path (inode numbers are reused). */
  token: string;
}

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

const BOOT_ID_FILE = '/proc/sys/kernel/random/boot_id';
/** Takeovers by other processes are waited for (1 ms each), then reported as busy rather than looping forever. */
const MAX_ATTEMPTS = 200;
/** How long a lock file that names no holder is taken as one being written, before it counts as damaged. */
const UNREADABLE_GRACE_MS = 10_000;

function bootId(): string | null {
  try {
    return readFileSync(BOOT_ID_FILE, 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/** A process's start time (Linux), so a pid reused by an unrelated process does not keep a dead holder's lock. */
function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces and parentheses): state is field 3, starttime field 22.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}


function parseHolder(text: string): LockHolder | null {
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    if (!value || typeof value !== 'object' || !Number.isSafeInteger(value.pid) || (value.pid as number) <= 0 || typeof value.owner !== 'string') return null;
    return {
      pid: value.pid as number,
      owner: value.owner,
      bootId: typeof value.bootId === 'string' ? value.bootId : null,
      startTime: typeof value.startTime === 'string' ? value.startTime : null,
      acquiredAt: typeof value.acquiredAt === 'string' ? value.acquiredAt : '',
      token: typeof value.token === 'string' ? value.token : '',
    };
  } catch {
    return null;
  }
}

/** Whether the holder a lock file names is gone: dead, from another boot, or its pid now another process. */
export function holderIsGone(holder: LockHolder): boolean {
  const boot = bootId();
  if (holder.bootId && boot && holder.bootId !== boot) return true;
  if (!processAlive(holder.pid)) return true;
  if (holder.startTime) {
    const now = processStartTime(holder.pid);
    if (now !== null && now !== holder.startTime) return true;
  }
  return false;
}

/** Who holds the lock at `file` now (null: nobody, or a file that names no holder). */
export function readLockHolder(file: string): LockHolder | null {
  try {
    return parseHolder(readFileSync(file, 'utf8'));
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
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Removes `file` only while it still holds `text` (each record carries a random token, so no other lock matches). */
function removeIfStill(file: string, text: string): void {
  try {
    if (readFileSync(file, 'utf8') === text) unlinkSync(file);
  } catch {
    // Already gone.
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
    if (readFileSync(aside, 'utf8') !== text) linkSync(aside, guard);
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
    owner,
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
    let content: string | null;
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
      content = readText(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    // Released between our create and our read: try again.
    if (content === null) continue;
    last = parseHolder(content);
    if (last && !holderIsGone(last)) throw new FileLockBusyError(file, last);
    // A file that names no holder is damaged, or (without hard links) being written this instant: give it time.
    if (!last && Date.now() - mtimeMs < UNREADABLE_GRACE_MS) throw new FileLockBusyError(file, null);
    removeStale(file, content, text);
  }
  throw new FileLockBusyError(file, last);
}
