import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CREDENTIAL_SHAPES } from '../../testkit/secrets/credentialShapes.js';
import { sampleReport } from '../../testkit/verify/sampleReport.js';
import { saveReport } from './reportHistory.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-report-secrets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the verify history keeps no credential a check quoted (issue 27, item 6)', () => {
  it('every credential shape in a failed check\'s reason is redacted in the JSON and the HTML; ordinary fields stay exact', async () => {
    const reason = CREDENTIAL_SHAPES.map((shape) => shape.line).join('\n');
    const report = sampleReport({ createdAt: '2026-07-06T10:00:00.000Z', checks: [{ id: 'framework-present', status: 'fail', reason: `import failed:\n${reason}`, source: 'framework' }] });
    const { jsonPath, htmlPath } = await saveReport(report, { dir });
    const kept = readFileSync(jsonPath, 'utf8') + readFileSync(htmlPath, 'utf8');
    const through = CREDENTIAL_SHAPES.filter((shape) => shape.secrets.some((secret) => kept.includes(secret))).map((shape) => shape.name);
    console.log(`verify history: ${CREDENTIAL_SHAPES.length} credential shapes tried, ${through.length} got through`);
    expect(through).toEqual([]);
    const readBack = JSON.parse(readFileSync(jsonPath, 'utf8')) as typeof report;
    expect({ ...readBack, checks: [] }).toEqual({ ...report, checks: [] });
  });
});
