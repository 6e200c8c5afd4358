import { translator, type Say } from '../../../shared/i18n/localize.js';
import { helperTextEn } from './helperText.en.js';
import { helperTextZhCN } from './helperText.zh-CN.js';

export type HelperTextKey = keyof typeof helperTextEn & string;
export type HelperSay = Say<HelperTextKey>;

/** `helperText(locale)` → the administrator helper's `say`, in the language its hello asked for. */
export const helperText = translator(helperTextEn, helperTextZhCN);
