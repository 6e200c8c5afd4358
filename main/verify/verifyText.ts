import { translator, type Say } from '../../shared/i18n/localize.js';
import { verifyTextEn } from './verifyText.en.js';
import { verifyTextZhCN } from './verifyText.zh-CN.js';

/** `verifyText(locale)` → `say(key, params)` for the sentences verification writes (English when no locale is given). */
export const verifyText = translator(verifyTextEn, verifyTextZhCN);

export type VerifyTextKey = keyof typeof verifyTextEn;
export type VerifySay = Say<VerifyTextKey>;
