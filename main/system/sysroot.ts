import { readFile, readdir, readlink, stat } from 'node:fs/promises';
import path from 'node:path';

/** docs/design.md §4: every absolute path a probe reads resolves under DLSETUP_SYSROOT, so tests can simulate a host. */
export function sysrootPath(absolutePath: string): string {
  const root = process.env.DLSETUP_SYSROOT;
  if (!root || root === '/') return absolutePath;
  // A Windows path (C:\Users\me\miniforge3) sits under <sysroot>/C/Users/me/miniforge3, so a simulated Windows host is a plain folder tree.
  const drive = /^([A-Za-z]):[\\/]/.exec(absolutePath);
  if (drive) return path.join(root, drive[1].toUpperCase(), ...absolutePath.slice(3).split(/[\\/]+/));
  return path.join(root, absolutePath);
}

/** Reads a host file as text; null when it is missing or unreadable (a probe decides what that means). */
export async function readHostFile(absolutePath: string): Promise<string | null> {
  try {
    return await readFile(sysrootPath(absolutePath), 'utf8');
  } catch {
    return null;
  }
}

export async function listHostDir(absolutePath: string): Promise<string[]> {
  try {
    return await readdir(sysrootPath(absolutePath));
  } catch {
    return [];
  }
}

export async function hostPathExists(absolutePath: string): Promise<boolean> {
  try {
    await stat(sysrootPath(absolutePath));
    return true;
  } catch {
    return false;
  }
}

/** Resolves a host symlink to the host path it points at (not the sysroot-prefixed one). */
export async function readHostLink(absolutePath: string): Promise<string | null> {
  try {
    const target = await readlink(sysrootPath(absolutePath));
    return path.isAbsolute(target) ? target : path.join(path.dirname(absolutePath), target);
  } catch {
    return null;
  }
}

/** Follows a chain of host symlinks (libcudnn.so.8 → libcudnn.so.8.9.7) to the file at its end; itself when not a link. */
export async function resolveHostLinks(absolutePath: string, maxHops = 8): Promise<string> {
  let current = absolutePath;
  for (let hop = 0; hop < maxHops; hop += 1) {
    const next = await readHostLink(current);
    if (!next) return current;
    current = path.normalize(next);
  }
  return current;
}

/** Reads a binary host file (the loader cache); null when missing or unreadable. */
export async function readHostBytes(absolutePath: string): Promise<Buffer | null> {
  try {
    return await readFile(sysrootPath(absolutePath));
  } catch {
    return null;
  }
}
