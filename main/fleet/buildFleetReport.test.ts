import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { VerifyReport } from '../../shared/types/verify.js';
import { loadDataTable } from '../data/loadDataTable.js';
import { gpuTableSchema } from '../../shared/data/gpusSchema.js';
import { fleetCommand } from '../cli/commands/fleetCommand.js';
import { captureIo } from '../cli/testIo.js';
import { buildFleetReport, type FleetInput } from './buildFleetReport.js';
import { formatFleetReport } from './formatFleetReport.js';
import { loadFleetReports } from './loadFleetReports.js';
import { renderFleetHtml } from './renderFleetHtml.js';

const H200 = 'NVIDIA H200';

/** A verify report as `dlsetup verify --json` writes it (H200 figures: ~790 TFLOP/s bf16 of 989.4 is 80 %). */
function report(options: { host?: string; gpu?: string; driver?: string; bf16?: number; peak?: number; failed?: string[]; createdAt?: string; torch?: string }): VerifyReport {
  const failed = options.failed ?? [];
  const checks = [
    { id: 'gpu-available', status: failed.includes('gpu-available') ? 'fail' : 'pass' },
    { id: 'matmul-bf16', status: failed.includes('matmul-bf16') ? 'fail' : 'pass' },
    { id: 'cudnn', status: failed.includes('cudnn') ? 'fail' : 'pass', ...(failed.includes('cudnn') ? { code: 'CUDNN_LIB_MISSING' } : {}) },
  ] as VerifyReport['checks'];
  const peak = options.peak ?? 989.4;
  const gpu = options.gpu ?? H200;
  return {
    schemaVersion: 1,
    createdAt: options.createdAt ?? '2026-11-01T10:00:00.000Z',
    ...(options.host ? { host: options.host } : {}),
    framework: { name: 'pytorch', version: options.torch ?? '2.9.1+cu128', build: { cuda: '12.8', cudnn: '91002' } },
    devices: [{ name: gpu, computeCapability: '9.0' }],
    checks,
    matmul:
      options.bf16 === undefined
        ? []
        : [
            { dtype: 'fp32', tflops: 50, device: 'gpu' },
            { dtype: 'bf16', tflops: options.bf16, ...(options.peak !== 0 ? { peakTflops: peak, efficiency: Math.round((options.bf16 / peak) * 1000) / 1000 } : {}), device: 'gpu' },
          ],
    summary: { passed: checks.filter((c) => c.status === 'pass').length, failed: failed.length, skipped: 0 },
    fingerprint: { gpus: gpu, driver: options.driver ?? '580.95.05', framework: 'pytorch', frameworkVersion: options.torch ?? '2.9.1+cu128', frameworkCuda: '12.8', frameworkCudnn: '91002', python: '3.12.3', toolkit: null },
  } as VerifyReport;
}

function fleet(): FleetInput[] {
  return [
    { source: 'gpu-01/verify-1.json', report: report({ bf16: 790 }) },
    { source: 'gpu-02/verify-1.json', report: report({ bf16: 780 }) },
    { source: 'gpu-03/verify-1.json', report: report({ bf16: 800 }) },
    // Slower than its peers but above 50 %: only the peer comparison catches it.
    { source: 'gpu-04/verify-1.json', report: report({ bf16: 560 }) },
    // Driver updated between two reports; the latest differs from the fleet's majority.
    { source: 'gpu-05/verify-1.json', report: report({ bf16: 790, createdAt: '2026-10-01T09:00:00.000Z' }) },
    { source: 'gpu-05/verify-2.json', report: report({ bf16: 700, driver: '575.57.08', createdAt: '2026-11-02T09:00:00.000Z' }) },
    // cuDNN broke and throughput collapsed.
    { source: 'gpu-06/verify-1.json', report: report({ bf16: 300, failed: ['cudnn'] }) },
    // A shell-export report: host named inside, no peak (filled from data/gpus.json).
    { source: 'verify-ws-01-20261101.json', report: report({ host: 'ws-01', gpu: 'NVIDIA GeForce RTX 4090', bf16: 150, peak: 0 }) },
  ];
}

