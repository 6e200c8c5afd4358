import path from 'node:path';
import { sysrootPath } from '../../system/sysroot.js';
import type { StepContext } from '../installStep.js';
import type { JournalChange } from '../journal/journalEntry.js';
import { DEB_PACKAGE_PATTERN } from '../stepParams.js';
import { undoChange, type WrittenHashes } from '../journal/undoChange.js';
import { planAptUndo } from './aptUndoPlan.js';
import { ELEVATED_DIR_ROOTS, ELEVATED_PARENT_DIRS, SYSTEM_BACKUP_ROOT, isAllowedElevatedDir, isAllowedElevatedFile, isToolkitDir } from './allowedRoots.js';
import { restoreEtc, type EtcRecord } from './etcSideEffects.js';
import { appendHelperEntry, readHelperJournal } from './helperJournal.js';
import { whileHelperLocked } from './helperLock.js';
import type { HelperSay, HelperTextKey } from './helperText.js';
import type { ParamsArgs } from '../../../shared/i18n/localize.js';

/** The helper's refusal, keyed in its catalog so the app says it in the reader's language. */
function refuse<K extends HelperTextKey>(say: HelperSay, key: K, ...params: ParamsArgs<'helper', K>): never {
  throw say.error('UNAUTHORIZED', key, ...(params as [never]));
}
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * Every change the helper undoes must be one it could have made itself: DL Setup's own files, its toolkit and cuDNN
 * trees, apt packages with valid names, the "cuda" alternative. Checked again on the helper's own journal lines.
 */
export function validateUndoChange(change: JournalChange, runId: string, say: HelperSay): void {
  const raw = change as unknown as Record<string, unknown>;
  switch (change.type) {
    case 'file-backed-up': {
      if (!isAllowedElevatedFile(text(raw.path))) refuse(say, 'helper.notManagedFile', { path: text(raw.path) });
      const root = sysrootPath(path.join(SYSTEM_BACKUP_ROOT, runId));
      const backup = text(raw.backup);
      if (path.normalize(backup) !== backup || path.dirname(backup) !== root || !/^[A-Za-z0-9._-]+$/.test(path.basename(backup))) refuse(say, 'helper.badBackup', { backup, root });
      if (typeof raw.sha256 !== 'string' || !Number.isInteger(raw.mode) || (raw.mode as number) < 0 || (raw.mode as number) > 0o777) refuse(say, 'helper.badMode');
      return;
    }
    case 'file-created':
      if (!isAllowedElevatedFile(text(raw.path))) refuse(say, 'helper.notManagedFile', { path: text(raw.path) });
      return;
    case 'file-written':
      if (!isAllowedElevatedFile(text(raw.path)) || typeof raw.sha256 !== 'string') refuse(say, 'helper.notManagedFile', { path: text(raw.path) });
      return;
    case 'dir-created': {
      const dir = text(raw.path);
      const allowed = raw.owned === true ? isAllowedElevatedDir(dir) : ELEVATED_PARENT_DIRS.includes(dir) || isAllowedElevatedDir(dir);
      if (!allowed) refuse(say, 'helper.notRemovableDir', { path: dir, roots: ELEVATED_DIR_ROOTS.join(', ') });
      return;
    }
    case 'packages-installed': {
      if (raw.manager !== 'apt') refuse(say, 'helper.onlyApt');
      const names = Array.isArray(raw.packages) ? (raw.packages as unknown[]) : [];
      if (!names.length) refuse(say, 'helper.badPackage', { name: '[]' });
      const keepConfig = raw.keepConfig === undefined ? [] : Array.isArray(raw.keepConfig) ? (raw.keepConfig as unknown[]) : [raw.keepConfig];
      for (const name of [...names, ...keepConfig]) if (typeof name !== 'string' || !DEB_PACKAGE_PATTERN.test(name)) refuse(say, 'helper.badPackage', { name: JSON.stringify(name) });
      return;
    }
    case 'alternative-set':
      if (raw.name !== 'cuda' || !isToolkitDir(text(raw.path)) || (raw.previous !== null && !isToolkitDir(text(raw.previous))) || typeof raw.registered !== 'boolean') {
        refuse(say, 'helper.onlyCudaAlternative');
      }
      return;
    case 'needs-ldconfig':
    case 'needs-initramfs':
      return;
    case 'packages-upgraded':
      return refuse(say, 'helper.noPipAsRoot');
    default:
      throw say.error('INVALID_ARGUMENT', 'helper.unknownChange', { type: String(raw.type) });
  }
}

