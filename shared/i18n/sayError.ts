import installEn from '../../locales/en/install.json' with { type: 'json' };
import installZhCN from '../../locales/zh-CN/install.json' with { type: 'json' };
import type { AppError } from '../errors.js';
import { errorText } from '../errorText.js';
import { translator, type Locale, type TextParams } from './localize.js';

/** The namespaces an error's key may name; the UI and the CLI both say errors through this one table. */
const ERROR_NAMESPACES = { errors: errorText, install: translator('install', installEn, installZhCN) } as const;

function safeParams(params: unknown): TextParams {
  const out: Record<string, string | number> = {};
  if (typeof params !== 'object' || params === null) return out;
  for (const [name, value] of Object.entries(params)) if (typeof value === 'string' || typeof value === 'number') out[name] = value;
  return out;
}

/**
 * An error in `locale`: said from its 'namespace:key' and params when this version knows the key, else its message as
 * sent (English). The key and params come over the wire, so both are checked, never trusted.
 */
export function sayError(error: Pick<AppError, 'message' | 'key' | 'params'>, locale: Locale = 'en'): string {
  const key = typeof error.key === 'string' ? error.key : '';
  const colon = key.indexOf(':');
  const namespace = key.slice(0, colon);
  const name = key.slice(colon + 1);
  if (colon <= 0 || !Object.hasOwn(ERROR_NAMESPACES, namespace)) return error.message;
  const catalog = ERROR_NAMESPACES[namespace as keyof typeof ERROR_NAMESPACES];
  if (!catalog.has(name)) return error.message;
  return (catalog(locale) as (key: string, params: TextParams) => string)(name, safeParams(error.params));
}
