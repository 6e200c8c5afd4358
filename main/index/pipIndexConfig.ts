import type { PipIndexArgs } from '../../shared/mirrors/pipIndexes.js';
import type { PipConfigEntry } from './pipConfigEntry.js';

/** What pip's configuration says about where `pip install` looks, before the command line adds to it. */
export interface PipIndexConfig {
  /** index-url (or its old alias pypi-url); both when one section sets both. Empty: pip's default. */
  indexUrls: string[];
  extraIndexUrls: string[];
  findLinks: string[];
  noIndex: boolean;
}

/** Every index and find-links page a `pip install` consults, in pip's order. */
export interface PipSources {
  indexUrls: string[];
  findLinks: string[];
}

export const NO_PIP_CONFIG: PipIndexConfig = { indexUrls: [], extraIndexUrls: [], findLinks: [], noIndex: false };

/** pip's `pip install` reads [global], then [install], then PIP_* variables, each replacing the one before (cli/parser.py). */
const SECTIONS = ['global', 'install', ':env:'] as const;

/** The longest a URL is shown; anything longer is cut (a config file is not a place for a novel). */
const MAX_SHOWN = 300;

/** A value as it may be shown in a log line: control characters written as \xNN, cut to a readable length. */
function shownToken(token: string): string {
  const visible = token.replace(/[\u0000-\u001f\u007f-\u009f]/g, (char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return visible.length > MAX_SHOWN ? `${visible.slice(0, MAX_SHOWN)}…` : visible;
}

/** The values the highest section sets for these keys (pip ignores empty ones), split on whitespace as pip splits lists. */
function setting(entries: readonly PipConfigEntry[], keys: readonly string[]): string[] | undefined {
  let found: string[] | undefined;
  for (const section of SECTIONS) {
    const values = entries.filter((entry) => entry.section === section && keys.includes(entry.key) && entry.value.trim() !== '');
    if (values.length) found = values.flatMap((entry) => entry.value.split(/\s+/).filter(Boolean).map(shownToken));
  }
  return found;
}

/** pip's strtobool: yes/true/on/1 and no/false/off/0; anything else makes pip refuse to start, so it changes nothing. */
function flag(entries: readonly PipConfigEntry[], key: string): boolean {
  const value = setting(entries, [key])?.[0];
  return value !== undefined && /^(y|yes|t|true|on|1)$/i.test(value);
}

/** The index settings of pip's merged configuration (from `pip config list` or the files), for `pip install`. */
export function pipIndexConfig(entries: readonly PipConfigEntry[]): PipIndexConfig {
  return {
    indexUrls: setting(entries, ['index-url', 'pypi-url']) ?? [],
    extraIndexUrls: setting(entries, ['extra-index-url']) ?? [],
    findLinks: setting(entries, ['find-links']) ?? [],
    noIndex: flag(entries, 'no-index'),
  };
}

/**
 * What pip consults when the step passes these options: --index-url replaces the configured index, the step's
 * --extra-index-url and --find-links come after the configured ones (optparse appends to the configured list), and
 * no-index drops every index.
 */
export function pipSources(step: PipIndexArgs, config: PipIndexConfig, defaultIndex: string): PipSources {
  const findLinks = [...config.findLinks, ...step.findLinks];
  if (config.noIndex) return { indexUrls: [], findLinks };
  const primary = step.indexUrl ? [step.indexUrl] : config.indexUrls.length ? config.indexUrls : [defaultIndex];
  return { indexUrls: [...primary, ...config.extraIndexUrls, ...step.extraIndexUrls], findLinks };
}
