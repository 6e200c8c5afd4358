import { translator } from '../i18n/localize.js';
import planSummaryTextEn from '../../locales/en/planSummary.json' with { type: 'json' };
import planSummaryTextZhCN from '../../locales/zh-CN/planSummary.json' with { type: 'json' };

/** `planSummaryText(locale)` → `say(key, params)` for the labels of the `dlsetup plan` text output. */
export const planSummaryText = translator('planSummary', planSummaryTextEn, planSummaryTextZhCN);
