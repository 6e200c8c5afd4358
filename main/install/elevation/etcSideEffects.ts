import { chmodSync, chownSync, lstatSync, readFileSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { sysrootPath } from '../../system/sysroot.js';
import type { StepContext } from '../installStep.js';
import { sha256Of } from '../hostFileWriter.js';
import { HELPER_JOURNAL_ROOT, isCleanHostPath } from './allowedRoots.js';
import { ACCOUNT_FILES, accountDiff, isAccountLines, withoutAdded, type AccountLines } from './etcAccounts.js';
import { ETC_WALK_LIMIT, readEtc, readEtcEntry, sameEntry, type EtcEntry, type EtcManifest } from './etcManifest.js';
import { appendHelperEntry } from './helperJournal.js';
import { holdHelperLock } from './helperLock.js';
import type { HelperSay } from './helperText.js';

/**
 * Issue 19, item 3 and issue 27, item 4: what changed under /etc while an elevated step ran, besides its own recorded
 * files. A before/after walk cannot tell the step's packages' maintainer scripts from an administrator working at the
 * same time, so rollback puts back only what those scripts are known to make (RESTORABLE, and the accounts adduser
 * adds to ACCOUNT_FILES), only for a step whose packages it purged, and only while each is still as the step left it.
 * Everything else is named in a note and left as it is now.
 */
export interface EtcChange {
  path: string;
  before: EtcEntry | null;
  after: EtcEntry | null;
  /** The name (sha256) of the bytes a RESTORABLE file had before the step, kept in the helper's root-only folder. */
  copy?: string;
  /** For an account file: the lines the step added and the entries otherwise changed (etcAccounts.ts). */
  accounts?: AccountLines;
}

/** One attempt of a step: its changes, or `incomplete` when /etc could not be walked whole (nothing is put back). */
export interface EtcRecord {
  changes: EtcChange[];
  incomplete?: boolean;
}

/** Which rollback this is: the one that purged all the step's packages, or one where no package of the step goes. */
export type EtcRestoreScope = 'restore' | 'noPackages' | 'keptPackages';

/**
 * Never put back: ldconfig writes ld.so.cache from the libraries installed now, and update-alternatives keeps
 * /etc/alternatives in step with its own database (the packages' scripts remove their alternatives on purge).
 */
const REGENERATED = [/^\/etc\/ld\.so\.cache$/, /^\/etc\/alternatives(\/|$)/];
/** Whole entries rollback may put back: systemd's machine id and mtab link, netbase's hosts. Nothing else. */
const RESTORABLE: ReadonlySet<string> = new Set(['/etc/machine-id', '/etc/mtab', '/etc/hosts']);
const keepsBytes = (hostPath: string) => RESTORABLE.has(hostPath) || ACCOUNT_FILES.has(hostPath);
/** A note names at most this many paths, then how many more. */
const LISTED = 20;

const copiesDir = (runId: string) => sysrootPath(path.join(HELPER_JOURNAL_ROOT, `${runId}.etc`));

/** The changes between /etc before and after a step, less the paths the step recorded itself (its own undo has them). */
export function etcChanges(before: EtcManifest, after: EtcManifest, ownPaths: ReadonlySet<string>): EtcChange[] {
  const paths = new Set([...before.entries.keys(), ...after.entries.keys()]);
  const changes: EtcChange[] = [];
  for (const hostPath of [...paths].sort()) {
    if (ownPaths.has(hostPath) || REGENERATED.some((pattern) => pattern.test(hostPath))) continue;
    const [was, is] = [before.entries.get(hostPath) ?? null, after.entries.get(hostPath) ?? null];
    if (sameEntry(was, is)) continue;
    const [wasBytes, isBytes] = [before.contents.get(hostPath), after.contents.get(hostPath)];
    const accounts = ACCOUNT_FILES.has(hostPath) && wasBytes && isBytes ? { accounts: accountDiff(wasBytes, isBytes) } : {};
    changes.push({ path: hostPath, before: was, after: is, ...accounts });
  }
  return changes;
}

/** Keeps the bytes each changed RESTORABLE file had before the step (0600, by content hash), and names them. */
export function keepCopies(runId: string, changes: EtcChange[], before: EtcManifest): EtcChange[] {
  const dir = copiesDir(runId);
  return changes.map((change) => {
    const bytes = change.before?.kind === 'file' && RESTORABLE.has(change.path) ? before.contents.get(change.path) : undefined;
    if (!bytes) return change;
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const name = sha256Of(bytes);
    writeFileSync(path.join(dir, name), bytes, { mode: 0o600 });
    return { ...change, copy: name };
  });
}

/**
 * Around one elevated step: takes the helper's lock (no other step or undo walks or changes /etc meanwhile) and walks
 * /etc; `finish` walks it again (whatever the step's outcome), journals what changed, with copies, and lets go.
 */
export function watchEtc(runId: string, stepId: string, say: HelperSay, limit = ETC_WALK_LIMIT): { finish(ownPaths: ReadonlySet<string>): EtcRecord } {
  const lock = holdHelperLock(`${runId} ${stepId}`, say);
  let before: EtcManifest;
  try {
    before = readEtc(keepsBytes, limit);
  } catch (error) {
    lock.release();
    throw error;
  }
  return {
    finish(ownPaths) {
      try {
        const after = readEtc(keepsBytes, limit);
        const record: EtcRecord = before.complete && after.complete ? { changes: keepCopies(runId, etcChanges(before, after, ownPaths), before) } : { changes: [], incomplete: true };
        if (record.incomplete || record.changes.length) appendHelperEntry(runId, { t: 'etc', time: new Date().toISOString(), stepId, ...record });
        return record;
      } finally {
        lock.release();
      }
    },
  };
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

/** Replaces one file atomically with `bytes`, owner and mode. A leftover of a crash goes first; 'wx' never follows a link. */
function writeAtomically(hostPath: string, bytes: Buffer, owner: { mode: number; uid: number; gid: number }): void {
  const temp = `${sysrootPath(hostPath)}.dlsetup-restore`;
  rmSync(temp, { force: true });
  writeFileSync(temp, bytes, { mode: 0o600, flag: 'wx' });
  chownSync(temp, owner.uid, owner.gid);
  chmodSync(temp, owner.mode);
  renameSync(temp, sysrootPath(hostPath));
}

/** Puts one RESTORABLE entry back as it was before the step (a file, a link, or nothing); false when it cannot. */
function putBack(change: EtcChange, current: EtcEntry | null, runId: string): boolean {
  const onDisk = sysrootPath(change.path);
  const was = change.before;
  if (current?.kind === 'dir' || was?.kind === 'dir') return false;
  if (was?.kind === 'file') {
    writeAtomically(change.path, readFileSync(path.join(copiesDir(runId), change.copy!)), was);
    return true;
  }
  if (current) unlinkSync(onDisk);
  if (was?.kind === 'link') symlinkSync(was.target, onDisk);
  return true;
}

/** A kept copy's name is a sha256, the path a clean /etc path, an account record well formed: the helper's own journal is still checked. */
const wellFormed = (change: EtcChange) =>
  typeof change.path === 'string' &&
  change.path.startsWith('/etc/') &&
  isCleanHostPath(change.path) &&
  (change.copy === undefined || /^[0-9a-f]{64}$/.test(change.copy)) &&
  (change.accounts === undefined || isAccountLines(change.accounts));

/**
 * Undoes, after the step's packages were purged (scope 'restore'), the /etc side effects its records attribute to
 * them, newest attempt first: RESTORABLE entries while exactly as the step left them and owned by no package now, and
 * the account lines the step added while still as it wrote them. Every other entry that is not as it was before the
 * step is named in a note and left as it is now; for the other scopes, all of them are. Running it twice changes nothing.
 */
export async function restoreEtc(runId: string, records: EtcRecord[], ctx: StepContext, say: HelperSay, scope: EtcRestoreScope): Promise<string[]> {
  const notes: string[] = [];
  if (records.some((record) => record.incomplete === true)) notes.push(say('helper.etcNotWalked', { limit: String(ETC_WALK_LIMIT) }));
  const changes = records.slice().reverse().flatMap((record) => (Array.isArray(record.changes) ? record.changes : [])).filter(wellFormed);
  const now = (hostPath: string) => readEtcEntry(hostPath)?.entry ?? null;
  const pending = changes.filter((change) => !sameEntry(now(change.path), change.before));
  const untouched = new Set<string>();
  const listed = (paths: string[]) => (paths.length <= LISTED ? paths.join(', ') : `${paths.slice(0, LISTED).join(', ')} ${say('helper.etcMore', { count: String(paths.length - LISTED) })}`);
  if (scope !== 'restore') {
    const paths = [...new Set(pending.map((change) => change.path))].sort();
    if (paths.length) notes.push(say(scope === 'noPackages' ? 'helper.etcNoPackages' : 'helper.etcKeptWithPackages', { paths: listed(paths) }));
    return notes;
  }
  const owned = await ownedByPackages(
    pending.filter((change) => RESTORABLE.has(change.path)).map((change) => change.path),
    ctx,
  );
  for (const change of pending) {
    if (ACCOUNT_FILES.has(change.path) && change.accounts) {
      if (!mergeAccounts(change, change.accounts, say, notes)) untouched.add(change.path);
      continue;
    }
    const current = now(change.path);
    if (!RESTORABLE.has(change.path) || !owned || owned.has(change.path)) untouched.add(change.path);
    else if (sameEntry(current, change.before)) continue;
    else if (!sameEntry(current, change.after) || !parentsAreFolders(change.path)) notes.push(say('helper.etcChangedSince', { path: change.path }));
    else if (change.before?.kind === 'file' && !change.copy) notes.push(say('helper.etcNoCopy', { path: change.path }));
    else {
      try {
        if (!putBack(change, current, runId)) untouched.add(change.path);
      } catch {
        notes.push(say('helper.etcChangedSince', { path: change.path }));
      }
    }
  }
  if (untouched.size) notes.push(say('helper.etcNotAttributed', { paths: listed([...untouched].sort()) }));
  return [...new Set(notes)];
}

/**
 * Takes out of one account file, as it is now, the lines the step added that are still exactly as it wrote them;
 * names the entries left because they changed. False when the file is no longer a plain file it can merge.
 */
function mergeAccounts(change: EtcChange, accounts: AccountLines, say: HelperSay, notes: string[]): boolean {
  const seen = readEtcEntry(change.path, true);
  if (!seen || seen.entry.kind !== 'file' || !seen.bytes || !parentsAreFolders(change.path)) return false;
  const merged = withoutAdded(seen.bytes, accounts.added);
  if (merged.removed.length) {
    // Read again just before the write: an edit made meanwhile is never overwritten.
    if (!sameEntry(readEtcEntry(change.path)?.entry ?? null, seen.entry)) return false;
    writeAtomically(change.path, merged.bytes, seen.entry);
  }
  const kept = [...new Set([...merged.changed, ...accounts.others])].sort();
  if (kept.length) notes.push(say('helper.etcAccountsKept', { path: change.path, names: kept.join(', ') }));
  return true;
}
