import { describe, expect, it } from 'vitest';
import { translationProblems } from '../../shared/i18n/localize.js';
import installCliTextEn from '../../locales/en/installCli.json' with { type: 'json' };
import installCliTextZhCN from '../../locales/zh-CN/installCli.json' with { type: 'json' };

const CJK = /[\u4e00-\u9fff]/;

describe('install printer catalogs', () => {
  it('have a complete Chinese translation with the same placeholders', () => {
    expect(translationProblems(installCliTextEn, installCliTextZhCN)).toEqual([]);
  });

  it('say every label in Chinese; only the step headings and "state: message" are bare parameters (the colon is full-width)', () => {
    const untranslated = Object.entries(installCliTextZhCN).filter(([, text]) => !CJK.test(text)).map(([key]) => key);
    expect(untranslated).toEqual(['dryRun.step', 'dryRun.stepAsRoot', 'progress.withMessage']);
    expect(installCliTextZhCN['progress.withMessage']).toBe('{{status}}：{{message}}');
  });
});
