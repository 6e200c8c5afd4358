import { isLocale, localeFromTag, type Locale } from '../../shared/i18n/localize.js';
import type { ParsedArgs } from './parseArgs.js';

/** The variables gettext tools read for the message language, strongest first. */
const LOCALE_VARIABLES = ['LC_ALL', 'LC_MESSAGES', 'LANG'] as const;

/** Flags that make a command print for other programs rather than for a person. */
const MACHINE_READABLE_FLAGS = ['json', 'json-progress'] as const;

/** The user's language as gettext tools find it: the first non-empty of LC_ALL, LC_MESSAGES, LANG; zh* → 'zh-CN', else (C, POSIX, unset) 'en'. */
export function localeFromEnvironment(env: Readonly<Record<string, string | undefined>>): Locale {
  const tag = LOCALE_VARIABLES.map((name) => env[name]?.trim()).find((value) => value);
  return localeFromTag(tag);
}

/**
 * The language a command speaks in: `--lang` when given, else the user's environment. Output for other programs
 * (--json, --json-progress) ignores the environment and stays English unless --lang asks otherwise, so the same
 * command prints the same JSON on every machine.
 */
export function commandLocale(flags: ParsedArgs['flags'], env: Readonly<Record<string, string | undefined>>): Locale {
  if (isLocale(flags.lang)) return flags.lang;
  if (MACHINE_READABLE_FLAGS.some((flag) => flags[flag])) return 'en';
  return localeFromEnvironment(env);
}

/** The language for a command line that could not be parsed (a usage error): --lang and --json as written, else the environment. */
export function usageLocale(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): Locale {
  const flags: ParsedArgs['flags'] = {};
  for (let index = 0; index < argv.length; index++) {
    const token = argv[index]!;
    if (token === '--') break;
    if (token === '--lang') flags.lang = argv[index + 1];
    else if (token.startsWith('--lang=')) flags.lang = token.slice('--lang='.length);
    else if (token === '--json' || token === '--json-progress') flags[token.slice(2)] = true;
  }
  return commandLocale(flags, env);
}
