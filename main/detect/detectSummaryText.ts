import { translator } from '../../shared/i18n/localize.js';
import detectSummaryTextEn from '../../locales/en/detectSummary.json' with { type: 'json' };
import detectSummaryTextZhCN from '../../locales/zh-CN/detectSummary.json' with { type: 'json' };

/** `detectSummaryText(locale)` → `say(key, params)` for the labels of the `dlsetup detect` summary. */
export const detectSummaryText = translator('detectSummary', detectSummaryTextEn, detectSummaryTextZhCN);
