import { createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readlinkSync, readSync, type BigIntStats } from 'node:fs';
import path from 'node:path';
import { sysrootPath } from '../../system/sysroot.js';
import { isCleanHostPath } from './allowedRoots.js';

/**
 * One path under /etc as the helper saw it: a file (its content hash, or for a file too large to hash or unreadable,
 * its identity: size, inode, modification and change times), a symlink (its target) or a folder.
 */
export type EtcEntry =
  | { kind: 'file'; mode: number; uid: number; gid: number; sha256?: string; identity?: string }
  | { kind: 'link'; target: string }
  | { kind: 'dir'; mode: number; uid: number; gid: number };

/** /etc at one moment: every entry by host path, and the bytes of the few files rollback may merge or put back. */
export interface EtcManifest {
  entries: Map<string, EtcEntry>;
  contents: Map<string, Buffer>;
  /** False when a folder could not be listed or /etc held more than the walk's bound: nothing is compared then. */
  complete: boolean;
}

/** Files larger than this are never copied: /etc holds configuration, not data. */
export const ETC_COPY_LIMIT = 1024 * 1024;
/** Files larger than this are compared by identity, not hashed: a 2 GiB file under /etc costs one lstat. */
export const ETC_HASH_LIMIT = 16 * 1024 * 1024;
/** A walk past this many entries stops and is marked incomplete (never cut: an incomplete walk compares nothing). */
export const ETC_WALK_LIMIT = 250_000;
const CHUNK = 64 * 1024;

const identityOf = (info: BigIntStats) => `${info.size}:${info.ino}:${info.mtimeNs}:${info.ctimeNs}`;

/** Hashes a regular file in chunks (never a link, fifo or device swapped in); null when it is larger than the limit. */
function hashFile(onDisk: string, keep: boolean): { sha256: string; bytes?: Buffer } | null {
  const fd = openSync(onDisk, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    if (!fstatSync(fd).isFile()) return null;
    const hash = createHash('sha256');
    const chunks: Buffer[] = [];
    const buffer = Buffer.alloc(CHUNK);
    let total = 0;
    for (let read = readSync(fd, buffer, 0, CHUNK, null); read > 0; read = readSync(fd, buffer, 0, CHUNK, null)) {
      total += read;
      // It grew past the limit while it was read: compared by identity like any large file.
      if (total > ETC_HASH_LIMIT) return null;
      hash.update(buffer.subarray(0, read));
      if (keep && total <= ETC_COPY_LIMIT) chunks.push(Buffer.from(buffer.subarray(0, read)));
    }
    return { sha256: hash.digest('hex'), ...(keep && total <= ETC_COPY_LIMIT ? { bytes: Buffer.concat(chunks) } : {}) };
  } finally {
    closeSync(fd);
  }
}

/**
 * The entry at one host path now, without following links; null when nothing (or a socket, a fifo) is there.
 * `keep` asks for the file's bytes (only up to ETC_COPY_LIMIT). A file that cannot be read is kept by identity, so a
 * failed read never looks like an absence.
 */
export function readEtcEntry(hostPath: string, keep = false): { entry: EtcEntry; bytes?: Buffer } | null {
  const onDisk = sysrootPath(hostPath);
  let info: BigIntStats;
  try {
    info = lstatSync(onDisk, { bigint: true });
  } catch {
    return null;
  }
  const owner = { mode: Number(info.mode & 0o7777n), uid: Number(info.uid), gid: Number(info.gid) };
  if (info.isSymbolicLink()) {
    try {
      return { entry: { kind: 'link', target: readlinkSync(onDisk) } };
    } catch {
      return null;
    }
  }
  if (info.isDirectory()) return { entry: { kind: 'dir', ...owner } };
  if (!info.isFile()) return null;
  let hashed: ReturnType<typeof hashFile> = null;
  if (info.size <= BigInt(ETC_HASH_LIMIT)) {
    try {
      hashed = hashFile(onDisk, keep);
    } catch {
      hashed = null;
    }
  }
  if (!hashed) return { entry: { kind: 'file', ...owner, identity: identityOf(info) } };
  return { entry: { kind: 'file', ...owner, sha256: hashed.sha256 }, ...(hashed.bytes ? { bytes: hashed.bytes } : {}) };
}

/**
 * Walks /etc (under the sysroot) whole, never following links; `keep` names the files whose bytes are kept. Paths a
 * journal line could not name cleanly are left out of both walks alike. There is no count cut that could shift
 * between two walks: past `limit` entries, or when a folder cannot be listed, the walk says it is incomplete.
 */
export function readEtc(keep: (hostPath: string) => boolean = () => false, limit = ETC_WALK_LIMIT): EtcManifest {
  const manifest: EtcManifest = { entries: new Map(), contents: new Map(), complete: true };
  const pending = ['/etc'];
  while (pending.length && manifest.complete) {
    const dir = pending.pop()!;
    let names: string[];
    try {
      names = readdirSync(sysrootPath(dir)).sort();
    } catch (error) {
      // Gone meanwhile is an answer; unlisted is not: its entries would look made (or removed) by the next walk.
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') manifest.complete = false;
      continue;
    }
    for (const name of names) {
      const hostPath = path.posix.join(dir, name);
      if (!isCleanHostPath(hostPath)) continue;
      const seen = readEtcEntry(hostPath, keep(hostPath));
      if (!seen) continue;
      if (manifest.entries.size >= limit) {
        manifest.complete = false;
        break;
      }
      manifest.entries.set(hostPath, seen.entry);
      if (seen.bytes) manifest.contents.set(hostPath, seen.bytes);
      if (seen.entry.kind === 'dir') pending.push(hostPath);
    }
  }
  if (!manifest.complete) return { entries: new Map(), contents: new Map(), complete: false };
  return manifest;
}

/** Equal kind, owner, mode and content (hash, or identity for unhashed files), or link target; two absences are equal. */
export function sameEntry(a: EtcEntry | null, b: EtcEntry | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.kind === 'link' || b.kind === 'link') return a.kind === 'link' && b.kind === 'link' && a.target === b.target;
  const owner = a.kind === b.kind && a.mode === b.mode && a.uid === b.uid && a.gid === b.gid;
  if (!owner || a.kind === 'dir' || b.kind !== 'file' || a.kind !== 'file') return owner;
  if (a.sha256 !== undefined || b.sha256 !== undefined) return a.sha256 === b.sha256;
  return a.identity !== undefined && a.identity === b.identity;
}
