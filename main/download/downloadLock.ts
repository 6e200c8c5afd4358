import { acquireFileLock, FileLockBusyError, FileLockLinkError, type HeldLock } from '../system/fileLock.js';
import type { InstallSay } from '../system/installText.js';

/** A 4 GB runfile on a slow line takes long; past this the second caller says BUSY rather than wait on. */
export const DEFAULT_LOCK_WAIT_MS = 60 * 60_000;
const POLL_MS = 250;

export interface DownloadLockOptions {
  signal?: AbortSignal;
  lockWaitMs?: number;
  /** Called once when another holder is found; `pid` is null when its lock names none. */
  onWait?: (pid: number | null) => void;
}

/** Waits `ms`, or fails with CANCELLED as soon as `signal` aborts. */
export function pause(ms: number, signal: AbortSignal | undefined, say: InstallSay): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(say.error('CANCELLED', 'download.cancelled'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * The lock on one download's `.part` (`<part>.lock`, main/system/fileLock.ts): one writer per file across processes
 * and within one. A second caller waits for the holder (then finds its verified file in the cache), gives up with
 * BUSY after `lockWaitMs`, or stops when cancelled. A holder that died is taken over by fileLock.
 */
export async function lockDownload(partPath: string, fileName: string, options: DownloadLockOptions, say: InstallSay): Promise<HeldLock> {
  const deadline = Date.now() + (options.lockWaitMs ?? DEFAULT_LOCK_WAIT_MS);
  let told = false;
  for (;;) {
    if (options.signal?.aborted) throw say.error('CANCELLED', 'download.cancelled');
    try {
      return acquireFileLock(`${partPath}.lock`, `download ${fileName}`);
    } catch (error) {
      if (error instanceof FileLockLinkError) throw say.error('INVALID_ARGUMENT', 'download.lockNotPlainFile', { file: error.file });
      if (!(error instanceof FileLockBusyError)) throw error;
      const pid = error.holder?.pid ?? null;
      const left = deadline - Date.now();
      if (left <= 0) throw say.error('BUSY', 'download.busy', { file: fileName, pid: pid ?? '?' }, { detail: error.message });
      if (!told) options.onWait?.(pid);
      told = true;
      await pause(Math.min(POLL_MS, left), options.signal, say);
    }
  }
}
