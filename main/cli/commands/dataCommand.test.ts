import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { captureIo, pinLocaleEnv } from '../testIo.js';
import { EXIT_STALE, makeDataCommand } from './dataCommand.js';

// Two tables as data/ holds them: one reviewed 2026-08-01 citing a repository file at a commit and a web page, one
// reviewed 2026-11-20 citing nothing. The clock is fixed, so the ages below are exact.
const dir = mkdtempSync(path.join(tmpdir(), 'dlsetup-data-check-'));
writeFileSync(
  path.join(dir, 'tensorflow.json'),
  JSON.stringify({
    reviewedAt: '2026-08-01',
    releases: [{ version: '2.21.0', source: 'tensorflow/docs site/en/install/source.md @ 7c3650212740204359d4ceae481abc79345541be, "Tested build configurations"' }],
    platformNotes: { windows: { source: 'https://www.tensorflow.org/install/pip#windows-native.' } },
  }),
);
writeFileSync(path.join(dir, 'mirrors.json'), JSON.stringify({ reviewedAt: '2026-11-20', mirrors: [] }));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function check(today: string, flags: Record<string, string | boolean | undefined> = {}) {
  const io = captureIo();
  // The index's news has its own test (main/plan/releaseNews.test.ts): these are about the tables' age.
  const code = await makeDataCommand({ today: () => new Date(`${today}T09:30:00Z`), dir }).run({ flags: { offline: true, ...flags }, positionals: ['check'] }, io);
  return { code, out: io.stdout() };
}

describe('dlsetup data check', () => {
  it('says all fresh and exits 0 when every table was reviewed within 90 days', async () => {
    pinLocaleEnv(vi.stubEnv, 'C');
    const { code, out } = await check('2026-10-30');
    expect(code).toBe(0);
    expect(out).toBe('All 2 data tables were reviewed within the last 90 days (today is 2026-10-30).\n');
  });

  it('lists a table reviewed 91 days ago with the pages to re-read, and exits 3', async () => {
    pinLocaleEnv(vi.stubEnv, 'C');
    const { code, out } = await check('2026-10-31');
    expect(code).toBe(EXIT_STALE);
    expect(out).toBe(
      [
        '1 of 2 data tables were last reviewed more than 90 days ago (today is 2026-10-31). Re-read their sources and refresh them as data/README.md describes:',
        '',
        'tensorflow.json: reviewed 2026-08-01, 91 days ago',
        '  https://github.com/tensorflow/docs/blob/7c3650212740204359d4ceae481abc79345541be/site/en/install/source.md',
        '  https://www.tensorflow.org/install/pip#windows-native',
        '',
      ].join('\n'),
    );
  });

  it('prints the same facts as JSON for scripts, and in Chinese for a zh_CN terminal', async () => {
    const json = await check('2027-03-01', { json: true });
    expect(json.code).toBe(EXIT_STALE);
    expect(JSON.parse(json.out)).toMatchObject({
      today: '2027-03-01',
      staleAfterDays: 90,
      stale: true,
      tables: [
        { table: 'mirrors.json', reviewedAt: '2026-11-20', ageDays: 101, stale: true, sources: [] },
        { table: 'tensorflow.json', reviewedAt: '2026-08-01', ageDays: 212, stale: true },
      ],
    });
    pinLocaleEnv(vi.stubEnv, 'zh_CN.UTF-8');
    const zh = await check('2027-03-01');
    expect(zh.out).toContain('2 个数据表中有 2 个上次复核已超过 90 天（今天是 2027-03-01）');
    expect(zh.out).toContain('mirrors.json：复核于 2026-11-20，已过 101 天\n  （此表没有来源链接；见 data/sources/compat-facts.json）');
  });

  it('refuses anything but "check" as a usage error', async () => {
    await expect(makeDataCommand({ dir }).run({ flags: {}, positionals: ['refresh'] }, captureIo())).rejects.toThrow(/only data subcommand is "check"/);
  });
});
