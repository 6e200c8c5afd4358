import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sampleReport } from '../../testkit/verify/sampleReport.js';
import { loadFleetReports } from './loadFleetReports.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-fleet-schema-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('loadFleetReports: another machine\'s report is checked before it reaches the table', () => {
  it('keeps real reports, skips hostile ones with a warning naming the field', async () => {
    const write = (file: string, value: unknown) => {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), JSON.stringify(value));
    };
    write('gpu-01/verify-1.json', sampleReport());
    write('verify-ws-01.json', sampleReport({ host: 'ws-01' }));
    // A terminal escape in a GPU name would redraw the operator's screen when the fleet table is printed.
    write('gpu-02/verify-1.json', sampleReport({ devices: [{ name: 'NVIDIA H200\u001b]0;owned\u0007', computeCapability: '9.0' }] }));
    write('gpu-03/verify-1.json', sampleReport({ matmul: [{ dtype: 'bf16', tflops: -1 }] }));
    write('gpu-04/verify-1.json', { ...sampleReport(), host: 'gpu-04;rm -rf ~' });
    write('gpu-05/verify-1.json', sampleReport({ checks: [{ id: 'x', status: 'pass', reason: 'ok\u2028forged line' }] }));

    const loaded = await loadFleetReports(dir);
    expect(loaded.reports.map((entry) => entry.source).sort()).toEqual([path.join('gpu-01', 'verify-1.json'), 'verify-ws-01.json']);
    expect(loaded.reports.find((entry) => entry.source === 'verify-ws-01.json')!.report).toMatchObject({ host: 'ws-01' });
    expect(loaded.warnings).toEqual([
      `Skipped ${path.join('gpu-02', 'verify-1.json')}: devices[0].name is not accepted: it contains the control character U+001B, which DL Setup never writes into files, commands or sentences.`,
      `Skipped ${path.join('gpu-03', 'verify-1.json')}: matmul[0].tflops is not accepted: it must be a number from 0 to 1000000000000.`,
      `Skipped ${path.join('gpu-04', 'verify-1.json')}: host is not accepted: it must be a name of letters, digits and . _ - that starts with a letter or digit.`,
      `Skipped ${path.join('gpu-05', 'verify-1.json')}: checks[0].reason is not accepted: it contains the control character U+2028, which DL Setup never writes into files, commands or sentences.`,
    ]);
  });
});
