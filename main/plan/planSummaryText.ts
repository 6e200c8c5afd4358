import { translator } from '../../shared/i18n/localize.js';
import { planSummaryTextEn } from './planSummaryText.en.js';
import { planSummaryTextZhCN } from './planSummaryText.zh-CN.js';

/** `planSummaryText(locale)` → `say(key, params)` for the labels of the `dlsetup plan` text output. */
export const planSummaryText = translator(planSummaryTextEn, planSummaryTextZhCN);
