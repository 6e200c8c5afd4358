import { translator, type CatalogKey, type Say } from '../../../shared/i18n/localize.js';
import helperTextEn from '../../../locales/en/helper.json' with { type: 'json' };
import helperTextZhCN from '../../../locales/zh-CN/helper.json' with { type: 'json' };

export type HelperTextKey = CatalogKey<'helper'>;
export type HelperSay = Say<'helper'>;

/** `helperText(locale)` → the administrator helper's `say`, in the language its hello asked for. */
export const helperText = translator('helper', helperTextEn, helperTextZhCN);
