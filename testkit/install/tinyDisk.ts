import { execFileSync } from 'node:child_process';
import { closeSync, ftruncateSync, mkdirSync, openSync, writeSync } from 'node:fs';
import path from 'node:path';

const PAGE = 4096;

/** A small tmpfs mounted at `dir` (root only), to make a real ENOSPC; null with the reason where it cannot be mounted. */
export interface TinyDisk {
  dir: string;
  /** Fills the disk, leaving `pages` 4 KiB pages free (tmpfs hands out whole pages). */
  fill(pages?: number): void;
  /** Frees what fill took. */
  free(): void;
  unmount(): void;
}

export function mountTinyDisk(dir: string, size = '256k'): TinyDisk | { skip: string } {
  mkdirSync(dir, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0755`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (error) {
    return { skip: `cannot mount a tmpfs here (${String((error as { stderr?: Buffer }).stderr ?? error).trim() || 'not root'}), so no real full disk` };
  }
  const filler = path.join(dir, 'filler');
  return {
    dir,
    fill(pages = 0) {
      const fd = openSync(filler, 'w');
      const chunk = Buffer.alloc(PAGE, 0x78);
      let size = 0;
      try {
        for (;;) size += writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      }
      ftruncateSync(fd, Math.max(0, Math.floor(size / PAGE) - pages) * PAGE);
      closeSync(fd);
    },
    free() {
      const fd = openSync(filler, 'w');
      closeSync(fd);
    },
    unmount() {
      execFileSync('umount', [dir]);
    },
  };
}
