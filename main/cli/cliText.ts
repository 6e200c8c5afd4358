import { translator } from '../../shared/i18n/localize.js';
import { cliTextEn } from './cliText.en.js';
import { cliTextZhCN } from './cliText.zh-CN.js';

/** `cliText(locale)` → `say(key, params)` for the lines the `dlsetup` commands print themselves. */
export const cliText = translator(cliTextEn, cliTextZhCN);

export type CliTextKey = keyof typeof cliTextEn;
