import { translator, type CatalogKey, type Say } from '../../shared/i18n/localize.js';
import detectTextEn from '../../locales/en/detect.json' with { type: 'json' };
import detectTextZhCN from '../../locales/zh-CN/detect.json' with { type: 'json' };

/** `detectText(locale)` → `say(key, params)` for the sentences detection writes (English when no locale is given). */
export const detectText = translator('detect', detectTextEn, detectTextZhCN);

export type DetectTextKey = CatalogKey<'detect'>;
export type DetectSay = Say<'detect'>;
