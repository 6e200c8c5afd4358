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

/** '64k' → 65536: the most a fill may write before it must have met ENOSPC. */
function sizeBytes(size: string): number {
  const match = /^(\d+)([km]?)$/.exec(size);
  if (!match) throw new Error(`tinyDisk: size ${size} is not <digits>[k|m]`);
  return Number(match[1]) * (match[2] === 'm' ? 1024 * 1024 : match[2] === 'k' ? 1024 : 1);
}

export function mountTinyDisk(dir: string, size = '256k'): TinyDisk | { skip: string } {
  const limit = sizeBytes(size);
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
        // Bounded: where the mount did not take (a namespace that ignores it), stop instead of filling the real disk.
        while (size <= limit) size += writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      }
      if (size > limit) {
        closeSync(fd);
        throw new Error(`tinyDisk: ${dir} took more than ${size} bytes without ENOSPC: not the ${limit}-byte tmpfs it should be`);
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
