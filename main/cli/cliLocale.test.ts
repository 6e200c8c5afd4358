import { describe, expect, it } from 'vitest';
import { commandLocale, localeFromEnvironment } from './cliLocale.js';

describe('localeFromEnvironment', () => {
  it.each([
    [{ LANG: 'zh_CN.UTF-8' }, 'zh-CN'],
    [{ LANG: 'zh_TW.UTF-8' }, 'zh-CN'],
    [{ LANG: 'zh' }, 'zh-CN'],
    [{ LANG: 'en_US.UTF-8' }, 'en'],
    [{ LANG: 'de_DE.UTF-8' }, 'en'],
    [{ LANG: 'C' }, 'en'],
    [{ LANG: 'POSIX' }, 'en'],
    [{ LANG: 'C.UTF-8' }, 'en'],
    [{}, 'en'],
  ])('%j → %s', (env, locale) => {
    expect(localeFromEnvironment(env)).toBe(locale);
  });

  it('takes LC_ALL over LC_MESSAGES over LANG, as gettext does', () => {
    expect(localeFromEnvironment({ LC_ALL: 'en_US.UTF-8', LC_MESSAGES: 'zh_CN.UTF-8', LANG: 'zh_CN.UTF-8' })).toBe('en');
    expect(localeFromEnvironment({ LC_ALL: 'zh_CN.UTF-8', LANG: 'en_US.UTF-8' })).toBe('zh-CN');
    expect(localeFromEnvironment({ LC_MESSAGES: 'zh_CN.UTF-8', LANG: 'en_US.UTF-8' })).toBe('zh-CN');
    expect(localeFromEnvironment({ LC_ALL: 'C', LANG: 'zh_CN.UTF-8' })).toBe('en');
  });

  it('skips variables that are set but empty', () => {
    expect(localeFromEnvironment({ LC_ALL: '', LC_MESSAGES: ' ', LANG: 'zh_CN.UTF-8' })).toBe('zh-CN');
  });

  it('ignores other variables such as LC_CTYPE', () => {
    expect(localeFromEnvironment({ LC_CTYPE: 'zh_CN.UTF-8' })).toBe('en');
  });
});

describe('commandLocale', () => {
  const chineseEnv = { LANG: 'zh_CN.UTF-8' };

  it('follows --lang over the environment', () => {
    expect(commandLocale({ lang: 'en' }, chineseEnv)).toBe('en');
    expect(commandLocale({ lang: 'zh-CN' }, { LC_ALL: 'en_US.UTF-8' })).toBe('zh-CN');
  });

  it('follows the environment without --lang', () => {
    expect(commandLocale({}, chineseEnv)).toBe('zh-CN');
    expect(commandLocale({}, { LANG: 'en_US.UTF-8' })).toBe('en');
    expect(commandLocale({}, {})).toBe('en');
  });

  it('keeps machine-readable output English unless --lang asks otherwise', () => {
    expect(commandLocale({ json: true }, chineseEnv)).toBe('en');
    expect(commandLocale({ 'json-progress': true }, chineseEnv)).toBe('en');
    expect(commandLocale({ json: true, lang: 'zh-CN' }, {})).toBe('zh-CN');
  });
});
