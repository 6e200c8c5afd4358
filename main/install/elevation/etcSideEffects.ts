import { chmodSync, chownSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sysrootPath } from '../../system/sysroot.js';
import type { StepContext } from '../installStep.js';
import { HELPER_JOURNAL_ROOT, isCleanHostPath } from './allowedRoots.js';
import { sha256Of } from '../hostFileWriter.js';
import { readEtc, readEtcEntry, sameEntry, type EtcEntry, type EtcManifest } from './etcManifest.js';
import type { HelperSay } from './helperText.js';

/**
 * Issue 19, item 3: what an elevated step changed under /etc besides its own recorded files — what the maintainer
 * scripts of the packages it installed did outside dpkg's records (systemd's /etc/machine-id and /etc/mtab, netbase's
 * /etc/hosts, the system accounts adduser writes into passwd, group, shadow and gshadow). `copy` names the bytes of a
 * file from before the step, kept in the helper's root-only folder.
 */
export interface EtcChange {
  path: string;
  before: EtcEntry | null;
  after: EtcEntry | null;
  copy?: string;
}

/**
 * Never put back: ldconfig writes ld.so.cache from the libraries installed now, and update-alternatives keeps
 * /etc/alternatives in step with its own database (the packages' scripts remove their alternatives on purge).
 */
const REGENERATED = [/^\/etc\/ld\.so\.cache$/, /^\/etc\/alternatives(\/|$)/];

const copiesDir = (runId: string) => sysrootPath(path.join(HELPER_JOURNAL_ROOT, `${runId}.etc`));

/** The changes between /etc before and after a step, less the paths the step recorded itself (its own undo has them). */
export function etcChanges(before: EtcManifest, after: EtcManifest, ownPaths: ReadonlySet<string>): EtcChange[] {
  const paths = new Set([...before.entries.keys(), ...after.entries.keys()]);
  const changes: EtcChange[] = [];
  for (const hostPath of [...paths].sort()) {
    if (ownPaths.has(hostPath) || REGENERATED.some((pattern) => pattern.test(hostPath))) continue;
    const [was, is] = [before.entries.get(hostPath) ?? null, after.entries.get(hostPath) ?? null];
    if (!sameEntry(was, is)) changes.push({ path: hostPath, before: was, after: is });
  }
  return changes;
}

/** Keeps the bytes each changed or removed file had before the step (0600, by content hash), and names them. */
export function keepCopies(runId: string, changes: EtcChange[], before: EtcManifest): EtcChange[] {
  const dir = copiesDir(runId);
  return changes.map((change) => {
    const bytes = change.before?.kind === 'file' ? before.contents.get(change.path) : undefined;
    if (!bytes) return change;
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const name = sha256Of(bytes);
    writeFileSync(path.join(dir, name), bytes, { mode: 0o600 });
    return { ...change, copy: name };
  });
}

/** Around one elevated step: /etc before it, then (whatever the step's outcome) the changes it made, with copies. */
export function watchEtc(runId: string): { changes(ownPaths: ReadonlySet<string>): EtcChange[] } {
  const before = readEtc();
  return { changes: (ownPaths) => keepCopies(runId, etcChanges(before, readEtc(), ownPaths), before) };
}

/** Which of these paths a package owns now (dpkg-query -S); null where dpkg is not the package manager. */
async function ownedByPackages(paths: string[], ctx: StepContext): Promise<Set<string> | null> {
  if (!paths.length) return new Set();
  const result = await ctx.run(['dpkg-query', '-S', ...paths], { allowFailure: true, quiet: true, env: { LC_ALL: 'C' } }).catch(() => null);
  if (!result || result.exitCode === null || result.exitCode > 1) return null;
  const owned = new Set<string>();
  for (const line of result.stdout.split('\n')) {
    const match = /^(?!diversion by )[^:]+: (\/.*)$/.exec(line);
    if (match) owned.add(match[1]!);
  }
  return owned;
}

