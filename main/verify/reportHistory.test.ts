import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { latestReport, listReports, saveReport } from './reportHistory.js';
import { sampleReport } from '../../testkit/verify/sampleReport.js';
import { ALL_ATTACKS, dangerousCodePoints } from '../../testkit/terminal/terminalAttacks.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-history-schema-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the verify history reads back only reports that pass the schema', () => {
  it('a hand-edited newer report with a control character or a bad time is skipped; the last good one is the latest', async () => {
    const good = sampleReport({ createdAt: '2026-07-01T10:00:00.000Z' });
    writeFileSync(path.join(dir, 'verify-2026-07-01.json'), JSON.stringify(good));
    writeFileSync(path.join(dir, 'verify-2026-07-02.json'), JSON.stringify(sampleReport({ createdAt: '2026-07-02T10:00:00.000Z', fingerprint: { driver: '590.48.01\nInjected: yes' } })));
    writeFileSync(path.join(dir, 'verify-2026-07-03.json'), JSON.stringify(sampleReport({ createdAt: '9999-99-99 <script>' })));
    writeFileSync(path.join(dir, 'verify-2026-07-04.json'), JSON.stringify({ ...sampleReport({ createdAt: '2026-07-04T10:00:00.000Z' }), summary: null }));
    expect((await listReports({ dir })).map((entry) => entry.report.createdAt)).toEqual(['2026-07-01T10:00:00.000Z']);
    expect(await latestReport({ dir })).toEqual(good);
  });
});

describe('the verify history keeps outside text escaped (issue 27, item 8)', () => {
  it('a GPU name and a version with terminal escapes are written as JSON \\u escapes and visible text in the HTML', async () => {
    const report = sampleReport({
      createdAt: '2026-07-05T10:00:00.000Z',
      devices: [{ index: 0, name: `NVIDIA H200${ALL_ATTACKS}`, computeCapability: '9.0', memoryMiB: 143167, freeMiB: 142000 }],
      framework: { name: 'pytorch', version: `2.5.1${ALL_ATTACKS}`, build: { cuda: '12.4', cudnn: '9.1.0', rocm: null } },
    });
    const { jsonPath, htmlPath } = await saveReport(report, { dir });
    const json = readFileSync(jsonPath, 'utf8');
    const html = readFileSync(htmlPath, 'utf8');
    expect(dangerousCodePoints(json)).toEqual([]);
    expect(dangerousCodePoints(html)).toEqual([]);
    expect(JSON.parse(json)).toEqual(report);
    expect(html).toContain('NVIDIA H200\\u001b]0;pwned\\u0007');
  });
});
