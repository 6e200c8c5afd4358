import type { Locale } from '../i18n/localize.js';
import { planText } from './planText.js';

/**
 * The one mark of a step or command that runs as administrator ("[admin]", "[管理员]"): the plan summary, the dry run
 * (CLI and wizard), the wizard's plan and install steps and the rollback preview all show this catalog key.
 */
export function adminMark(locale?: Locale): string {
  return planText(locale)('step.adminMark');
}
