import { translator } from '../../shared/i18n/localize.js';
import { detectSummaryTextEn } from './detectSummaryText.en.js';
import { detectSummaryTextZhCN } from './detectSummaryText.zh-CN.js';

/** `detectSummaryText(locale)` → `say(key, params)` for the labels of the `dlsetup detect` summary. */
export const detectSummaryText = translator(detectSummaryTextEn, detectSummaryTextZhCN);