const keyOf = (change: JournalChange) => JSON.stringify(change);
const isRefresh = (change: JournalChange) => change.type === 'needs-ldconfig' || change.type === 'needs-initramfs';

/** The changes one step recorded in the helper's journal and the ones already undone, as JSON keys with counts. */
function stepState(runId: string, stepId: string, say: HelperSay): { recorded: JournalChange[]; outstanding: JournalChange[]; written: WrittenHashes; etc: EtcRecord[] } {
  const entries = readHelperJournal(runId, say);
  const written: WrittenHashes = new Map();
  const undone = new Map<string, number>();
  for (const entry of entries) {
    if (entry.t === 'change' && entry.change.type === 'file-written') written.set(entry.change.path, entry.change.sha256);
    if (entry.t === 'undone' && entry.stepId === stepId) undone.set(keyOf(entry.change), (undone.get(keyOf(entry.change)) ?? 0) + 1);
  }
  const recorded = entries.flatMap((entry) => (entry.t === 'change' && entry.stepId === stepId ? [entry.change] : []));
  const outstanding = recorded.filter((change) => {
    const count = undone.get(keyOf(change)) ?? 0;
    if (count > 0) undone.set(keyOf(change), count - 1);
    return count === 0;
  });
  const etc = entries.flatMap((entry) => (entry.t === 'etc' && entry.stepId === stepId ? [{ changes: entry.changes, ...(entry.incomplete === true ? { incomplete: true } : {}) }] : []));
  return { recorded, outstanding, written, etc };
}

/**
 * Undoes what one step changed, from the helper's own journal only (a request names the run and the step, never a
 * change): newest first, ldconfig and update-initramfs last, each success journalled as undone so a retry skips it.
 * Packages are purged only when the helper installed them and data/ knows them as driver, CUDA or cuDNN packages, or
 * apt pulled them in for those and nothing outside the step needs them (aptUndoPlan).
 * Under the helper's lock: a second undo of the same step, at once or from another helper, finds it already undone.
 * Returns every change of the step that is no longer in place, for the app to compare with its own journal.
 */
export function undoStepFromJournal(runId: string, stepId: string, ctx: StepContext, say: HelperSay): Promise<{ notes: string[]; undone: JournalChange[] }> {
  return whileHelperLocked(`${runId} ${stepId}`, say, () => undoStep(runId, stepId, ctx, say));
}

async function undoStep(runId: string, stepId: string, ctx: StepContext, say: HelperSay): Promise<{ notes: string[]; undone: JournalChange[] }> {
  const { recorded, outstanding, written, etc } = stepState(runId, stepId, say);
  for (const change of outstanding) validateUndoChange(change, runId, say);
  const order = outstanding.filter((change) => change.type !== 'file-written').reverse();
  const notes: string[] = [];
  const stepPackages = new Set(recorded.flatMap((change) => (change.type === 'packages-installed' ? change.packages : [])));
  let keptPackages = false;
  let purgedPackages = false;
  for (const change of [...order.filter((c) => !isRefresh(c)), ...order.filter(isRefresh)]) {
    let target: JournalChange | null = change;
    if (change.type === 'packages-installed') {
      const planned = await planAptUndo(change, stepPackages, ctx, say);
      notes.push(...planned.notes);
      keptPackages ||= planned.notes.length > 0;
      purgedPackages ||= planned.target !== null;
      target = planned.target;
    }
    if (target) {
      const note = await undoChange(target, ctx, written);
      if (note) notes.push(note);
    }
    appendHelperEntry(runId, { t: 'undone', time: new Date().toISOString(), stepId, change });
  }
  for (const change of outstanding.filter((c) => c.type === 'file-written')) appendHelperEntry(runId, { t: 'undone', time: new Date().toISOString(), stepId, change });
  // What changed under /etc during the step is looked at once, in the rollback that undoes the step (its packages'
  // one, if it installed any): put back only when it purged them all, named otherwise (etcSideEffects.ts).
  const installedPackages = stepPackages.size > 0;
  if (outstanding.length && (!installedPackages || outstanding.some((change) => change.type === 'packages-installed'))) {
    const scope = !installedPackages ? 'noPackages' : purgedPackages && !keptPackages ? 'restore' : 'keptPackages';
    notes.push(...(await restoreEtc(runId, etc, ctx, say, scope)));
  }
  return { notes, undone: recorded };
}
