import { translator } from '../../shared/i18n/localize.js';
import verifyReportTextEn from '../../locales/en/verifyReport.json' with { type: 'json' };
import verifyReportTextZhCN from '../../locales/zh-CN/verifyReport.json' with { type: 'json' };

/** `verifyReportText(locale)` → `say(key, params)` for the labels of the verification report (text and HTML). */
export const verifyReportText = translator('verifyReport', verifyReportTextEn, verifyReportTextZhCN);
