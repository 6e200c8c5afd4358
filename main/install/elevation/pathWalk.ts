import type { Stats } from 'node:fs';
import { lstat, readlink } from 'node:fs/promises';
import path from 'node:path';

/** One component of a walk as lstat saw it: a folder, a symlink (then followed) or the final entry. */
export interface PathHop {
  path: string;
  stat: Stats;
  /** The walk's final entry (a symlink there is still followed when `accept` takes it). */
  last: boolean;
}

export type WalkEnd =
  | { outcome: 'reached'; path: string; stat: Stats }
  /** The first component that does not exist; every one above it was accepted. */
  | { outcome: 'missing'; path: string }
  /** The component `accept` refused, or one that could not be walked (not a folder, unreadable, a loop). */
  | { outcome: 'refused'; path: string };

/** The kernel gives up after 40 symlinks (ELOOP); so does the walk. */
const MAX_LINKS = 40;

/**
 * Walks the absolute POSIX path `target` from / down with lstat, the way the kernel resolves it: each component,
 * each symlink met and then each component of its target is shown to `accept`, so nothing on the way is taken on
 * trust. `map` turns a host path into the one to lstat (a sysroot); paths in the result are host paths.
 */
export async function walkPath(target: string, accept: (hop: PathHop) => boolean, map: (hostPath: string) => string = (p) => p): Promise<WalkEnd> {
  const lstatOf = (hostPath: string) => lstat(map(hostPath));
  let pending = target.split('/').filter((part) => part !== '' && part !== '.');
  let current = '/';
  let stat: Stats;
  try {
    stat = await lstatOf('/');
  } catch {
    return { outcome: 'refused', path: '/' };
  }
  if (!accept({ path: '/', stat, last: pending.length === 0 })) return { outcome: 'refused', path: '/' };
  const rootStat = stat;
  let links = 0;
  while (pending.length > 0) {
    const name = pending.shift()!;
    if (name === '..') {
      // `current` is already resolved, so its parent is the real one (the kernel's "..", not the text's).
      current = path.posix.dirname(current);
      if (current === '/') stat = rootStat;
      else {
        try {
          stat = await lstatOf(current);
        } catch {
          return { outcome: 'refused', path: current };
        }
      }
      continue;
    }
    const next = path.posix.join(current, name);
    try {
      stat = await lstatOf(next);
    } catch (error) {
      return { outcome: (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : 'refused', path: next };
    }
    const last = pending.length === 0;
    if (!accept({ path: next, stat, last })) return { outcome: 'refused', path: next };
    if (stat.isSymbolicLink()) {
      links += 1;
      let link: string;
      try {
        link = await readlink(map(next));
      } catch {
        return { outcome: 'refused', path: next };
      }
      if (links > MAX_LINKS) return { outcome: 'refused', path: next };
      // The target's components are walked in place of the link's, from / or from the link's folder.
      pending = [...link.split('/').filter((part) => part !== '' && part !== '.'), ...pending];
      if (link.startsWith('/')) {
        current = '/';
        stat = rootStat;
      }
      continue;
    }
    if (!last && !stat.isDirectory()) return { outcome: 'refused', path: next };
    current = next;
  }
  return { outcome: 'reached', path: current, stat };
}
