import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';

/** Whether an interpreter is the caller's to start, or who else could have put it there. */
export type InterpreterOwnership = { ours: true } | { ours: false; uid: number | null };

/**
 * An interpreter DL Setup may start when asked: the file (after links) and its folder are owned by the caller or root
 * and not writable by every user (group-writable is allowed: Ubuntu's umask 002 makes every user's own venv so).
 * Anything else is someone else's program, whoever listed it (issue 27 item 3).
 * `file` is a path of this machine (the sysroot already applied). Windows has no owners here: always the caller's.
 */
export async function interpreterOwnership(file: string): Promise<InterpreterOwnership> {
  const caller = process.getuid?.();
  if (caller === undefined) return { ours: true };
  const allowed = (info: { uid: number; mode: number }) => (info.uid === caller || info.uid === 0) && (info.mode & 0o002) === 0;
  try {
    const real = await realpath(file);
    for (const info of [await stat(real), await stat(path.dirname(real))]) if (!allowed(info)) return { ours: false, uid: info.uid };
    return { ours: true };
  } catch (error) {
    // Missing: starting it runs nothing (the check says it does not exist), unless someone else could put it there.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return missingOwnership(file, allowed);
    // A link loop or an unreadable folder: nothing that can be started safely.
    return { ours: false, uid: null };
  }
}

/** A missing interpreter is the caller's while its nearest existing folder is: nobody else can create it there. */
async function missingOwnership(file: string, allowed: (info: { uid: number; mode: number }) => boolean): Promise<InterpreterOwnership> {
  for (let folder = path.dirname(file); ; folder = path.dirname(folder)) {
    try {
      const info = await stat(folder);
      return allowed(info) ? { ours: true } : { ours: false, uid: info.uid };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || folder === path.dirname(folder)) return { ours: false, uid: null };
    }
  }
}
