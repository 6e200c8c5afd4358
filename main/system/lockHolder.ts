import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { oneLine } from '../../shared/quote/controlChars.js';
import { processAlive } from './processAlive.js';

/** A lock file's record (fileLock.ts): read as data through a schema, and whether the process it names is still there. */

/** What a lock file holds. `startTime` and `bootId` tell a live holder from a dead one whose pid was reused. */
export interface LockHolder {
  pid: number;
  /** Who holds it, in the caller's terms (a run id, a download's name); shown to the second caller, control characters escaped. */
  owner: string;
  /** The kernel's boot id (Linux); a lock from another boot is stale. */
  bootId: string | null;
  /** The holder process's start time in clock ticks since boot (Linux /proc/<pid>/stat field 22). */
  startTime: string | null;
  acquiredAt: string;
  /** Random per acquisition: tells this lock from a later one at the same path (inode numbers are reused). */
  token: string;
}

const BOOT_ID_FILE = '/proc/sys/kernel/random/boot_id';
/** The owner this process writes is cut to this; a record naming a longer one is not ours and fails the schema. */
export const MAX_OWNER_CHARS = 256;

export function bootId(): string | null {
  try {
    return readFileSync(BOOT_ID_FILE, 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/** A process's start time (Linux), so a pid reused by an unrelated process does not keep a dead holder's lock. */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces and parentheses): state is field 3, starttime field 22.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}


/** What a lock record must be; anything else (other fields' types, a huge owner, a pid 0) is a record that names no holder. */
const LockRecordSchema = v.object({
  pid: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(0x7fffffff)),
  owner: v.pipe(v.string(), v.maxLength(MAX_OWNER_CHARS)),
  bootId: v.nullish(v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{1,64}$/))),
  startTime: v.nullish(v.pipe(v.string(), v.regex(/^\d{1,20}$/))),
  acquiredAt: v.optional(v.pipe(v.string(), v.maxLength(64))),
  token: v.optional(v.pipe(v.string(), v.maxLength(64))),
});

export function parseHolder(text: string): LockHolder | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = v.safeParse(LockRecordSchema, value);
  if (!parsed.success) return null;
  const record = parsed.output;
  return {
    pid: record.pid,
    // Another process's words: escaped here, so no caller can print its control characters raw.
    owner: oneLine(record.owner),
    bootId: record.bootId ?? null,
    startTime: record.startTime ?? null,
    acquiredAt: oneLine(record.acquiredAt ?? ''),
    token: record.token ?? '',
  };
}

/**
 * Whether the holder a lock file names cannot be verified as a live process: dead, from another boot (or naming no boot
 * where boots have ids), pid 1 (an init, never a DL Setup run unless this process is pid 1 too), or, where processes
 * have start times (Linux), one that names none, whose start time cannot be read, or whose pid now is another process.
 */
export function holderIsGone(holder: LockHolder): boolean {
  if (holder.pid === 1 && process.pid !== 1) return true;
  const boot = bootId();
  if (boot && holder.bootId !== boot) return true;
  if (!processAlive(holder.pid)) return true;
  // Without start times (not Linux) a live pid is all there is to check.
  if (processStartTime(process.pid) === null) return false;
  if (!holder.startTime) return true;
  return processStartTime(holder.pid) !== holder.startTime;
}
