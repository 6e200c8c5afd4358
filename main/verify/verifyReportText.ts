import { translator } from '../../shared/i18n/localize.js';
import { verifyReportTextEn } from './verifyReportText.en.js';
import { verifyReportTextZhCN } from './verifyReportText.zh-CN.js';

/** `verifyReportText(locale)` → `say(key, params)` for the labels of the verification report (text and HTML). */
export const verifyReportText = translator(verifyReportTextEn, verifyReportTextZhCN);
