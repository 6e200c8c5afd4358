import { copyFile, mkdir, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { DlsetupError } from '../../shared/errors.js';
import { sysrootPath } from '../system/sysroot.js';
import { sha256File } from './download.js';
import { SYSTEM_ARTIFACT_ROOT } from './elevation/allowedRoots.js';
import type { StepContext } from './installStep.js';

/**
 * Inside the elevated helper: copies a downloaded file out of the user's cache into a root-owned folder and checks
 * its sha256 there, so what runs as root is exactly what was verified (no swap after the check).
 */
export async function verifiedSystemCopy(ctx: StepContext, source: string, sha256: string): Promise<string> {
  const dir = sysrootPath(path.join(SYSTEM_ARTIFACT_ROOT, ctx.runId));
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const copy = path.join(dir, path.basename(source));
  await copyFile(source, copy);
  const actual = await sha256File(copy);
  if (actual !== sha256) {
    await rm(copy, { force: true });
    throw new DlsetupError('CHECKSUM_MISMATCH', ctx.say('artifact.changed', { file: path.basename(source) }), { detail: `expected ${sha256}, got ${actual}` });
  }
  return copy;
}

/** Removes a verified copy once it was used: a CUDA runfile is gigabytes, and the user's cache keeps its own copy. */
export async function discardSystemCopy(copy: string): Promise<void> {
  await rm(copy, { force: true });
  await rmdir(path.dirname(copy)).catch(() => undefined);
}
