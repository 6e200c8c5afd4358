import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { latestReport, listReports } from './reportHistory.js';
import { sampleReport } from '../../testkit/verify/sampleReport.js';

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
