import { describe, expect, it } from 'vitest';
import { fillTemplate, localeFromTag, translationProblems, translator } from './localize.js';

describe('engine localisation', () => {
  const en = { keep: 'Driver: keep {{version}}.', none: 'No GPU was found.' };
  const zh = { keep: '驱动：保留 {{version}}。', none: '未找到 GPU。' };

  it('says a sentence in the asked locale and in English by default', () => {
    const say = translator(en, zh);
    expect(say('zh-CN')('keep', { version: '580.95.05' })).toBe('驱动：保留 580.95.05。');
    expect(say()('keep', { version: '580.95.05' })).toBe('Driver: keep 580.95.05.');
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
