import { statSync } from 'node:fs';
import { sysrootPath } from '../../system/sysroot.js';
import type { StepContext } from '../installStep.js';
import { walkPath, type PathHop } from './pathWalk.js';

/** Root's uid; on a simulated host (DLSETUP_SYSROOT, the tests) the owner of its root folder plays root. */
function rootUid(): number {
  const sysroot = process.env.DLSETUP_SYSROOT;
  if (!sysroot || sysroot === '/') return 0;
  try {
    return statSync(sysroot).uid;
  } catch {
    return 0;
  }
}

/** Owned by root and writable by nobody else (a symlink's own mode means nothing: only its folder's matters). */
function onlyRootCanChange(hop: PathHop, root: number): boolean {
  return hop.stat.uid === root && (hop.stat.isSymbolicLink() || (hop.stat.mode & 0o022) === 0);
}

/**
 * The first component of `hostPath` (from / down, each symlink and then its target's components) that someone other
 * than root can change; null when there is none. A missing component is fine: its folder is root's alone, so only
 * root can create it.
 */
export async function userChangeableComponent(hostPath: string): Promise<string | null> {
  const root = rootUid();
  const end = await walkPath(hostPath, (hop) => onlyRootCanChange(hop, root), sysrootPath);
  return end.outcome === 'refused' ? end.path : null;
}

/**
 * Checked at write time, in the helper, before a folder enters root's PATH, library path, profile or an
 * alternative: nothing a normal user can write may be there (docs/security.md).
 */
export async function assertOnlyRootCanChange(ctx: StepContext, hostPaths: readonly string[]): Promise<void> {
  for (const hostPath of hostPaths) {
    const component = await userChangeableComponent(hostPath);
    if (component !== null) throw ctx.say.error('UNAUTHORIZED', 'rootPath.userWritable', { path: hostPath, component });
  }
}
