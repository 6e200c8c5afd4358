import { constants } from 'node:fs';
import { lstat, mkdir, open, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { DlsetupError } from '../../shared/errors.js';
import type { Locale } from '../../shared/i18n/localize.js';
import { untrustedInputText } from './untrustedInputText.js';

type InputSay = ReturnType<typeof untrustedInputText>;

/** Kernel and device file systems: nothing DL Setup writes belongs there, and Node's recursive mkdir loops forever in /proc. */
const SYSTEM_ROOTS = process.platform === 'win32' ? [] : ['/proc', '/sys', '/dev'];

const errnoOf = (error: unknown) => (error as NodeJS.ErrnoException).code ?? 'error';

function cannotWrite(said: string, cause: unknown, say: InputSay): DlsetupError {
  return say.error('INVALID_ARGUMENT', 'out.cannotWrite', { path: said, reason: errnoOf(cause) }, { cause });
}

/** The path with its nearest existing ancestor resolved through links (a link may lead into /proc). */
async function realTarget(target: string): Promise<string> {
  const rest: string[] = [];
  for (let current = target; ; current = path.dirname(current)) {
    try {
      return path.join(await realpath(current), ...rest);
    } catch {
      if (path.dirname(current) === current) return target;
      rest.unshift(path.basename(current));
    }
  }
}

async function refuseSystemFolder(target: string, said: string, say: InputSay): Promise<void> {
  const real = await realTarget(target);
  for (const root of SYSTEM_ROOTS) {
    if ([target, real].some((candidate) => candidate === root || candidate.startsWith(`${root}/`))) {
      throw say.error('INVALID_ARGUMENT', 'out.systemFolder', { path: said, root });
    }
  }
}

/**
 * The folder `dir` (as the user wrote it), created when missing, one level at a time: every existing part must be a
 * folder (links to folders are fine: this is the user's own path); /proc, /sys and /dev are refused. Returns it absolute.
 */
export async function prepareOutputFolder(dir: string, locale?: Locale): Promise<string> {
  const say = untrustedInputText(locale);
  const target = path.resolve(dir);
  await refuseSystemFolder(target, dir, say);
  const missing: string[] = [];
  let existing = target;
  for (;;) {
    const info = await stat(existing).catch((error: unknown) => {
      if (errnoOf(error) === 'ENOENT' || errnoOf(error) === 'ENOTDIR') return null;
      throw cannotWrite(dir, error, say);
    });
    if (info && !info.isDirectory()) {
      throw existing === target ? say.error('INVALID_ARGUMENT', 'out.itIsNotFolder', { path: dir }) : say.error('INVALID_ARGUMENT', 'out.notFolder', { path: dir, existing });
    }
    if (info || path.dirname(existing) === existing) break;
    missing.unshift(path.basename(existing));
    existing = path.dirname(existing);
  }
  for (const name of missing) {
    existing = path.join(existing, name);
    await mkdir(existing).catch((error: unknown) => {
      if (errnoOf(error) !== 'EEXIST') throw cannotWrite(dir, error, say);
    });
  }
  return target;
}

/**
 * A folder inside an output folder made by prepareOutputFolder: created part by part, never through a symbolic link
 * or a file someone left inside it.
 */
export async function prepareSubfolder(root: string, folder: string, said: string, locale?: Locale): Promise<void> {
  const say = untrustedInputText(locale);
  let current = root;
  for (const name of path.relative(root, folder).split(path.sep).filter(Boolean)) {
    current = path.join(current, name);
    const info = await lstat(current).catch(() => null);
    if (info?.isSymbolicLink()) throw say.error('INVALID_ARGUMENT', 'out.linkInside', { path: said, existing: current });
    if (info && !info.isDirectory()) throw say.error('INVALID_ARGUMENT', 'out.notFolder', { path: said, existing: current });
    if (!info) {
      await mkdir(current).catch((error: unknown) => {
        if (errnoOf(error) !== 'EEXIST') throw cannotWrite(said, error, say);
      });
    }
  }
}

/**
 * Writes one file a user named (or one inside an output folder, `followLinks: false`): a FIFO, a device, a folder or a
 * socket in its place is refused, and it is opened so that none of them can block.
 */
export async function writeOutputFile(file: string, content: string, options: { mode?: number; followLinks?: boolean; locale?: Locale } = {}): Promise<void> {
  const say = untrustedInputText(options.locale);
  const target = path.resolve(file);
  await refuseSystemFolder(target, file, say);
  const follow = options.followLinks !== false;
  const info = await (follow ? stat(target) : lstat(target)).catch(() => null);
  if (info?.isSymbolicLink()) throw say.error('INVALID_ARGUMENT', 'out.linkInside', { path: file, existing: target });
  if (info && !info.isFile()) throw say.error('INVALID_ARGUMENT', 'out.notFile', { path: file });
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | (constants.O_NONBLOCK ?? 0) | (follow ? 0 : (constants.O_NOFOLLOW ?? 0));
  const handle = await open(target, flags, options.mode ?? 0o644).catch((error: unknown) => {
    throw cannotWrite(file, error, say);
  });
  try {
    // Swapped for something else between the look and the open.
    if (!(await handle.stat()).isFile()) throw say.error('INVALID_ARGUMENT', 'out.notFile', { path: file });
    await handle.writeFile(content, 'utf8');
    // The mode given to open is cut by the umask and ignored for a file that existed.
    if (options.mode !== undefined) await handle.chmod(options.mode);
  } finally {
    await handle.close();
  }
}
