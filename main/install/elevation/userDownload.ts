import type { Stats } from 'node:fs';
import { constants } from 'node:fs';
import { lstat, open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { KIND_MAX_BYTES } from '../../download/downloadBounds.js';
import { walkPath, type PathHop } from './pathWalk.js';

/** A file data/ publishes, as the helper looks it up: where from, its sha256, and the most bytes it may have. */
export interface PublishedFile {
  url: string;
  sha256: string;
  maxBytes: number;
}

/** The caps the download client holds these downloads to (downloadBounds.ts): the helper takes nothing bigger. */
export const MAX_DOWNLOAD_BYTES = { runfile: KIND_MAX_BYTES.runfile, cudnnArchive: KIND_MAX_BYTES.archive, keyring: KIND_MAX_BYTES.keyring } as const;

/** The name the download client gives `file` in the user's download folder (download.ts: <sha256 16>-<URL's name>). */
export function downloadName(file: Pick<PublishedFile, 'url' | 'sha256'>): string {
  return `${file.sha256.toLowerCase().slice(0, 16)}-${path.posix.basename(new URL(file.url).pathname)}`;
}

/** The user who started the helper: pkexec and sudo set these themselves; otherwise this process's own uid. */
export function launchingUid(env: NodeJS.ProcessEnv = process.env): number | undefined {
  for (const value of [env.PKEXEC_UID, env.SUDO_UID]) {
    if (value !== undefined && /^\d{1,10}$/.test(value)) return Number(value);
  }
  return process.getuid?.();
}

/** `owner` may pass through this folder (owner bits when theirs, else the others' bits; groups are not guessed). */
function searchableBy(stat: Stats, owner: number): boolean {
  return owner === 0 || (stat.uid === owner ? (stat.mode & 0o100) !== 0 : (stat.mode & 0o001) !== 0);
}

/** The owner's own regular file, readable by them and within the bound: looked at with lstat, before it is opened. */
function ownReadableFile(stat: Stats, owner: number | undefined, maxBytes: number): boolean {
  const theirs = owner === undefined || (stat.uid === owner && (stat.mode & 0o400) !== 0);
  return stat.isFile() && theirs && stat.size <= maxBytes;
}

export interface UserDownload {
  handle: FileHandle;
  size: number;
}

/**
 * Opens `source` only when it is `owner`'s own download of `file` (docs/security.md): named as the download client
 * names it, in a folder called `downloads` that `owner` owns (any, for root), every folder above searchable by
 * `owner` (symlinks followed and checked hop by hop), a regular file of theirs at most `maxBytes` long, and still the
 * same file once open. Every other path fails with `refuse()` after lstat alone, so nothing is read, no byte is
 * copied and the answer is the same for a missing, a special, a root-only or an oversized file. `owner` undefined:
 * Windows (no uids).
 */
export async function openUserDownload(source: string, file: PublishedFile, owner: number | undefined, refuse: () => Error): Promise<UserDownload> {
  const paths = process.platform === 'win32' ? path.win32 : path.posix;
  const named = paths.isAbsolute(source) && paths.normalize(source) === source && paths.basename(source) === downloadName(file) && paths.basename(paths.dirname(source)) === 'downloads';
  if (!named) throw refuse();
  let real = source;
  let seen: Stats;
  if (owner !== undefined && paths === path.posix) {
    const accept = (hop: PathHop) => (hop.last ? ownReadableFile(hop.stat, owner, file.maxBytes) : hop.stat.isSymbolicLink() || searchableBy(hop.stat, owner));
    const end = await walkPath(source, accept);
    if (end.outcome !== 'reached') throw refuse();
    const folder = await lstat(path.posix.dirname(end.path)).catch(() => null);
    // DL Setup running as root itself (sudo keeping HOME) may have downloaded into a folder its user made before.
    if (!folder?.isDirectory() || (folder.uid !== owner && owner !== 0)) throw refuse();
    real = end.path;
    seen = end.stat;
  } else {
    seen = await lstat(source).catch(() => {
      throw refuse();
    });
    if (!ownReadableFile(seen, undefined, file.maxBytes)) throw refuse();
  }
  // No symlink at the end, no wait on a FIFO, no terminal: whatever may have been swapped in since the lstat.
  const handle = await open(real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK | constants.O_NOCTTY).catch(() => {
    throw refuse();
  });
  const opened = await handle.stat().catch(() => null);
  const same = opened !== null && opened.isFile() && opened.dev === seen.dev && opened.ino === seen.ino && ownReadableFile(opened, owner, file.maxBytes);
  if (!same) {
    await handle.close();
    throw refuse();
  }
  return { handle, size: opened.size };
}
