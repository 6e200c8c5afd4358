import { translator } from '../../shared/i18n/localize.js';
import { untrustedInputTextEn } from './untrustedInputText.en.js';
import { untrustedInputTextZhCN } from './untrustedInputText.zh-CN.js';

/** `untrustedInputText(locale)` → `say(key, params)` for refusals of user-named files, pasted text and output paths. */
export const untrustedInputText = translator(untrustedInputTextEn, untrustedInputTextZhCN);
