import { translator } from '../../shared/i18n/localize.js';
import untrustedInputTextEn from '../../locales/en/untrustedInput.json' with { type: 'json' };
import untrustedInputTextZhCN from '../../locales/zh-CN/untrustedInput.json' with { type: 'json' };

/** `untrustedInputText(locale)` → `say(key, params)` for refusals of user-named files, pasted text and output paths. */
export const untrustedInputText = translator('untrustedInput', untrustedInputTextEn, untrustedInputTextZhCN);
