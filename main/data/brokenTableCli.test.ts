import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { captureIo, pinLocaleEnv } from '../cli/testIo.js';
import { dataDir } from '../appPaths.js';

let dir = '';

// A pytorch.json whose third release lists a platform as a number, as a bad hand edit or a truncated update would leave it.
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-data-'));
  const table = JSON.parse(readFileSync(path.join(dataDir, 'pytorch.json'), 'utf8')) as { releases: { variants: { platforms: unknown[] }[] }[] };
  table.releases[2]!.variants[1]!.platforms[0] = 7;
  writeFileSync(path.join(dir, 'pytorch.json'), JSON.stringify(table));
});
afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

/** `dlsetup plan` in a fresh module graph (the tables are cached per process), reading data/ through DLSETUP_DATA_DIR. */
async function plan(lang: string) {
  vi.resetModules();
  vi.stubEnv('DLSETUP_DATA_DIR', dir);
  pinLocaleEnv(vi.stubEnv, lang);
  const { main } = await import('../cli/main.js');
  const io = captureIo();
  const code = await main(['plan', '--framework', 'pytorch', '--os', 'linux', '--gpu', 'RTX 4090', '--driver', '580.65.06'], io);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

describe('dlsetup plan on a broken data table', () => {
  it('says which file and which field are wrong, in English', async () => {
    const { code, stdout, stderr } = await plan('en_US.UTF-8');
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain("DL Setup's data file pytorch.json does not match its schema: releases[2].variants[1].platforms[0] is not accepted: it must be text.");
  });

  it('and in Simplified Chinese', async () => {
    const { stderr } = await plan('zh_CN.UTF-8');
    expect(stderr).toContain('DL Setup 的数据文件 pytorch.json 与其 schema 不符：releases[2].variants[1].platforms[0] 不被接受：它必须是文本。');
  });
});
