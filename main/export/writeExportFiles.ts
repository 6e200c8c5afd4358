import { constants } from 'node:fs';
import { access, chmod, mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import { DlsetupError } from '../../shared/errors.js';
import type { ExportFile } from './exportPlan.js';

/**
 * Writes an export into `dir` (created when missing). Existing files are refused unless `force`, checked for all files
 * before any is written; paths stay inside `dir`. Returns the absolute paths written.
 */
export async function writeExportFiles(dir: string, files: readonly ExportFile[], options: { force?: boolean } = {}): Promise<string[]> {
  const root = path.resolve(dir);
  const targets = files.map((file) => {
    const target = path.resolve(root, file.path);
    if (!target.startsWith(`${root}${path.sep}`)) throw new DlsetupError('INTERNAL', `Export file ${file.path} would land outside ${root}.`);
    return { file, target };
  });
  if (!options.force) {
    const existing: string[] = [];
    for (const { target } of targets) {
      if (await access(target).then(() => true, () => false)) existing.push(path.relative(process.cwd(), target) || target);
    }
    if (existing.length > 0) {
      throw new DlsetupError('INVALID_ARGUMENT', `${existing.join(', ')} already exist${existing.length === 1 ? 's' : ''}; choose another --out folder or add --force to overwrite.`);
    }
  }
  const written: string[] = [];
  for (const { file, target } of targets) {
    await mkdir(path.dirname(target), { recursive: true });
    const mode = file.mode ?? 0o644;
    // O_NOFOLLOW: never write through a symlink someone planted in the output folder.
    const handle = await open(target, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW, mode);
    try {
      await handle.writeFile(file.content, 'utf8');
    } finally {
      await handle.close();
    }
    await chmod(target, mode);
    written.push(target);
  }
  return written;
}
