import { createHash } from 'node:crypto';
import { chmod, copyFile, lstat, mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sysrootPath } from '../system/sysroot.js';
import { DlsetupError } from '../../shared/errors.js';
import type { StepContext } from './installStep.js';
import { installText, type InstallSay } from '../system/installText.js';

export function sha256Of(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** ENOSPC and friends become the errors a student can act on. */
export function hostWriteError(cause: unknown, hostPath: string, say: InstallSay = installText()): DlsetupError {
  const code = (cause as NodeJS.ErrnoException).code;
  if (code === 'ENOSPC') return say.error('DISK_FULL', 'disk.full', { path: hostPath }, { cause });
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
    return say.error('COMMAND_FAILED', 'write.notAllowed', { path: hostPath }, { cause, detail: code });
  }
  return say.error('COMMAND_FAILED', 'write.failed', { path: hostPath }, { cause, detail: String(cause) });
}

async function ensureDir(ctx: StepContext, hostDir: string): Promise<void> {
  const missing: string[] = [];
  let dir = hostDir;
  for (;;) {
    try {
      await stat(sysrootPath(dir));
      break;
    } catch {
      missing.unshift(dir);
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  for (const created of missing) {
    await mkdir(sysrootPath(created), { mode: 0o755 });
    ctx.record({ type: 'dir-created', path: created });
  }
}

/**
 * Writes a host file with a journalled backup of what was there (docs/design.md §5: reversible edits).
 * Returns false when the file already had exactly this content (idempotent re-runs change nothing).
 */
export async function writeHostFileWithBackup(ctx: StepContext, hostPath: string, content: string, mode = 0o644): Promise<boolean> {
  const real = sysrootPath(hostPath);
  let previous: Buffer | null = null;
  let previousMode = mode;
  try {
    previous = await readFile(real);
    previousMode = (await stat(real)).mode & 0o7777;
  } catch {
    previous = null;
  }
  if (previous !== null && previous.equals(Buffer.from(content, 'utf8'))) return false;
  try {
    if (previous !== null) {
      await mkdir(ctx.backupDir, { recursive: true, mode: 0o700 });
      const backup = path.join(ctx.backupDir, `${Date.now()}-${hostPath.replace(/[^A-Za-z0-9._-]/g, '_')}`);
      await copyFile(real, backup);
      ctx.record({ type: 'file-backed-up', path: hostPath, backup, sha256: sha256Of(previous), mode: previousMode });
    } else {
      await ensureDir(ctx, path.dirname(hostPath));
      ctx.record({ type: 'file-created', path: hostPath });
    }
    const isLink = previous !== null && (await lstat(real)).isSymbolicLink();
    if (isLink) {
      // A dotfile symlinked into a dotfiles repo stays a symlink: write through it.
      await writeFile(real, content);
    } else {
      const temp = `${real}.dlsetup-tmp`;
      await writeFile(temp, content, { mode: previousMode });
      await chmod(temp, previousMode);
      await rename(temp, real);
    }
  } catch (cause) {
    throw hostWriteError(cause, hostPath, ctx.say);
  }
  ctx.record({ type: 'file-written', path: hostPath, sha256: sha256Of(content) });
  return true;
}
