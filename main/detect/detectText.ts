import { translator, type Say } from '../../shared/i18n/localize.js';
import { detectTextEn } from './detectText.en.js';
import { detectTextZhCN } from './detectText.zh-CN.js';

/** `detectText(locale)` → `say(key, params)` for the sentences detection writes (English when no locale is given). */
export const detectText = translator(detectTextEn, detectTextZhCN);

export type DetectTextKey = keyof typeof detectTextEn;
export type DetectSay = Say<DetectTextKey>;
