import { translator, type CatalogKey, type Say } from '../../shared/i18n/localize.js';
import verifyTextEn from '../../locales/en/verify.json' with { type: 'json' };
import verifyTextZhCN from '../../locales/zh-CN/verify.json' with { type: 'json' };

/** `verifyText(locale)` → `say(key, params)` for the sentences verification writes (English when no locale is given). */
export const verifyText = translator('verify', verifyTextEn, verifyTextZhCN);

export type VerifyTextKey = CatalogKey<'verify'>;
export type VerifySay = Say<'verify'>;
