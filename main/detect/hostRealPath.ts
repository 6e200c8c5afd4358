import { readlink } from 'node:fs/promises';
import path from 'node:path';
import { sysrootPath } from '../system/sysroot.js';

/**
 * The folder a host path really is, following every link on the way as the machine being detected follows it
 * (`readlink -f`): /usr/local/cuda -> /etc/alternatives/cuda -> /usr/local/cuda-12.1 gives /usr/local/cuda-12.1. Links are
 * read at their sysroot path and an absolute target stays a path of that machine, so a layout copied with its absolute
 * links (`ln -s /usr/local/cuda-13.0 /usr/local/cuda`) resolves inside the simulated root, never on this machine.
 * A part that does not exist is kept as written; a loop of links gives the path back as it was asked. A Windows path
 * (C:\Program Files\...) is given back as it is.
 */
export async function hostRealPath(hostPath: string, maxLinks = 40): Promise<string> {
  if (!hostPath.startsWith('/')) return hostPath;
  const asked = path.posix.normalize(hostPath);
  let rest = asked.split('/').filter(Boolean);
  let resolved = '/';
  for (let links = 0; rest.length > 0; ) {
    const next = path.posix.join(resolved, rest[0] as string);
    rest = rest.slice(1);
    const target = await readlink(sysrootPath(next)).catch(() => null);
    if (target === null) {
      resolved = next;
      continue;
    }
    if (++links > maxLinks) return asked;
    const absolute = path.posix.isAbsolute(target) ? target : path.posix.join(resolved, target);
    rest = [...path.posix.normalize(absolute).split('/').filter(Boolean), ...rest];
    resolved = '/';
  }
  return resolved;
}

/** The host path of a file this machine found (a PATH lookup): inside the simulated root it is that machine's path; null outside it. */
export function hostPathOf(machinePath: string): string | null {
  const root = process.env.DLSETUP_SYSROOT;
  if (!root || root === '/') return machinePath;
  const relative = path.relative(root, machinePath);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? `/${relative.split(path.sep).join('/')}` : null;
}
