import { copyFile, chmod, readFile, rm, rmdir } from 'node:fs/promises';
import { sysrootPath } from '../system/sysroot.js';
import type { RollbackAction } from '../../shared/types/install.js';
import { sha256Of } from './hostFileWriter.js';
import type { StepContext } from './installStep.js';
import type { JournalChange } from './journalEntry.js';

/** What undoing one change will do, in words, before anything is touched (issue 5: rollback shows first). */
export function describeUndo(change: JournalChange): { kind: RollbackAction['kind']; description: string } | null {
  switch (change.type) {
    case 'file-backed-up':
      return { kind: 'restore-file', description: `Restore ${change.path} from the backup taken before the install` };
    case 'file-created':
      return { kind: 'remove-file', description: `Remove ${change.path}, which the install created` };
    case 'dir-created':
      return change.owned
        ? { kind: 'remove-dir', description: `Remove ${change.path} and everything in it (created by the install)` }
        : { kind: 'remove-dir', description: `Remove the folder ${change.path} if it is empty` };
    case 'packages-installed':
      return {
        kind: 'remove-packages',
        description:
          change.manager === 'apt'
            ? `Remove the apt packages the install added: ${change.packages.join(' ')}`
            : `Uninstall from ${change.python}: ${change.packages.join(' ')}`,
      };
    case 'packages-upgraded':
      return { kind: 'reinstall-packages', description: `Put back the earlier versions in ${change.python}: ${change.packages.map((p) => `${p.name}==${p.from}`).join(' ')}` };
    case 'alternative-set':
      return {
        kind: 'restore-alternative',
        description: [
          ...(change.previous ? [`Point "${change.name}" back to ${change.previous}`] : []),
          ...(change.registered ? [`unregister ${change.path} as "${change.name}"`] : change.previous ? [] : [`let "${change.name}" choose automatically again`]),
        ]
          .join(' and ')
          .replace(/^./, (c) => c.toUpperCase()),
      };
    case 'needs-ldconfig':
      return { kind: 'run-ldconfig', description: 'Refresh the library cache (ldconfig)' };
    case 'needs-initramfs':
      return { kind: 'run-update-initramfs', description: 'Rebuild the initramfs (update-initramfs -u) so the restored module settings apply at the next boot' };
    case 'file-written':
      return null;
  }
}

/** The sha256 of what the install last wrote to each path, to notice files the user edited afterwards. */
export type WrittenHashes = Map<string, string>;

/** Undoes one journalled change; returns a note when it had to do something other than the plain undo. */
export async function undoChange(change: JournalChange, ctx: StepContext, written: WrittenHashes): Promise<string | undefined> {
  switch (change.type) {
    case 'file-backed-up': {
      const real = sysrootPath(change.path);
      const backup = await readFile(change.backup);
      if (sha256Of(backup) !== change.sha256) throw new Error(`The backup of ${change.path} at ${change.backup} was changed; it was not restored.`);
      let note: string | undefined;
      const current = await readFile(real).catch(() => null);
      if (current && written.has(change.path) && sha256Of(current) !== written.get(change.path)) {
        // Edited after the install: keep the user's version beside the restored one.
        await copyFile(real, `${real}.dlsetup-before-rollback`);
        note = `${change.path} was edited after the install; that version is kept as ${change.path}.dlsetup-before-rollback.`;
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
        return `${change.path} was edited after the install, so it was kept.`;
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
        await ctx.run(['apt-get', 'remove', '--yes', ...change.packages], { env: { DEBIAN_FRONTEND: 'noninteractive' } });
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
