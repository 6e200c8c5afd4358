import { constants, createWriteStream } from 'node:fs';
import { mkdir, open, rm, rmdir } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
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
  // The path is the user's: no symlink is followed and only a regular file is read (not /dev/zero, not a FIFO), and a
  // mismatch never says the checksum root read, so the helper is no oracle for files only root may read.
  const changed = () => ctx.say.error('CHECKSUM_MISMATCH', 'artifact.changed', { file: path.basename(source) }, { detail: `expected ${sha256}` });
  const handle = await open(source, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(() => {
    throw changed();
  });
  try {
    if (!(await handle.stat()).isFile()) throw changed();
    await pipeline(handle.createReadStream({ autoClose: false }), createWriteStream(copy, { mode: 0o600 }));
  } finally {
    await handle.close();
  }
  if ((await sha256File(copy)) !== sha256) {
    await rm(copy, { force: true });
    throw changed();
  }
  return copy;
}

/** Removes a verified copy once it was used: a CUDA runfile is gigabytes, and the user's cache keeps its own copy. */
export async function discardSystemCopy(copy: string): Promise<void> {
  await rm(copy, { force: true });
  await rmdir(path.dirname(copy)).catch(() => undefined);
}
