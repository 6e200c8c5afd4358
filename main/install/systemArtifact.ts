import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { DlsetupError } from '../../shared/errors.js';
import { sysrootPath } from '../system/sysroot.js';
import { SYSTEM_ARTIFACT_ROOT } from './elevation/allowedRoots.js';
import { downloadName, openUserDownload, type PublishedFile, type UserDownload } from './elevation/userDownload.js';
import type { StepContext } from './installStep.js';

const CHUNK = 1024 * 1024;

/** Streams the open download from its start through sha256 (and into `out` when given); null when it is not `size` bytes long. */
async function hashFrom(download: UserDownload, out?: (chunk: Buffer) => Promise<unknown>): Promise<string | null> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of download.handle.createReadStream({ autoClose: false, start: 0, highWaterMark: CHUNK }) as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    // Grown since it was measured: not the file that was checked, and never more than the bound is read.
    if (bytes > download.size) return null;
    hash.update(chunk);
    if (out) await out(chunk);
  }
  return bytes === download.size ? hash.digest('hex') : null;
}

/**
 * Inside the elevated helper: takes the user's download of `file` (only as openUserDownload accepts it), checks
 * data/'s sha256 from the open file before anything is written, then copies it into a root-only folder hashing it
 * again, so what runs as root is exactly what was verified (the user owns the source and could change it between).
 * Any refusal or failure leaves no copy behind.
 */
export async function verifiedSystemCopy(ctx: StepContext, source: string, file: PublishedFile): Promise<string> {
  const name = downloadName(file);
  // One sentence for every path that is not the user's verified download, whatever the reason: the helper is no oracle.
  const refuse = () => ctx.say.error('CHECKSUM_MISMATCH', 'artifact.notYourDownload', { file: name }, { detail: `expected sha256 ${file.sha256}` });
  const download = await openUserDownload(source, file, ctx.downloadOwner ?? process.getuid?.(), refuse);
  const dir = sysrootPath(path.join(SYSTEM_ARTIFACT_ROOT, ctx.runId));
  const copy = path.join(dir, name);
  const part = `${copy}.part`;
  try {
    const read = await hashFrom(download).catch(() => null);
    if (read !== file.sha256) throw refuse();
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await rm(part, { force: true });
    const out = await open(part, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
    let copied: string | null;
    try {
      copied = await hashFrom(download, (chunk) => out.write(chunk));
    } finally {
      await out.close();
    }
    if (copied !== file.sha256) throw refuse();
    await rename(part, copy);
    return copy;
  } catch (error) {
    await rm(part, { force: true });
    await rmdir(dir).catch(() => undefined);
    if (error instanceof DlsetupError) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ENOSPC') throw ctx.say.error('DISK_FULL', 'disk.full', { path: SYSTEM_ARTIFACT_ROOT }, { cause: error });
    throw refuse();
  } finally {
    await download.handle.close();
  }
}

/** Removes a verified copy once it was used: a CUDA runfile is gigabytes, and the user's cache keeps its own copy. */
export async function discardSystemCopy(copy: string): Promise<void> {
  await rm(copy, { force: true });
  await rmdir(path.dirname(copy)).catch(() => undefined);
}
