import { readFile } from 'node:fs/promises';
import { DlsetupError } from '../../shared/errors.js';
import type { Locale, Say } from '../../shared/i18n/localize.js';
import type { Plan } from '../../shared/types/plan.js';
import { cliText, type CliTextKey } from './cliText.js';
import { planFromJson } from './planFromJson.js';

/**
 * A plan file from `dlsetup plan --json`, for install and export: a missing file or one that is not a plan says how to
 * make one; a field DL Setup does not accept is named (in `locale`, English when absent).
 */
export async function readPlanFile(file: string, say: Say<CliTextKey> = cliText(), locale?: Locale): Promise<Plan> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (cause) {
    throw new DlsetupError('NOT_FOUND', say('planFile.cannotRead', { file }), { cause });
  }
  return planFromJson(text, file, say, locale);
}
