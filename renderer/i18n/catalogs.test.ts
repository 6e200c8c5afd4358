import { describe, expect, it } from 'vitest';
import en from './en.json';
import zhCN from './zh-CN.json';

function keys(catalog: object, prefix = ''): string[] {
  return Object.entries(catalog).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]!).sort();
}

describe('translation catalogs', () => {
  it('English and Simplified Chinese have exactly the same keys', () => {
    expect(keys(zhCN).sort()).toEqual(keys(en).sort());
  });

  it('every translation keeps the same {{placeholders}} and is not left empty', () => {
    const lookup = (catalog: object, key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalog) as string;
    for (const key of keys(en)) {
      expect(lookup(zhCN, key).trim(), key).not.toBe('');
      expect(placeholders(lookup(zhCN, key)), key).toEqual(placeholders(lookup(en, key)));
    }
  });
});
