import { describe, expect, it } from 'vitest';
import cliEn from '../../locales/en/cli.json' with { type: 'json' };
import cliZhCN from '../../locales/zh-CN/cli.json' with { type: 'json' };
import { fillTemplate, localeFromTag, translationProblems, translator } from './localize.js';

describe('engine localisation', () => {
  const en = { keep: 'Driver: keep {{version}}.', none: 'No GPU was found.' };
  const zh = { keep: '驱动：保留 {{version}}。', none: '未找到 GPU。' };

  it('says a sentence in the asked locale and in English by default', () => {
    const say = translator('cli', cliEn, cliZhCN);
    expect(say('zh-CN')('verify.reportSaved', { path: '/tmp/r.html' })).toBe('报告已保存：/tmp/r.html');
    expect(say()('verify.reportSaved', { path: '/tmp/r.html' })).toBe('Report saved: /tmp/r.html');
  });

  it('leaves an unknown placeholder visible', () => {
    expect(fillTemplate('{{a}} and {{b}}', { a: 1 })).toBe('1 and {{b}}');
    expect(fillTemplate('{{a}}/{{a}}', { a: '$& $1' })).toBe('$& $1/$& $1');
  });

  it('maps OS locale tags to the two shipped languages', () => {
    expect(['zh_CN.UTF-8', 'zh-Hans', 'zh', 'en_US.UTF-8', 'C', undefined].map(localeFromTag)).toEqual(['zh-CN', 'zh-CN', 'zh-CN', 'en', 'en', 'en']);
  });

  it('finds missing keys, empty sentences and changed placeholders', () => {
    expect(translationProblems(en, { keep: '保留 {{ver}}', extra: 'x' })).toEqual(['keep: placeholders differ', 'none: missing', 'extra: not in English']);
    expect(translationProblems(en, zh)).toEqual([]);
  });
});
