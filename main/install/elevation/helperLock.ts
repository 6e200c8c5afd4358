import { chmodSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { acquireFileLock, FileLockBusyError, type HeldLock } from '../../system/fileLock.js';
import { sysrootPath } from '../../system/sysroot.js';
import { HELPER_JOURNAL_ROOT } from './allowedRoots.js';
import type { HelperSay } from './helperText.js';

/**
 * One elevated step or undo at a time on this system, across every helper process (issue 27, item 4): two /etc walks
 * never overlap, so one step's record never holds another's changes, and two undos of one run never both act on the
 * changes neither has journalled as undone yet. In one process undos wait their turn; anything else is BUSY.
 */
const lockFile = () => sysrootPath(path.join(HELPER_JOURNAL_ROOT, 'elevated.lock'));

/** Takes the helper's lock for `owner` (a run and a step), or throws BUSY in the helper's language. */
export function holdHelperLock(owner: string, say: HelperSay): HeldLock {
  const file = lockFile();
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  chmodSync(path.dirname(file), 0o700);
  try {
    return acquireFileLock(file, owner);
  } catch (error) {
    if (error instanceof FileLockBusyError) throw say.error('BUSY', 'helper.busy');
    throw error;
  }
}

let turn: Promise<unknown> = Promise.resolve();

/** Runs `work` under the helper's lock, after any earlier call in this process has finished. */
export function whileHelperLocked<T>(owner: string, say: HelperSay, work: () => Promise<T>): Promise<T> {
  const mine = turn.then(async () => {
    const lock = holdHelperLock(owner, say);
    try {
      return await work();
    } finally {
      lock.release();
    }
  });
  turn = mine.catch(() => undefined);
  return mine;
}
