import { translator, type CatalogKey } from '../../shared/i18n/localize.js';
import cliTextEn from '../../locales/en/cli.json' with { type: 'json' };
import cliTextZhCN from '../../locales/zh-CN/cli.json' with { type: 'json' };

/** `cliText(locale)` → `say(key, params)` for the lines the `dlsetup` commands print themselves. */
export const cliText = translator('cli', cliTextEn, cliTextZhCN);

export type CliTextKey = CatalogKey<'cli'>;
