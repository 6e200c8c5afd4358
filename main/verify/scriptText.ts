import type { Locale } from '../../shared/i18n/localize.js';
import { verifyTextEn } from './verifyText.en.js';
import { verifyText, type VerifyTextKey } from './verifyText.js';

type ScriptKey = Extract<VerifyTextKey, `script.${string}`>;

interface ScriptPattern {
  key: ScriptKey;
  pattern: RegExp;
}

let patterns: ScriptPattern[] | null = null;

/** An English template as a pattern: literal text, each {{name}} a lazy group (a repeated name must repeat its text). */
function patternOf(template: string): RegExp {
  const seen = new Set<string>();
  const source = template
    .split(/(\{\{\w+\}\})/)
    .map((part) => {
      const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
      if (!name) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      if (seen.has(name)) return `\\k<${name}>`;
      seen.add(name);
      return `(?<${name}>[\\s\\S]*?)`;
    })
    .join('');
  return new RegExp(`^${source}$`);
}

function scriptPatterns(): ScriptPattern[] {
  patterns ??= (Object.keys(verifyTextEn) as VerifyTextKey[])
    .filter((key): key is ScriptKey => key.startsWith('script.'))
    .map((key) => ({ key, pattern: patternOf(verifyTextEn[key]) }));
  return patterns;
}

/** Which script.* sentence this is and its parameters; null for text the check script did not write from a template. */
export function readScriptText(text: string): { key: ScriptKey; params: Record<string, string> } | null {
  for (const { key, pattern } of scriptPatterns()) {
    const match = pattern.exec(text);
    if (match) return { key, params: { ...match.groups } };
  }
  return null;
}

/**
 * A sentence from dlsetup_check.py (which writes English) in the user's language: read back as its catalog template and
 * written again in that language. Anything else (raw error text) stays as it is; English is returned untouched.
 */
export function localizeScriptText(text: string, locale: Locale = 'en'): string {
  if (locale === 'en') return text;
  const read = readScriptText(text);
  return read ? verifyText(locale)(read.key, read.params) : text;
}
