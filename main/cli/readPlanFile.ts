import { DlsetupError } from '../../shared/errors.js';
import type { Locale, Say } from '../../shared/i18n/localize.js';
import type { Plan } from '../../shared/types/plan.js';
import { readUntrustedFile } from '../system/readUntrustedFile.js';
import { cliText } from './cliText.js';
import { planFromJson } from './planFromJson.js';

/** A plan from `dlsetup plan --json` is a few KB; 4 MB is a thousand times that, and small enough to check without a pause. */
const PLAN_FILE_MAX_BYTES = 4 * 1024 * 1024;

/**
 * A plan file from `dlsetup plan --json`, for install and export: a missing file or one that is not a plan says how to
 * make one; a field DL Setup does not accept is named (in `locale`, English when absent).
 */
export async function readPlanFile(file: string, say: Say<'cli'> = cliText(), locale?: Locale): Promise<Plan> {
  let text: string;
  try {
    text = await readUntrustedFile(file, { maxBytes: PLAN_FILE_MAX_BYTES, utf8: 'strict', locale });
  } catch (cause) {
    // A FIFO, a device, a folder, too large, not UTF-8: the reader's own sentence says which.
    if (cause instanceof DlsetupError && cause.code !== 'NOT_FOUND') throw cause;
    throw say.error('NOT_FOUND', 'planFile.cannotRead', { file }, { cause });
  }
  return planFromJson(text, file, say, locale);
}
