import cliEn from '../../locales/en/cli.json' with { type: 'json' };
import cliZhCN from '../../locales/zh-CN/cli.json' with { type: 'json' };
import helperEn from '../../locales/en/helper.json' with { type: 'json' };
import helperZhCN from '../../locales/zh-CN/helper.json' with { type: 'json' };
import installEn from '../../locales/en/install.json' with { type: 'json' };
import installZhCN from '../../locales/zh-CN/install.json' with { type: 'json' };
import untrustedInputEn from '../../locales/en/untrustedInput.json' with { type: 'json' };
import untrustedInputZhCN from '../../locales/zh-CN/untrustedInput.json' with { type: 'json' };
import { DlsetupError, type AppError, type DlsetupErrorOptions, type ErrorCode } from '../errors.js';
import { schemaText } from '../schema/schemaText.js';
import { errorText } from '../errorText.js';
import { sayUnchecked, translator, type Locale, type TextParams } from './localize.js';

/** The namespaces an error's key may name; the UI and the CLI both say errors through this one table. */
const ERROR_NAMESPACES = {
  errors: errorText,
  install: translator('install', installEn, installZhCN),
  helper: translator('helper', helperEn, helperZhCN),
  cli: translator('cli', cliEn, cliZhCN),
  untrustedInput: translator('untrustedInput', untrustedInputEn, untrustedInputZhCN),
  schema: schemaText,
} as const;

/**
 * A param whose value is NESTED_KEY + 'namespace:key' is itself said from that key, in the reader's locale and with
 * the same params: a sentence built from two ("plan.x is not accepted: it must be text.") stays one key on the wire.
 */
export const NESTED_KEY = '§';
/** Nested keys go at most this deep, so a key naming itself cannot loop. */
const NESTING_DEPTH = 3;

/** The namespaces whose keys an error may carry across a transport (shared/schema/appErrorSchema checks the shape). */
export const ERROR_KEY_NAMESPACES = Object.keys(ERROR_NAMESPACES) as readonly (keyof typeof ERROR_NAMESPACES)[];

function safeParams(params: unknown): TextParams {
  const out: Record<string, string | number> = {};
  if (typeof params !== 'object' || params === null) return out;
  for (const [name, value] of Object.entries(params)) if (typeof value === 'string' || typeof value === 'number') out[name] = value;
  return out;
}

/** 'namespace:key' said in `locale`, or null when this version does not know the key. */
function sayKey(key: string, params: TextParams, locale: Locale, depth: number): string | null {
  const colon = key.indexOf(':');
  const namespace = key.slice(0, colon);
  const name = key.slice(colon + 1);
  if (colon <= 0 || !Object.hasOwn(ERROR_NAMESPACES, namespace)) return null;
  const catalog = ERROR_NAMESPACES[namespace as keyof typeof ERROR_NAMESPACES];
  if (!catalog.has(name)) return null;
  const said: Record<string, string | number> = { ...params };
  for (const [param, value] of Object.entries(params)) {
    if (typeof value !== 'string' || !value.startsWith(NESTED_KEY)) continue;
    const inner = depth < NESTING_DEPTH ? sayKey(value.slice(NESTED_KEY.length), { ...params, [param]: '' }, locale, depth + 1) : null;
    said[param] = inner ?? value;
  }
  return sayUnchecked(catalog(locale) as never, name as never, said);
}

/**
 * An error in `locale`: said from its 'namespace:key' and params when this version knows the key, else its message as
 * sent (English). The key and params come over the wire, so both are checked, never trusted.
 */
export function sayError(error: Pick<AppError, 'message' | 'key' | 'params'>, locale: Locale = 'en'): string {
  const key = typeof error.key === 'string' ? error.key : '';
  return sayKey(key, safeParams(error.params), locale, 0) ?? error.message;
}

/**
 * The params that put `error` into another sentence as its `name` param: its key (nested, said in the reader's
 * locale) and its params when it carries one, else its message as thrown.
 */
export function nestedErrorParams(error: unknown, name: string, locale: Locale): TextParams {
  if (error instanceof DlsetupError && error.key) return { ...safeParams(error.params), [name]: `${NESTED_KEY}${error.key}` };
  return { [name]: errorMessageIn(error, locale) };
}

/** An error from a key whose params may nest other keys (NESTED_KEY), its message said in `locale`. */
export function keyedError(code: ErrorCode, key: string, params: TextParams, locale: Locale = 'en', options: Omit<DlsetupErrorOptions, 'key' | 'params'> = {}): DlsetupError {
  return new DlsetupError(code, sayError({ message: key, key, params }, locale), { ...options, key, params });
}

/** What went wrong, in `locale` where the error carries a key, else its message as thrown. */
export function errorMessageIn(error: unknown, locale: Locale): string {
  if (error instanceof DlsetupError) return sayError(error, locale);
  return error instanceof Error ? error.message : String(error);
}

/**
 * The same error (same code, key and params) with its message in `locale`, for callers that pass it on to a reader:
 * plan params are parsed where no locale is known (the runner, the dry run, the export), so those errors are English.
 */
export function errorIn(error: unknown, locale: Locale): unknown {
  if (!(error instanceof DlsetupError) || !error.key) return error;
  return new DlsetupError(error.code, sayError(error, locale), { detail: error.detail, cause: error, key: error.key, params: error.params });
}
