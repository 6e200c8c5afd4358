import { sayUnchecked, type Locale, type TextParams } from '../../shared/i18n/localize.js';
import verifyTextEn from '../../locales/en/verify.json' with { type: 'json' };
import { verifyText, type VerifyTextKey } from './verifyText.js';

export type ScriptKey = Extract<VerifyTextKey, `script.${string}`>;

/** A sentence as dlsetup_check.py sends it: a script.* catalog key and the values it names (the script writes no prose). */
export interface ScriptSentence {
  key: string;
  params?: Record<string, string | number>;
}

export function isScriptKey(key: unknown): key is ScriptKey {
  return typeof key === 'string' && key.startsWith('script.') && Object.hasOwn(verifyTextEn, key);
}

function isSentence(value: unknown): value is ScriptSentence {
  return typeof value === 'object' && value !== null && typeof (value as { key?: unknown }).key === 'string';
}

function textParams(params: unknown): TextParams {
  const out: Record<string, string | number> = {};
  if (typeof params !== 'object' || params === null) return out;
  for (const [name, value] of Object.entries(params)) out[name] = typeof value === 'number' ? value : String(value);
  return out;
}

/**
 * A sentence field of a check-script line (a check's reason, a tuning label or why it was skipped) in `locale`:
 * a script.* key is worded from the verify catalog; plain text (a line another tool wrote) stays as it is; a key this
 * version does not know is shown as the key rather than dropped.
 */
export function wordScriptText(value: unknown, locale?: Locale): string | undefined {
  if (typeof value === 'string') return value;
  if (!isSentence(value)) return undefined;
  return isScriptKey(value.key) ? sayUnchecked(verifyText(locale), value.key, textParams(value.params)) : value.key;
}