/** Every folder from /etc down to the path's parent is a real folder, not a link something could have swapped in. */
function parentsAreFolders(hostPath: string): boolean {
  for (let dir = path.posix.dirname(hostPath); dir !== '/'; dir = path.posix.dirname(dir)) {
    try {
      if (!lstatSync(sysrootPath(dir)).isDirectory()) return false;
    } catch {
      return false;
    }
  }
  return true;
}

/** Puts one entry back as it was before the step: the kept bytes (atomically, with owner and mode), the link, or nothing. */
function putBack(change: EtcChange, runId: string): void {
  const onDisk = sysrootPath(change.path);
  const was = change.before;
  const current = readEtcEntry(change.path)?.entry ?? null;
  if (was?.kind === 'file') {
    const temp = `${onDisk}.dlsetup-restore`;
    // A leftover of a crash goes first; 'wx' then never follows a link someone put in its place.
    rmSync(temp, { force: true });
    writeFileSync(temp, readFileSync(path.join(copiesDir(runId), change.copy!)), { mode: 0o600, flag: 'wx' });
    chownSync(temp, was.uid, was.gid);
    chmodSync(temp, was.mode);
    if (current?.kind === 'dir') rmdirSync(onDisk);
    renameSync(temp, onDisk);
    return;
  }
  if (current?.kind === 'dir') rmdirSync(onDisk);
  else if (current) unlinkSync(onDisk);
  if (was?.kind === 'link') symlinkSync(was.target, onDisk);
  if (was?.kind === 'dir') {
    mkdirSync(onDisk, { mode: was.mode });
    chownSync(onDisk, was.uid, was.gid);
  }
}

/** A kept copy's name is a sha256 and the path a clean /etc path: the helper's own journal is still checked. */
const wellFormed = (change: EtcChange) =>
  typeof change.path === 'string' && change.path.startsWith('/etc/') && isCleanHostPath(change.path) && (change.copy === undefined || /^[0-9a-f]{64}$/.test(change.copy));

/**
 * Undoes the /etc side effects of one step, newest first, after its packages were purged: an entry goes back only
 * while it is exactly as the step left it and no package owns it now; anything changed since is kept and named.
 * Folders come back before their files, and created files go before their folders. Running it twice changes nothing.
 */
export async function restoreEtc(runId: string, recorded: EtcChange[][], ctx: StepContext, say: HelperSay): Promise<string[]> {
  const changes = recorded.slice().reverse().flat().filter(wellFormed);
  const pending = changes.filter((change) => !sameEntry(readEtcEntry(change.path)?.entry ?? null, change.before));
  const owned = await ownedByPackages(pending.map((change) => change.path), ctx);
  if (!owned) return [];
  const depth = (change: EtcChange) => change.path.split('/').length;
  const restores = pending.filter((change) => change.before !== null).sort((a, b) => depth(a) - depth(b));
  const removals = pending.filter((change) => change.before === null).sort((a, b) => depth(b) - depth(a));
  const notes: string[] = [];
  for (const change of [...restores, ...removals]) {
    if (owned.has(change.path)) continue;
    const current = readEtcEntry(change.path)?.entry ?? null;
    if (sameEntry(current, change.before)) continue;
    if (!sameEntry(current, change.after)) notes.push(say('helper.etcChangedSince', { path: change.path }));
    else if (change.before?.kind === 'file' && !change.copy) notes.push(say('helper.etcNoCopy', { path: change.path }));
    else if (!parentsAreFolders(change.path)) notes.push(say('helper.etcChangedSince', { path: change.path }));
    else if (current?.kind === 'dir' && readdirSync(sysrootPath(change.path)).length) continue; // what it holds was named
    else {
      try {
        putBack(change, runId);
      } catch {
        notes.push(say('helper.etcChangedSince', { path: change.path }));
      }
    }
  }
  return notes;
}
