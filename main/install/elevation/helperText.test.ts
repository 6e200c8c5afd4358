import { describe, expect, it } from 'vitest';
import { translationProblems } from '../../../shared/i18n/localize.js';
import { helperText } from './helperText.js';
import helperTextEn from '../../../locales/en/helper.json' with { type: 'json' };
import helperTextZhCN from '../../../locales/zh-CN/helper.json' with { type: 'json' };

describe('the elevated helper catalogs', () => {
  it('has a complete Chinese translation with the same placeholders, every sentence in Chinese', () => {
    expect(translationProblems(helperTextEn, helperTextZhCN)).toEqual([]);
    expect(Object.entries(helperTextZhCN).filter(([, text]) => !/[\u4e00-\u9fff]/.test(text)).map(([key]) => key)).toEqual([]);
  });

  it('keeps the names a person finds in a request quoted in both languages', () => {
    const quoted = (text: string) => [...text.matchAll(/"\{\{(\w+)\}\}"/g)].map((match) => match[1]).sort().join();
    const keys = Object.keys(helperTextEn) as (keyof typeof helperTextEn)[];
    expect(keys.filter((key) => quoted(helperTextZhCN[key]) !== quoted(helperTextEn[key]))).toEqual([]);
    expect(helperText('zh-CN')('helper.fieldNotTaken', { field: 'package', kind: 'driver' })).toContain('"package"');
  });
});