const specs = loadDataTable('gpus', gpuTableSchema).gpus;

describe('buildFleetReport', () => {
  const result = buildFleetReport(fleet(), { specs, now: new Date('2026-11-03T00:00:00Z') });
  const row = (host: string) => result.rows.find((r) => r.host === host)!;

  test('one row per host, with its latest report', () => {
    expect(result.hosts).toBe(7);
    expect(row('gpu-05').reports).toBe(2);
    expect(row('gpu-05').driver).toBe('575.57.08');
    expect(row('ws-01').source).toBe('verify-ws-01-20261101.json');
  });

  test('flags failed checks, low efficiency, hosts far below their peers and a driver that differs', () => {
    expect(row('gpu-06').flags.map((f) => f.code)).toEqual(['CHECKS_FAILED', 'LOW_EFFICIENCY', 'BELOW_PEERS']);
    expect(row('gpu-06').flags[0]!.message).toBe('1 check(s) failed: cudnn.');
    expect(row('gpu-04').flags.map((f) => f.code)).toEqual(['BELOW_PEERS']);
    expect(row('gpu-04').flags[0]!.message).toContain('57 % of peak is far below the 75 % median of the 6 hosts with a NVIDIA H200');
    expect(row('gpu-05').flags).toEqual([{ code: 'DRIVER_DIFFERS', message: 'Driver 575.57.08; most hosts with a NVIDIA H200 run 580.95.05.' }]);
    for (const host of ['gpu-01', 'gpu-02', 'gpu-03', 'ws-01']) expect(row(host).flags).toEqual([]);
    expect(result.outliers).toBe(3);
    expect(result.rows.slice(0, 3).map((r) => r.host)).toEqual(['gpu-06', 'gpu-04', 'gpu-05']);
  });

  test('says what changed since the host\'s previous report', () => {
    expect(row('gpu-05').changes).toEqual([
      { subject: 'Driver', before: '580.95.05', after: '575.57.08', direction: 'changed' },
      { subject: 'Matmul bf16 TFLOP/s', before: '790', after: '700', direction: 'worse' },
    ]);
    expect(row('gpu-01').changes).toEqual([]);
  });

  test('fills the spec peak from data/gpus.json for reports that lack it', () => {
    // The peak is the data's (a data refresh must not edit this test), the efficiency computed from it.
    const peak = specs.find((gpu) => gpu.name === 'GeForce RTX 4090')!.tensorTflops!.bf16!;
    expect(row('ws-01').best).toEqual({ dtype: 'bf16', tflops: 150, peakTflops: peak, efficiency: Math.round((150 / peak) * 1000) / 1000 });
  });

  test('text table and HTML show the same outliers; HTML escapes everything and loads nothing', () => {
    const text = formatFleetReport(result);
    expect(text).toContain('Fleet: 7 hosts, 3 flagged.');
    expect(text).toMatch(/gpu-05 +NVIDIA H200 +575\.57\.08 +pytorch 2\.9\.1\+cu128 \(CUDA 12\.8\) +3\/3 +700 bf16 \(71 %\) +Driver: 580\.95\.05 → 575\.57\.08;/);
    expect(text).toContain('  gpu-06: 1 check(s) failed: cudnn.');
    const hostile = buildFleetReport([{ source: 'x.json', report: report({ host: '<script>alert(1)</script>', bf16: 100 }) }]);
    const html = renderFleetHtml(hostile);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toMatch(/(src|href)=/);
    expect(renderFleetHtml(result)).toContain('<tr class="fail"><td>gpu-06');
  });
});

