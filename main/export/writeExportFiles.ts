import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { DlsetupError } from '../../shared/errors.js';
import { errorText } from '../../shared/errorText.js';
import type { Locale } from '../../shared/i18n/localize.js';
import { prepareOutputFolder, prepareSubfolder, writeOutputFile } from '../system/outputPath.js';
import type { ExportFile } from './exportPlan.js';

/**
 * Writes an export into `dir` (created when missing; a file, a FIFO or a system folder such as /proc is refused with a
 * sentence in `locale`). Existing files are refused unless `force`, checked for all files before any is written; paths
 * stay inside `dir` and never pass through a link or a special file found there. Returns the absolute paths written.
 */
export async function writeExportFiles(dir: string, files: readonly ExportFile[], options: { force?: boolean; locale?: Locale } = {}): Promise<string[]> {
  const root = await prepareOutputFolder(dir, options.locale);
  const targets = files.map((file) => {
    const target = path.resolve(root, file.path);
    // An invariant, not a user's mistake: export file paths are DL Setup's own relative names.
    if (!target.startsWith(`${root}${path.sep}`)) throw new DlsetupError('INTERNAL', `Export file ${file.path} would land outside ${root}.`);
    return { file, target };
  });
  if (!options.force) {
    const existing: string[] = [];
    for (const { target } of targets) {
      // lstat: a dangling link counts as there too.
      if (await lstat(target).then(() => true, () => false)) existing.push(path.relative(process.cwd(), target) || target);
    }
    if (existing.length > 0) {
      throw errorText.error('INVALID_ARGUMENT', 'export.filesExist', { files: existing.join(', ') });
    }
  }
  const written: string[] = [];
  for (const { file, target } of targets) {
    await prepareSubfolder(root, path.dirname(target), dir, options.locale);
    await writeOutputFile(target, file.content, { mode: file.mode ?? 0o644, followLinks: false, locale: options.locale });
    written.push(target);
  }
  return written;
}
