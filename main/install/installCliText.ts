import { translator } from '../../shared/i18n/localize.js';
import { installCliTextEn } from './installCliText.en.js';
import { installCliTextZhCN } from './installCliText.zh-CN.js';

/** `installCliText(locale)` → `say(key, params)` for the dry-run listing and the progress lines of `dlsetup install`. */
export const installCliText = translator(installCliTextEn, installCliTextZhCN);
