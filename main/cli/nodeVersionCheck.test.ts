import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { nodeTooOld, startLocale } from '../../bin/nodeVersionCheck.mjs';

const ROOT = new URL('../../', import.meta.url);
/** package.json's engines.node, the range a Node must satisfy (read here, not copied). */
const NEEDED = (JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8')) as { engines: { node: string } }).engines.node;

describe('bin/dlsetup.js on an old Node', () => {
  it('says in a sentence which Node DL Setup needs and which one this is, in English and in Chinese', () => {
    expect(NEEDED).toBe('>=20.19');
    expect(nodeTooOld('16.20.2', 'en')).toBe(
      'DL Setup needs Node.js >=20.19, and this is Node.js 16.20.2. Install a newer Node.js (the current LTS from https://nodejs.org, or through your package manager or nvm) and run dlsetup again.',
    );
    expect(nodeTooOld('20.18.3', 'zh-CN')).toBe(
      'DL Setup 需要 Node.js >=20.19，而当前是 Node.js 20.18.3。请安装更新的 Node.js（https://nodejs.org 上的当前 LTS 版本，或通过系统的包管理器或 nvm 安装）后再运行 dlsetup。',
    );
  });

  it('lets a Node the range allows through, this one included', () => {
    for (const version of ['20.19.0', '22.1.0', '24.11.1', process.versions.node]) expect(nodeTooOld(version, 'en'), version).toBeNull();
  });

  it('speaks the language the CLI would: --lang first, then LC_ALL, LC_MESSAGES, LANG', () => {
    expect(startLocale(['plan', '--lang', 'zh-CN'], { LANG: 'en_US.UTF-8' })).toBe('zh-CN');
    expect(startLocale(['plan', '--lang=en'], { LANG: 'zh_CN.UTF-8' })).toBe('en');
    expect(startLocale([], { LC_ALL: '', LC_MESSAGES: 'zh_CN.UTF-8', LANG: 'en_US.UTF-8' })).toBe('zh-CN');
    expect(startLocale(['--', '--lang', 'zh-CN'], {})).toBe('en');
  });

  it('finds package.json and the catalogs from a copy of bin/ below the package, and checks nothing without them', () => {
    expect(nodeTooOld('16.20.2', 'en', fileURLToPath(ROOT))).toMatch(/^DL Setup needs Node\.js >=20\.19/);
    expect(nodeTooOld('16.20.2', 'en', null)).toBeNull();
  });

  it('runs the check before it loads the CLI: this Node starts it as before', () => {
    const run = spawnSync(process.execPath, [new URL('bin/dlsetup.js', ROOT).pathname, '--version'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});
