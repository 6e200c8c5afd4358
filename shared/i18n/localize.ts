/** Sentences the engine writes for people, in the language they read: the UI ships English and Simplified Chinese. */

export const LOCALES = ['en', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];
export type TextParams = Readonly<Record<string, string | number>>;

/** Another language's catalog: exactly the English catalog's keys, so a missing translation fails the type check. */
export type Translation<Catalog> = { readonly [Key in keyof Catalog]: string };

/** Turns a catalog key and its parameters into a sentence in one language. */
export type Say<Key extends string = string> = (key: Key, params?: TextParams) => string;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** 'zh_CN.UTF-8', 'zh-Hans', 'zh' → 'zh-CN'; anything else (or nothing) → 'en'. */
export function localeFromTag(tag: string | undefined): Locale {
  return tag?.trim().toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** A template split once at its {{name}} placeholders: literal text at even indexes, placeholder names at odd ones. */
type CompiledTemplate = readonly string[];

function compileTemplate(template: string): CompiledTemplate {
  return template.split(/\{\{(\w+)\}\}/);
}

function fillCompiled(parts: CompiledTemplate, params: TextParams | undefined): string {
  let text = parts[0]!;
  for (let index = 1; index < parts.length; index += 2) {
    const name = parts[index]!;
    text += (params !== undefined && name in params ? String(params[name]) : `{{${name}}}`) + parts[index + 1]!;
  }
  return text;
}

/** Fills {{name}} placeholders (the renderer's i18next syntax); an unknown name stays visible rather than vanishing. */
export function fillTemplate(template: string, params: TextParams = {}): string {
  return fillCompiled(compileTemplate(template), params);
}

export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1]!).sort();
}

/** A `say` over one catalog that splits each template once, on first use. */
function compiledSay<Key extends string>(catalog: Readonly<Record<string, string>>, fallback: Readonly<Record<string, string>>): Say<Key> {
  const compiled = new Map<string, CompiledTemplate>();
  return (key, params) => {
    let parts = compiled.get(key);
    if (!parts) compiled.set(key, (parts = compileTemplate(catalog[key] ?? fallback[key] ?? key)));
    return fillCompiled(parts, params);
  };
}

/**
 * One area's catalogs → a function that gives that area's `say` for a locale (English when none is given). Each
 * template is split once, on first use: plans are resolved in bulk, and a regular-expression pass per sentence
 * doubled their cost.
 */
export function translator<Catalog extends Record<string, string>>(
  en: Catalog,
  zhCN: Translation<Catalog>,
): (locale?: Locale) => Say<keyof Catalog & string> {
  const says: Record<Locale, Say<keyof Catalog & string>> = { en: compiledSay(en, en), 'zh-CN': compiledSay(zhCN, en) };
  return (locale = 'en') => says[locale] ?? says.en;
}

/** What is wrong with a translation: keys missing or extra, empty sentences, placeholders that differ. */
export function translationProblems(en: Record<string, string>, other: Record<string, string>): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(en)) {
    const text = other[key];
    if (text === undefined) problems.push(`${key}: missing`);
    else if (!text.trim()) problems.push(`${key}: empty`);
    else if (placeholdersOf(text).join() !== placeholdersOf(en[key]!).join()) problems.push(`${key}: placeholders differ`);
  }
  for (const key of Object.keys(other)) if (!(key in en)) problems.push(`${key}: not in English`);
  return problems;
}
