import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../system/runCommand.js';
import { saveEnv, VENV_PYTHON } from '../../../testkit/install/modernPip.js';
import { metadataGap } from './indexMetadata.js';
import { pipConfigFromFiles } from '../../index/pipConfigFiles.js';
import { pipIndexConfig, pipSources, type PipIndexConfig } from '../../index/pipIndexConfig.js';
import { readPipConfig } from './readPipConfig.js';

/**
 * Real pip (the venv's own) against real pip.conf files in a temp HOME and XDG_CONFIG_DIRS. Expectations are written
 * from pip's configuration docs first ("Location", "Loading order", "Config Precedence": global = XDG_CONFIG_DIRS then
 * /etc/pip.conf; user = legacy ~/.pip then ~/.config/pip, the current file winning; site = the venv's pip.conf last;
 * PIP_* over files; [install] over [global]); then pip's own "Looking in indexes" line checks the whole answer.
 * 127.0.0.1:9 refuses at once, so pip prints where it looks and fails without the network.
 */
const PORT9 = 'http://127.0.0.1:9';
const NEEDS = VENV_PYTHON ? '' : 'no Python with venv';
let tmp: string;
let home: string;
let venv: string;
const restoreEnv = saveEnv(['HOME', 'XDG_CONFIG_DIRS', 'XDG_CONFIG_HOME', 'PIP_CONFIG_FILE', 'PIP_EXTRA_INDEX_URL', 'PIP_FIND_LINKS', 'PIP_INDEX_URL', 'PIP_NO_INDEX', 'PIP_ISOLATED_MODE', 'PIP_CERT', 'VIRTUAL_ENV']);
const ctx = { run: (argv: string[], options?: { env?: Record<string, string | undefined> }) => runCommand(argv, { env: options?.env }) };

