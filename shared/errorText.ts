import errorsEn from '../locales/en/errors.json' with { type: 'json' };
import errorsZhCN from '../locales/zh-CN/errors.json' with { type: 'json' };
import { translator } from './i18n/localize.js';

/** Refusals and failures that belong to no other area's catalog: `errorText.error(code, key, params)` throws them keyed. */
export const errorText = translator('errors', errorsEn, errorsZhCN);
