import { describe, expect, it } from 'vitest';
import { DlsetupError } from '../../shared/errors.js';
import { sayError } from '../../shared/i18n/sayError.js';
import { cliText } from './cliText.js';
import { planFromJson } from './planFromJson.js';

// A plan file with a field DL Setup refuses: one keyed sentence whose inner refusal is a key too, said in either language.
describe('a plan file with a refused field', () => {
  const text = JSON.stringify({ status: 'ok', steps: [], warnings: 'none' });

  function refusedIn(locale: 'en' | 'zh-CN'): DlsetupError {
    try {
      planFromJson(text, 'plan.json', cliText(locale), locale);
    } catch (error) {
      return error as DlsetupError;
    }
    throw new Error('the plan was accepted');
  }

  it('is refused in Chinese, both halves, under zh-CN', () => {
    const error = refusedIn('zh-CN');
    expect(error.code).toBe('INVALID_ARGUMENT');
    expect(error.message).toMatch(/^“plan\.json”不是 DL Setup 计划文件（可用 dlsetup plan --json 生成）。request 不被接受：缺少此项。$/);
    expect(error.message).not.toMatch(/[A-Za-z]{3,} (is|must|not)\b/);
  });

  it('carries one key, so an English error is said again in Chinese word for word', () => {
    const english = refusedIn('en');
    expect(english.message).toMatch(/^"plan\.json" is not a DL Setup plan \(make one with dlsetup plan --json\)\. request is not accepted: it is missing\.$/);
    expect(english.key).toBe('cli:planFile.notAPlanBecause');
    expect(sayError(english, 'zh-CN')).toBe(refusedIn('zh-CN').message);
    expect(sayError(refusedIn('zh-CN'), 'en')).toBe(english.message);
  });
});
