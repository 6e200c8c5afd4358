import type { Locale } from '../shared/i18n/localize.js';

/** The language of the start-up sentence: --lang as written, else LC_ALL, LC_MESSAGES, LANG. */
export function startLocale(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): Locale;
/** The sentence for a Node older than package.json's engines.node (root: DL Setup's package folder, found when absent), or null. */
export function nodeTooOld(nodeVersion: string, locale: Locale, root?: string | null): string | null;