describe('loadFleetReports and `dlsetup fleet report`', () => {
  test('reads DIR and DIR/<host>/, skips other and broken JSON with a warning, and prints the table', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-fleet-'));
    try {
      for (const { source, report: r } of fleet()) {
        mkdirSync(path.dirname(path.join(dir, source)), { recursive: true });
        writeFileSync(path.join(dir, source), JSON.stringify(r));
      }
      writeFileSync(path.join(dir, 'inventory.json'), '{"all": {"hosts": ["gpu-01"]}}');
      writeFileSync(path.join(dir, 'gpu-01', 'half.json'), '{"createdAt": "2026');
      writeFileSync(path.join(dir, 'notes.txt'), 'not json');
      const loaded = await loadFleetReports(dir);
      expect(loaded.reports).toHaveLength(8);
      expect(loaded.warnings).toEqual([`Skipped ${path.join('gpu-01', 'half.json')}: not valid JSON.`, 'Skipped inventory.json: it is not a DL Setup verify report.']);

      const io = captureIo();
      const html = path.join(dir, 'fleet.html');
      expect(await fleetCommand.run({ flags: { html }, positionals: ['report', dir] }, io)).toBe(0);
      expect(io.stdout()).toContain('Fleet: 7 hosts, 3 flagged.');
      expect(io.stderr()).toContain('Warning: Skipped inventory.json');
      const json = captureIo();
      await fleetCommand.run({ flags: { json: true }, positionals: ['report', dir] }, json);
      expect(JSON.parse(json.stdout()).outliers).toBe(3);
      await expect(loadFleetReports(path.join(dir, 'missing'))).rejects.toThrow(/Cannot read the report folder/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the DL Setup each report was made with', () => {
  const made = (source: string, dlsetupVersion?: string): FleetInput => ({ source, report: { ...report({ bf16: 790 }), ...(dlsetupVersion ? { dlsetupVersion } : {}) } });

  test('flags hosts verified with an older DL Setup, in version order (0.9.0 before 0.10.0, a release candidate before its release)', () => {
    const result = buildFleetReport([made('a/v.json', '0.10.0'), made('b/v.json', '0.9.0'), made('c/v.json', '0.10.0-rc.1'), made('d/v.json'), made('e/v.json', '0.10.0+build.7')]);
    const flags = Object.fromEntries(result.rows.map((row) => [row.host, row.flags.map((flag) => flag.message)]));
    expect(flags).toEqual({
      a: [],
      b: ['Verified with DL Setup 0.9.0; the newest report here is from 0.10.0: verify again with it to compare like with like.'],
      c: ['Verified with DL Setup 0.10.0-rc.1; the newest report here is from 0.10.0: verify again with it to compare like with like.'],
      // An exported script's report names no DL Setup, and build metadata is no newer release.
      d: [],
      e: [],
    });
    expect(result.rows.find((row) => row.host === 'd')!.dlsetupVersion).toBeNull();
  });

  test('a report read back keeps the version it was made with; a version that is not semver is refused by name', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-fleet-'));
    try {
      writeFileSync(path.join(dir, 'new.json'), JSON.stringify({ ...report({ host: 'new', bf16: 790 }), dlsetupVersion: '1.2.0' }));
      writeFileSync(path.join(dir, 'old.json'), JSON.stringify({ ...report({ host: 'old', bf16: 790 }), dlsetupVersion: '1.10.0' }));
      writeFileSync(path.join(dir, 'odd.json'), JSON.stringify({ ...report({ host: 'odd', bf16: 790 }), dlsetupVersion: '1.2' }));
      const loaded = await loadFleetReports(dir);
      expect(loaded.reports.map((input) => input.report.dlsetupVersion).sort()).toEqual(['1.10.0', '1.2.0']);
      expect(loaded.warnings).toHaveLength(1);
      expect(loaded.warnings[0]).toMatch(/^Skipped odd\.json: .*dlsetupVersion/);
      expect(buildFleetReport(loaded.reports).rows.find((row) => row.host === 'new')!.flags.map((flag) => flag.code)).toEqual(['OLDER_DLSETUP']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
