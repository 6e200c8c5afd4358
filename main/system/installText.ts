import { translator, type CatalogKey, type Say } from '../../shared/i18n/localize.js';
import installTextEn from '../../locales/en/install.json' with { type: 'json' };
import installTextZhCN from '../../locales/zh-CN/install.json' with { type: 'json' };

export type InstallTextKey = CatalogKey<'install'>;
/** The install engine's `say`: every step gets one for the run's locale as `ctx.say`. */
export type InstallSay = Say<'install'>;

export const installText = translator('install', installTextEn, installTextZhCN);

/** A list of names in the locale's way ("a, b" / "a、b"). */
export function sayList(say: InstallSay, items: readonly string[]): string {
  return items.join(say('list.separator'));
}
