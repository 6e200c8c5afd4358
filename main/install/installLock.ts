import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { appDataDir } from '../appPaths.js';
import { DlsetupError } from '../../shared/errors.js';
import { acquireFileLock, FileLockBusyError, FileLockLinkError, type HeldLock } from '../system/fileLock.js';
import { RUN_ID_PATTERN } from '../../shared/schema/patterns.js';
import { installText, type InstallSay } from '../system/installText.js';
import { isDiskFull } from './journal/runJournal.js';

/** What holds the install lock: installs, resumes and undos all change the same system, so one at a time. */
export type LockedAction = 'install' | 'rollback';

/** The one lock for installs and undos, across every DL Setup process of this user (CLI, wizard, serve). */
export function installLockPath(): string {
  return path.join(appDataDir(), 'install.lock');
}

/**
 * Takes the install lock for `action` on `runId`, or throws BUSY naming the run another process is installing or
 * undoing (in `say`'s language). Taken before anything of the run is started or written.
 */
export function acquireInstallLock(action: LockedAction, runId: string, say: InstallSay = installText()): HeldLock {
  const file = installLockPath();
  try {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    return acquireFileLock(file, `${action} ${runId}`);
  } catch (error) {
    if (error instanceof FileLockBusyError) throw busy(error, say);
    if (error instanceof FileLockLinkError) throw say.error('INVALID_ARGUMENT', 'lock.notPlainFile', { file });
    if (isDiskFull(error)) throw installText.error('DISK_FULL', 'journal.diskFullAtStart', { runId, dir: path.dirname(file) });
    throw error;
  }
}

/** The holder's owner is named only when it is what acquireInstallLock writes (`install <run id>`); any other text is not shown. */
function busy(error: FileLockBusyError, say: InstallSay): DlsetupError {
  if (!error.holder) return say.error('BUSY', 'lock.busyUnknown', { file: error.file });
  const [action, runId, ...rest] = error.holder.owner.split(' ');
  const { pid } = error.holder;
  if ((action !== 'install' && action !== 'rollback') || !runId || !RUN_ID_PATTERN.test(runId) || rest.length) return say.error('BUSY', 'lock.busyOther', { pid });
  return say.error('BUSY', action === 'rollback' ? 'lock.busyRollback' : 'lock.busyInstall', { pid, runId });
}
