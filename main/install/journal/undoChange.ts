import { copyFile, chmod, readFile, rm, rmdir } from 'node:fs/promises';
import { sysrootPath } from '../../system/sysroot.js';
import type { RollbackAction } from '../../../shared/types/install.js';
import { sha256Of } from '../hostFileWriter.js';
import type { StepContext } from '../installStep.js';
import { installText, type InstallSay } from '../../system/installText.js';
import type { JournalChange } from './journalEntry.js';
import { DEB_PACKAGE_PATTERN } from '../stepParams.js';

/** What undoing one change will do, in words (in `say`'s language), before anything is touched (issue 5: rollback shows first). */
export function describeUndo(change: JournalChange, say: InstallSay = installText()): { kind: RollbackAction['kind']; description: string } | null {
  switch (change.type) {
    case 'file-backed-up':
      return { kind: 'restore-file', description: say('undo.restoreFile', { path: change.path }) };
    case 'file-created':
      return { kind: 'remove-file', description: say('undo.removeFile', { path: change.path }) };
    case 'dir-created':
      return { kind: 'remove-dir', description: say(change.owned ? 'undo.removeOwnedDir' : 'undo.removeEmptyDir', { path: change.path }) };
    case 'packages-installed':
      return {
        kind: 'remove-packages',
        description:
          change.manager === 'apt'
            ? say('undo.removeAptPackages', { packages: change.packages.join(' ') })
            : say('undo.uninstallPip', { python: String(change.python), packages: change.packages.join(' ') }),
      };
    case 'packages-upgraded':
      return { kind: 'reinstall-packages', description: say('undo.reinstallPip', { python: change.python, packages: change.packages.map((p) => `${p.name}==${p.from}`).join(' ') }) };
    case 'alternative-set':
      return { kind: 'restore-alternative', description: say(alternativeUndoKey(change), { name: change.name, path: change.path, previous: change.previous ?? '' }) };
    case 'needs-ldconfig':
      return { kind: 'run-ldconfig', description: say('undo.ldconfig') };
    case 'needs-initramfs':
      return { kind: 'run-update-initramfs', description: say('undo.initramfs') };
    case 'file-written':
      return null;
  }
}

/** Undoing an alternative points it back, unregisters what the run registered, or both; with neither it goes automatic. */
function alternativeUndoKey(change: Extract<JournalChange, { type: 'alternative-set' }>) {
  if (change.previous) return change.registered ? 'undo.alternativeBackAndUnregister' : 'undo.alternativeBack';
  return change.registered ? 'undo.alternativeUnregister' : 'undo.alternativeAuto';
}

/** The sha256 of what the install last wrote to each path, to notice files the user edited afterwards. */
export type WrittenHashes = Map<string, string>;

/** Undoes one journalled change; returns a note when it had to do something other than the plain undo. */
export async function undoChange(change: JournalChange, ctx: StepContext, written: WrittenHashes): Promise<string | undefined> {
  switch (change.type) {
    case 'file-backed-up': {
      const real = sysrootPath(change.path);
      const backup = await readFile(change.backup);
      if (sha256Of(backup) !== change.sha256) {
        // Said in the run's language (rollback notes show it as is); the key lets another reader say it again.
        const params = { path: change.path, backup: change.backup };
        throw ctx.say.error('JOURNAL_DAMAGED', 'undo.backupChanged', params);
      }
      let note: string | undefined;
      const current = await readFile(real).catch(() => null);
      if (current && written.has(change.path) && sha256Of(current) !== written.get(change.path)) {
        // Edited after the install: keep the user's version beside the restored one.
        await copyFile(real, `${real}.dlsetup-before-rollback`);
        note = ctx.say('undo.editedKeptBeside', { path: change.path, kept: `${change.path}.dlsetup-before-rollback` });
      }
      await copyFile(change.backup, real);
      await chmod(real, change.mode);
      return note;
    }
    case 'file-created': {
      const real = sysrootPath(change.path);
      const current = await readFile(real).catch(() => null);
      if (current === null) return undefined;
      if (written.has(change.path) && sha256Of(current) !== written.get(change.path)) {
        return ctx.say('undo.editedKept', { path: change.path });
      }
      await rm(real, { force: true });
      return undefined;
    }
    case 'dir-created': {
      const real = sysrootPath(change.path);
      if (change.owned) await rm(real, { recursive: true, force: true });
      else await rmdir(real).catch(() => undefined);
      return undefined;
    }
    case 'packages-installed':
      if (change.manager === 'apt') {
        // A journal line is input: a name apt could read as an option ("-o…") is never passed on.
        const keep = new Set(change.keepConfig ?? []);
        const bad = [...change.packages, ...keep].find((name) => !DEB_PACKAGE_PATTERN.test(name));
        if (bad !== undefined) throw ctx.say.error('INVALID_ARGUMENT', 'undo.packageNotAccepted', { entry: JSON.stringify(bad) });
        // Purged, config files too, since the run installed them; those whose config files were there before are only removed.
        // Held packages too: the cuDNN step holds its pinned libcudnn8 build, and only packages this run added get here.
        const purge = change.packages.filter((name) => !keep.has(name));
        const remove = change.packages.filter((name) => keep.has(name));
        for (const [action, names] of [['purge', purge], ['remove', remove]] as const) {
          if (names.length) await ctx.run(['apt-get', action, '--yes', '--allow-change-held-packages', ...names], { env: { DEBIAN_FRONTEND: 'noninteractive' } });
        }
      } else if (change.python) {
        await ctx.run([sysrootPath(change.python), '-m', 'pip', 'uninstall', '--yes', ...change.packages]);
      }
      return undefined;
    case 'packages-upgraded':
      await ctx.run([sysrootPath(change.python), '-m', 'pip', 'install', '--no-deps', ...change.packages.map((p) => `${p.name}==${p.from}`)]);
      return undefined;
    case 'alternative-set':
      // Point back first, then unregister what the run registered, so the link never dangles in between.
      if (change.previous) await ctx.run(['update-alternatives', '--set', change.name, change.previous]);
      if (change.registered) await ctx.run(['update-alternatives', '--remove', change.name, change.path]);
      else if (!change.previous) await ctx.run(['update-alternatives', '--auto', change.name]);
      return undefined;
    case 'needs-ldconfig':
      await ctx.run(['ldconfig']);
      return undefined;
    case 'needs-initramfs':
      await ctx.run(['update-initramfs', '-u'], { timeoutMs: 15 * 60_000 });
      return undefined;
    case 'file-written':
      return undefined;
  }
}
