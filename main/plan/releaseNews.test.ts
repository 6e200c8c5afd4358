/*
 * Issue 32: `dlsetup data check` lists releases on the index that the data does not describe yet. On a loopback index of
 * real index data (fixtures/pypi-index/: torch 2.6.0 and 2.7.0+cu126, jax 0.7.2), expected from the captures first:
 * with DL Setup's PyTorch data cut back to 2.6, torch 2.7.0 is news; with the shipped data (2.14) nothing is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompatData } from '../../shared/plan/compatData.js';
import { startLoopbackIndex, type LoopbackIndex } from '../../testkit/index/loopbackIndex.js';
import { realIndexProjects } from '../../testkit/index/realIndexData.js';
import { shippedData } from '../../testkit/plan/linuxPlan.js';
import { makeDataCommand } from '../cli/commands/dataCommand.js';
import { captureIo } from '../cli/testIo.js';
import { releaseNews } from './releaseNews.js';

let index: LoopbackIndex;
beforeAll(async () => {
  index = await startLoopbackIndex({ projects: realIndexProjects() });
});
afterAll(() => index?.close());

function pytorchUpTo(minor: number): CompatData {
  const pytorch = structuredClone((shippedData as unknown as { pytorch: { releases: { version: string }[] } }).pytorch);
  pytorch.releases = pytorch.releases.filter((release) => release.version.startsWith('2.') && Number(release.version.split('.')[1]) <= minor);
  return { ...shippedData, pytorch } as unknown as CompatData;
}

describe('releases newer than the data (issue 32)', () => {
  it('torch 2.7.0 on the index is news to data that stops at 2.6; the shipped data has none', async () => {
    const old = await releaseNews(pytorchUpTo(6), { indexUrl: index.url, cacheDir: null });
    expect(old).toMatchObject({ status: 'checked', news: [{ framework: 'pytorch', newer: ['2.7.0'] }] });
    expect((await releaseNews(shippedData, { indexUrl: index.url, cacheDir: null })).status).toBe('checked');
    expect((await releaseNews(shippedData, { indexUrl: index.url, cacheDir: null }) as { news: unknown[] }).news).toEqual([]);
  });

  it('`dlsetup data check` says it in both languages, and says when the index cannot be asked', async () => {
    const news = () => releaseNews(pytorchUpTo(6), { indexUrl: index.url, cacheDir: null });
    const en = captureIo();
    await makeDataCommand({ news }).run({ positionals: ['check'], flags: { lang: 'en' } }, en);
    expect(en.stdout()).toMatch(/News on http:\/\/127\.0\.0\.1:\d+\/simple: PyTorch 2\.7\.0 — newer than DL Setup's data \(2\.6\.0\)/);
    const zh = captureIo();
    await makeDataCommand({ news }).run({ positionals: ['check'], flags: { lang: 'zh-CN' } }, zh);
    expect(zh.stdout()).toContain('PyTorch 2.7.0 比 DL Setup 的数据（2.6.0）新');
    const offline = captureIo();
    await makeDataCommand({ news: () => releaseNews(shippedData, { indexUrl: 'https://index.invalid/simple', cacheDir: null, timeBudgetMs: 2000 }) }).run({ positionals: ['check'], flags: { lang: 'en' } }, offline);
    expect(offline.stdout()).toContain('Could not ask https://index.invalid/simple for new releases');
  });
});
