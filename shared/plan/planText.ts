import { translator, type CatalogKey, type Say } from '../i18n/localize.js';
import planTextEn from '../../locales/en/plan.json' with { type: 'json' };
import planTextZhCN from '../../locales/zh-CN/plan.json' with { type: 'json' };

export type PlanTextKey = CatalogKey<'plan'>;
export type PlanSay = Say<'plan'>;

/**
 * A sentence built only when shown, in the reader's language. Failures and driver floors are cached per data object
 * and shared by plans in every locale, so they carry a phrase, never a finished sentence.
 */
export type PlanPhrase = (say: PlanSay) => string;

/** The plan engine's `say` for a locale (English when none is given). */
export const planText = translator('plan', planTextEn, planTextZhCN);
