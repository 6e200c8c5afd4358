import { lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { sysrootPath } from '../../system/sysroot.js';
import { sha256Of } from '../hostFileWriter.js';
import { isCleanHostPath } from './allowedRoots.js';

/** One path under /etc as the helper saw it: a file (its content hash), a symlink (its target) or a folder. */
export type EtcEntry =
  | { kind: 'file'; mode: number; uid: number; gid: number; sha256: string }
  | { kind: 'link'; target: string }
  | { kind: 'dir'; mode: number; uid: number; gid: number };

/** /etc at one moment: every entry by host path, and the bytes of each file small enough to put back. */
export interface EtcManifest {
  entries: Map<string, EtcEntry>;
  contents: Map<string, Buffer>;
}

/** Files larger than this are hashed but not copied: /etc holds configuration, not data. */
export const ETC_COPY_LIMIT = 1024 * 1024;
/** A pathological /etc (a bind-mounted tree) is not walked past this many entries. */
const ETC_ENTRY_LIMIT = 50_000;

/** The entry at one host path now, without following links; null when nothing (or a socket, a fifo) is there. */
export function readEtcEntry(hostPath: string): { entry: EtcEntry; bytes?: Buffer } | null {
  const onDisk = sysrootPath(hostPath);
  let info;
  try {
    info = lstatSync(onDisk);
  } catch {
    return null;
  }
  const owner = { mode: info.mode & 0o7777, uid: info.uid, gid: info.gid };
  if (info.isSymbolicLink()) return { entry: { kind: 'link', target: readlinkSync(onDisk) } };
  if (info.isDirectory()) return { entry: { kind: 'dir', ...owner } };
  if (!info.isFile()) return null;
  const bytes = readFileSync(onDisk);
  return { entry: { kind: 'file', ...owner, sha256: sha256Of(bytes) }, ...(bytes.length <= ETC_COPY_LIMIT ? { bytes } : {}) };
}

/** Walks /etc (under the sysroot), never following links. Paths a journal line could not name cleanly are left out. */
export function readEtc(): EtcManifest {
  const manifest: EtcManifest = { entries: new Map(), contents: new Map() };
  const walk = (dir: string) => {
    let names: string[];
    try {
      names = readdirSync(sysrootPath(dir)).sort();
    } catch {
      return;
    }
    for (const name of names) {
      if (manifest.entries.size >= ETC_ENTRY_LIMIT) return;
      const hostPath = path.posix.join(dir, name);
      if (!isCleanHostPath(hostPath)) continue;
      const seen = readEtcEntry(hostPath);
      if (!seen) continue;
      manifest.entries.set(hostPath, seen.entry);
      if (seen.bytes) manifest.contents.set(hostPath, seen.bytes);
      if (seen.entry.kind === 'dir') walk(hostPath);
    }
  };
  walk('/etc');
  return manifest;
}

/** Equal kind, owner, mode and content (or link target); two absences are equal too. */
export function sameEntry(a: EtcEntry | null, b: EtcEntry | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.kind === 'link' || b.kind === 'link') return a.kind === 'link' && b.kind === 'link' && a.target === b.target;
  const owner = a.kind === b.kind && a.mode === b.mode && a.uid === b.uid && a.gid === b.gid;
  return owner && (a.kind === 'dir' || (b.kind === 'file' && a.sha256 === b.sha256));
}
