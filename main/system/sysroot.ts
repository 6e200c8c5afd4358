import { readFile, readdir, readlink, stat } from 'node:fs/promises';
import path from 'node:path';

/** DESIGN.md §4: every absolute path a probe reads resolves under DLSETUP_SYSROOT, so tests can simulate a host. */
export function sysrootPath(absolutePath: string): string {
  const root = process.env.DLSETUP_SYSROOT;
  if (!root || root === '/') return absolutePath;
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

/** Reads a binary host file (the loader cache); null when missing or unreadable. */
export async function readHostBytes(absolutePath: string): Promise<Buffer | null> {
  try {
    return await readFile(sysrootPath(absolutePath));
  } catch {
    return null;
  }
}
