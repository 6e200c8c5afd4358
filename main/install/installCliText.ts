import { translator } from '../../shared/i18n/localize.js';
import installCliTextEn from '../../locales/en/installCli.json' with { type: 'json' };
import installCliTextZhCN from '../../locales/zh-CN/installCli.json' with { type: 'json' };

/** `installCliText(locale)` → `say(key, params)` for the dry-run listing and the progress lines of `dlsetup install`. */
export const installCliText = translator('installCli', installCliTextEn, installCliTextZhCN);
