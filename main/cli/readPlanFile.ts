import { readFile } from 'node:fs/promises';
import { DlsetupError } from '../../shared/errors.js';
import type { Say } from '../../shared/i18n/localize.js';
import type { Plan } from '../../shared/types/plan.js';
import { cliText, type CliTextKey } from './cliText.js';

/** A plan file from `dlsetup plan --json`, for install and export: a missing file or one that is not a plan says how to make one. */
export async function readPlanFile(file: string, say: Say<CliTextKey> = cliText()): Promise<Plan> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (cause) {
    throw new DlsetupError('NOT_FOUND', say('planFile.cannotRead', { file }), { cause });
  }
  try {
    const plan = JSON.parse(text) as Plan;
    if (!plan || !Array.isArray(plan.steps) || typeof plan.status !== 'string') throw new Error('not a plan');
    return plan;
  } catch (cause) {
    throw new DlsetupError('INVALID_ARGUMENT', say('planFile.notAPlan', { file }), { cause });
  }
}
