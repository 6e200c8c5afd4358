import { constants, type Dir } from 'node:fs';
import { open, opendir, stat, type FileHandle } from 'node:fs/promises';
import { sysrootPath } from '../system/sysroot.js';

/*
 * Bounded reads of what lies inside a Python environment (issue 27 item 7): those folders are anyone's data. Every file
 * is opened so it cannot block (a FIFO, a device), read only when it is a regular file (judged on the opened descriptor),
 * and read up to a cap; every listing stops after a cap; a run shares one budget of bytes and time for all of them.
 */

/** The caps docs/security.md states. */
export const ENVIRONMENT_READ_LIMITS = {
  /** METADATA / PKG-INFO: the header block is at the top; a README below it is never needed. */
  metadataPrefixBytes: 256 * 1024,
  /** RECORD is streamed line by line; pip writes ~2 MB for torch, more than this is not what pip writes. */
  recordBytes: 16 * 1024 * 1024,
  /** A RECORD line longer than this is skipped, so a file without newlines cannot grow one line in memory. */
  recordLineBytes: 8 * 1024,
  /** pyvenv.cfg, a conda-meta name list, a version file. */
  smallFileBytes: 64 * 1024,
  /** Names read from one folder (site-packages, conda-meta, envs/, lib/). */
  dirEntries: 20_000,
  /** Distributions that decide a verdict, read per site dir. */
  distributionsPerSiteDir: 32,
  /** Bytes and seconds one detection or one `verify --all` may spend reading environments, all files together. */
  runBytes: 256 * 1024 * 1024,
  runMs: 30_000,
} as const;

const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);
const CHUNK_BYTES = 64 * 1024;

/** What one run may still read; once spent, readers answer "over the limits" instead of reading. */
export class ReadBudget {
  private bytesLeft: number;
  private readonly deadline: number;
  exhausted = false;

  constructor(bytes: number = ENVIRONMENT_READ_LIMITS.runBytes, ms: number = ENVIRONMENT_READ_LIMITS.runMs) {
    this.bytesLeft = bytes;
    this.deadline = performance.now() + ms;
  }

  /** Takes `bytes` from the budget; false (and exhausted from then on) when bytes or time are spent. */
  take(bytes: number): boolean {
    if (this.exhausted || performance.now() > this.deadline || bytes > this.bytesLeft) {
      this.exhausted = true;
      return false;
    }
    this.bytesLeft -= bytes;
    return true;
  }
}

/** Opens a host file for reading only when it is a regular file, checked again on the descriptor (a swap in between). */
async function openRegular(hostPath: string): Promise<FileHandle | null> {
  const file = sysrootPath(hostPath);
  try {
    // Metadata first: a FIFO, a socket or a device is never opened at all.
    if (!(await stat(file)).isFile()) return null;
    const handle = await open(file, OPEN_FLAGS);
    if ((await handle.stat()).isFile()) return handle;
    await handle.close();
  } catch {
    // Missing, a link loop (ELOOP), no permission: nothing to read.
  }
  return null;
}

export type BoundedRead = { ok: true; text: string; complete: boolean } | { ok: false; reason: 'unreadable' | 'overBudget' };

/** The first `maxBytes` of a regular host file as UTF-8 (invalid bytes become U+FFFD); `complete` when that was all of it. */
export async function readFilePrefix(hostPath: string, maxBytes: number, budget: ReadBudget): Promise<BoundedRead> {
  const handle = await openRegular(hostPath);
  if (!handle) return { ok: false, reason: 'unreadable' };
  try {
    if (budget.exhausted) return { ok: false, reason: 'overBudget' };
    const buffer = Buffer.alloc(maxBytes + 1);
    let total = 0;
    while (total < buffer.length) {
      const { bytesRead } = await handle.read(buffer, total, buffer.length - total, null);
      if (bytesRead === 0) break;
      total += bytesRead;
    }
    if (!budget.take(total)) return { ok: false, reason: 'overBudget' };
    return { ok: true, text: buffer.subarray(0, Math.min(total, maxBytes)).toString('utf8'), complete: total <= maxBytes };
  } catch {
    return { ok: false, reason: 'unreadable' };
  } finally {
    await handle.close();
  }
}

/**
 * Streams a regular host file's lines to `onLine` (at most `maxBytes` read, lines over the line cap skipped), keeping one
 * chunk and one line in memory whatever the file's size. `complete` is false when the cap stopped it.
 */
export async function readFileLines(hostPath: string, maxBytes: number, budget: ReadBudget, onLine: (line: string) => void): Promise<BoundedRead> {
  const handle = await openRegular(hostPath);
  if (!handle) return { ok: false, reason: 'unreadable' };
  const buffer = Buffer.alloc(CHUNK_BYTES);
  let pending = '';
  let skipping = false;
  let total = 0;
  try {
    for (;;) {
      const want = Math.min(CHUNK_BYTES, maxBytes + 1 - total);
      if (want <= 0) return { ok: true, text: '', complete: false };
      const { bytesRead } = await handle.read(buffer, 0, want, null);
      if (bytesRead === 0) break;
      if (!budget.take(bytesRead)) return { ok: false, reason: 'overBudget' };
      total += bytesRead;
      const parts = (pending + buffer.toString('utf8', 0, bytesRead)).split('\n');
      pending = parts.pop() ?? '';
      for (const line of parts) {
        if (!skipping) onLine(line);
        skipping = false;
      }
      // A line longer than the cap is dropped up to its end, so `pending` never grows past it.
      if (pending.length > ENVIRONMENT_READ_LIMITS.recordLineBytes) {
        pending = '';
        skipping = true;
      }
    }
    if (pending && !skipping) onLine(pending);
    return { ok: true, text: '', complete: total <= maxBytes };
  } catch {
    return { ok: false, reason: 'unreadable' };
  } finally {
    await handle.close();
  }
}

/** At most `max` names of a host folder, in the order the file system gives them; `complete` false when more were left. */
export async function listDirBounded(hostPath: string, max: number = ENVIRONMENT_READ_LIMITS.dirEntries): Promise<{ names: string[]; complete: boolean }> {
  let dir: Dir;
  try {
    dir = await opendir(sysrootPath(hostPath));
  } catch {
    return { names: [], complete: true };
  }
  const names: string[] = [];
  try {
    for (let entry = await dir.read(); entry; entry = await dir.read()) {
      if (names.length >= max) return { names, complete: false };
      names.push(entry.name);
    }
    return { names, complete: true };
  } catch {
    return { names, complete: true };
  } finally {
    // Closing a listing that ended by itself may already be done; either way nothing is left open.
    await Promise.resolve()
      .then(() => dir.close())
      .catch(() => undefined);
  }
}
