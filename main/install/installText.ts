import { translator, type Say } from '../../shared/i18n/localize.js';
import { installTextEn } from './installText.en.js';
import { installTextZhCN } from './installText.zh-CN.js';

export type InstallTextKey = keyof typeof installTextEn & string;
/** The install engine's `say`: every step gets one for the run's locale as `ctx.say`. */
export type InstallSay = Say<InstallTextKey>;

export const installText = translator(installTextEn, installTextZhCN);

/** A list of names in the locale's way ("a, b" / "a、b"). */
export function sayList(say: InstallSay, items: readonly string[]): string {
  return items.join(say('list.separator'));
}