function writeConf(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** What real pip says it consults for `pip install` with these step options: its "Looking in …" lines. */
function pipLooksIn(extra: string[]): { indexUrls: string[]; findLinks: string[] } {
  const run = spawnSync(path.join(venv, 'bin', 'python'), ['-m', 'pip', 'install', '--dry-run', '--retries', '0', '--timeout', '1', '--disable-pip-version-check', ...extra, 'dlsetup-no-such-dist'], { encoding: 'utf8', timeout: 60_000 });
  const line = (label: string) => new RegExp(`^Looking in ${label}: (.*)$`, 'm').exec(run.stdout)?.[1]?.split(', ') ?? [];
  return { indexUrls: line('indexes'), findLinks: line('links') };
}

beforeAll(() => {
  if (NEEDS) return;
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-pipconf-'));
  home = path.join(tmp, 'home');
  venv = path.join(tmp, 'venv');
  execFileSync(VENV_PYTHON!, ['-m', 'venv', venv]);
  for (const name of ['XDG_CONFIG_HOME', 'PIP_CONFIG_FILE', 'PIP_EXTRA_INDEX_URL', 'PIP_FIND_LINKS', 'PIP_INDEX_URL', 'PIP_NO_INDEX', 'PIP_ISOLATED_MODE', 'VIRTUAL_ENV']) delete process.env[name];
  process.env.HOME = home;
  // The machine's own /etc/xdg/pip is replaced by ours; /etc/pip.conf (pip reads it always) may only set a cert here.
  process.env.XDG_CONFIG_DIRS = path.join(tmp, 'xdg');
  writeConf(path.join(tmp, 'xdg', 'pip', 'pip.conf'), `[global]\nindex-url = ${PORT9}/global-index\nextra-index-url =\n    ${PORT9}/global-extra-1\n    ${PORT9}/global-extra-2\nfind-links = ${PORT9}/global-links\n`);
  writeConf(path.join(home, '.pip', 'pip.conf'), `[global]\nextra-index-url = ${PORT9}/legacy-extra\n; a comment\n`);
  writeConf(path.join(home, '.config', 'pip', 'pip.conf'), `[global]\nextra_index_url = ${PORT9}/user-extra\n[install]\nfind-links: ${PORT9}/user-install-links\n`);
  writeConf(path.join(venv, 'pip.conf'), `[global]\nindex-url = ${PORT9}/site-index\n`);
});

afterAll(() => {
  restoreEnv();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

/** From the docs: the site file's index, the current user file's extra index (not the legacy one's), [install]'s links. */
const FROM_DOCS: PipIndexConfig = { indexUrls: [`${PORT9}/site-index`], extraIndexUrls: [`${PORT9}/user-extra`], findLinks: [`${PORT9}/user-install-links`], noIndex: false };
const STEP = { indexUrl: undefined, extraIndexUrls: ['https://download.pytorch.org/whl/cu124'], findLinks: [] };

describe(`pip's own configuration, read for the metadata decision${NEEDS ? ` (skipped: ${NEEDS})` : ''}`, () => {
  it.skipIf(!!NEEDS)("asks the venv's pip (pip config list): global, user and site files in pip's precedence", async () => {
    const reading = await readPipConfig(ctx, path.join(venv, 'bin', 'python'), venv);
    expect(reading).toEqual({ config: FROM_DOCS, from: 'pip' });
    // pip's own word on where `pip install` looks, with the step's extra index after the configured one.
    expect(pipLooksIn(['--extra-index-url', STEP.extraIndexUrls[0]!])).toEqual(pipSources(STEP, reading.config, 'https://pypi.org/simple'));
    // The decision sees the site file's index, which data/mirrors.json does not know: pip downloads itself.
    expect(metadataGap(STEP, reading.config)).toEqual({ kind: 'unknown', url: `${PORT9}/site-index` });
  });

  it.skipIf(!!NEEDS)('PIP_* variables replace the files; the files DL Setup reads itself (pip < 10) give the same answer', async () => {
    process.env.PIP_EXTRA_INDEX_URL = `${PORT9}/env-a ${PORT9}/env-b`;
    try {
      const reading = await readPipConfig(ctx, path.join(venv, 'bin', 'python'), venv);
      expect(reading.config).toEqual({ ...FROM_DOCS, extraIndexUrls: [`${PORT9}/env-a`, `${PORT9}/env-b`] });
      expect(pipIndexConfig(await pipConfigFromFiles(venv, process.env))).toEqual(reading.config);
      expect(pipLooksIn([])).toEqual(pipSources({ extraIndexUrls: [], findLinks: [] }, reading.config, 'https://pypi.org/simple'));
    } finally {
      delete process.env.PIP_EXTRA_INDEX_URL;
    }
  });

  it.skipIf(!!NEEDS)('a pip without `pip config` (exit 1): the files are read instead, in the same order', async () => {
    const oldPip = path.join(tmp, 'old-python');
    // Only ever answers "unknown command", as pip 9 does for `config`; creates nothing.
    writeFileSync(oldPip, '#!/bin/sh\necho \'ERROR: unknown command "config"\' >&2\nexit 1\n');
    chmodSync(oldPip, 0o755);
    expect(await readPipConfig(ctx, oldPip, venv)).toEqual({ config: FROM_DOCS, from: 'files' });
  });

  it.skipIf(!!NEEDS)('PIP_CONFIG_FILE=/dev/null loads no file (docs), for pip and for the files read without it', async () => {
    process.env.PIP_CONFIG_FILE = '/dev/null';
    try {
      const empty = { indexUrls: [], extraIndexUrls: [], findLinks: [], noIndex: false };
      expect((await readPipConfig(ctx, path.join(venv, 'bin', 'python'), venv)).config).toEqual(empty);
      expect(pipIndexConfig(await pipConfigFromFiles(venv, process.env))).toEqual(empty);
    } finally {
      delete process.env.PIP_CONFIG_FILE;
    }
  });
});
