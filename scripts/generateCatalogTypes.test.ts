import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES, placeholdersOf, translationProblems } from '../shared/i18n/localize.js';
import { CATALOG_TYPES_FILE, catalogTypesSource } from './generateCatalogTypes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const namespacesOf = (locale: string) => readdirSync(path.join(root, 'locales', locale)).filter((file) => file.endsWith('.json')).sort();
const catalog = (locale: string, file: string): Record<string, string> => JSON.parse(readFileSync(path.join(root, 'locales', locale, file), 'utf8'));

describe('the catalogs (locales/<locale>/<namespace>.json)', () => {
  it('the generated key types match the English catalogs (run npm run i18n:types after editing one)', () => {
    expect(readFileSync(path.join(root, CATALOG_TYPES_FILE), 'utf8')).toBe(catalogTypesSource(root));
  });

  it('every language has the same namespaces', () => {
    for (const locale of LOCALES) expect(namespacesOf(locale), locale).toEqual(namespacesOf('en'));
  });

  it('Simplified Chinese has exactly the English keys, each non-empty with the same {{placeholders}}', () => {
    for (const file of namespacesOf('en')) expect(translationProblems(catalog('en', file), catalog('zh-CN', file)), file).toEqual([]);
  });

  it('every sentence is a flat key → string (no nesting) and no English sentence is empty', () => {
    for (const locale of LOCALES) {
      for (const file of namespacesOf(locale)) {
        for (const [key, text] of Object.entries(catalog(locale, file))) {
          expect(typeof text, `${locale}/${file} ${key}`).toBe('string');
          expect(text.trim(), `${locale}/${file} ${key}`).not.toBe('');
        }
      }
    }
  });

  it('a placeholder is a plain {{name}}: no i18next formatting or nesting the engine would not fill', () => {
    for (const file of namespacesOf('en')) {
      for (const [key, text] of Object.entries(catalog('en', file))) {
        const braces = (text.match(/\{\{/g) ?? []).length;
        expect(placeholdersOf(text).length, `${file} ${key}`).toBe(braces);
      }
    }
  });
});
