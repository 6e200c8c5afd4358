import { translator, type Say } from '../i18n/localize.js';
import { planTextEn } from './planText.en.js';
import { planTextZhCN } from './planText.zh-CN.js';

export type PlanTextKey = keyof typeof planTextEn;
export type PlanSay = Say<PlanTextKey>;

/**
 * A sentence built only when shown, in the reader's language. Failures and driver floors are cached per data object
 * and shared by plans in every locale, so they carry a phrase, never a finished sentence.
 */
export type PlanPhrase = (say: PlanSay) => string;

/** The plan engine's `say` for a locale (English when none is given). */
export const planText = translator(planTextEn, planTextZhCN);
