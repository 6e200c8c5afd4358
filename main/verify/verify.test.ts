import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { VerifyEvent } from '../../shared/types/verify.js';
import { fixturePath } from '../../testkit/fixturePath.js';
import { compareReports } from './compareReports.js';
import { formatComparison, formatVerifyReport } from './formatVerifyReport.js';
import { driverChangedSinceLastReport, latestReport, reportsDir, saveReport } from './reportHistory.js';
import { verify } from './verify.js';
import { hasDebianTorch, SYSTEM_PYTHON } from '../../testkit/debianTorch.js';


let dir: string;
const saved = { PATH: process.env.PATH, DLSETUP_SYSROOT: process.env.DLSETUP_SYSROOT, DLSETUP_HOME: process.env.DLSETUP_HOME };

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-verify-'));
  process.env.DLSETUP_HOME = path.join(dir, 'home');
});
afterEach(() => {
  process.env.PATH = saved.PATH;
  if (saved.DLSETUP_SYSROOT === undefined) delete process.env.DLSETUP_SYSROOT;
  else process.env.DLSETUP_SYSROOT = saved.DLSETUP_SYSROOT;
});
afterAll(() => {
  if (saved.DLSETUP_HOME === undefined) delete process.env.DLSETUP_HOME;
  else process.env.DLSETUP_HOME = saved.DLSETUP_HOME;
  rmSync(dir, { recursive: true, force: true });
});

/** A simulated host whose nvidia-smi answers the fingerprint query like the H200 box (driver 590.48.01). */
function hostWithNvidiaSmi(): void {
  const bin = path.join(dir, 'bin');
  mkdirSync(bin, { recursive: true });
  const smi = path.join(bin, 'nvidia-smi');
  // Values from fixtures/nvidia-smi-table/h200_driver590.48.01.txt; the PCI id is the H200's (10de:2335).
  writeFileSync(smi, '#!/bin/sh\ncase "$1" in --query-gpu=name,*) echo "NVIDIA H200, 0x233510DE, 590.48.01, 143771";; *) exit 6;; esac\n');
  chmodSync(smi, 0o755);
  process.env.PATH = `${bin}:${saved.PATH}`;
}

/** A simulated host without nvidia-smi whose kernel module says 565.57.01 (real /proc capture). */
function hostWithProcDriver(): void {
  const root = path.join(dir, 'sysroot');
  mkdirSync(path.join(root, 'proc/driver/nvidia'), { recursive: true });
  copyFileSync(fixturePath('proc-driver/proc_driver_nvidia_version_open_565.57.01_ubuntu24.04.txt'), path.join(root, 'proc/driver/nvidia/version'));
  process.env.DLSETUP_SYSROOT = root;
}

describe.skipIf(!hasDebianTorch)('verify with Debian CPU-only PyTorch (/usr/bin/python3)', () => {
  it('reports pytorch, gpu-available CPU_ONLY_BUILD, a CPU reference matmul; then saves, compares and notices a new driver', async () => {
    hostWithNvidiaSmi();
    const events: VerifyEvent[] = [];
    const first = await verify({ python: SYSTEM_PYTHON, quick: true, onEvent: (event) => events.push(event) });
    expect(first.framework).toMatchObject({ name: 'pytorch', build: { cuda: null } });
    expect(first.checks.find((check) => check.id === 'gpu-available')).toMatchObject({ status: 'fail', code: 'CPU_ONLY_BUILD' });
    const cpu = first.matmul.find((entry) => entry.device === 'cpu');
    expect(cpu).toMatchObject({ dtype: 'fp32', device: 'cpu' });
    expect(cpu?.peakTflops).toBeUndefined();
    expect(first.summary).toEqual({
      passed: first.checks.filter((c) => c.status === 'pass').length,
      failed: 1,
      skipped: first.checks.filter((c) => c.status === 'skip').length,
    });
    expect(first.summary.passed).toBe(2);
    expect(first.fingerprint).toMatchObject({ driver: '590.48.01', gpus: 'NVIDIA H200', framework: 'pytorch', python: '3.11.2' });
    expect(first.fingerprint.frameworkVersion).toMatch(/^1\.13/);
    expect(events.some((event) => event.kind === 'check' && event.check.id === 'gpu-available')).toBe(true);
    const text = formatVerifyReport(first);
    expect(text).toContain('FAIL  gpu-available  [CPU_ONLY_BUILD]');
    expect(text).toMatch(/fp32 +\d+\.\d GFLOP\/s \(CPU\)/);
    expect(text).toContain('Driver     590.48.01');

    const files = await saveReport(first);
    expect(path.dirname(files.jsonPath)).toBe(reportsDir());
    expect(JSON.parse(readFileSync(files.jsonPath, 'utf8')).createdAt).toBe(first.createdAt);
    expect(readFileSync(files.htmlPath, 'utf8')).toContain('CPU_ONLY_BUILD');

    // Same machine after a driver change: nvidia-smi gone, the kernel module now says 565.57.01.
    process.env.PATH = saved.PATH;
    hostWithProcDriver();
    expect(await driverChangedSinceLastReport('565.57.01')).toMatchObject({ changed: true, previousDriver: '590.48.01', currentDriver: '565.57.01' });
    expect(await driverChangedSinceLastReport('590.48.01')).toMatchObject({ changed: false });
    const previous = await latestReport();
    const second = await verify({ python: SYSTEM_PYTHON, quick: true });
    expect(second.fingerprint.driver).toBe('565.57.01');
    const comparison = compareReports(previous, second);
    expect(comparison.changes).toContainEqual({ subject: 'Driver', before: '590.48.01', after: '565.57.01', direction: 'changed' });
    expect(comparison.matmulDeltas.map((delta) => delta.dtype)).toEqual(['fp32 (CPU)']);
    expect(formatComparison(comparison)).toContain('Driver: 590.48.01 -> 565.57.01');
  });

  it('finds /usr/bin/python3 by itself when no python is given (PATH python3 has no framework here)', async () => {
    const report = await verify({ quick: true, pythonCandidates: ['python3', SYSTEM_PYTHON] });
    expect(report.python?.path).toBe(SYSTEM_PYTHON);
    expect(report.framework?.name).toBe('pytorch');
    expect(report.fingerprint.driver).toBeNull();
  });
});

it('takes the driver from the plain nvidia-smi driver query when the combined query is refused', async () => {
  const bin = path.join(dir, 'bin-plain');
  mkdirSync(bin, { recursive: true });
  const smi = path.join(bin, 'nvidia-smi');
  writeFileSync(smi, '#!/bin/sh\ncase "$1" in --query-gpu=driver_version) echo "550.144.03";; *) echo "Field is not a valid field to query." >&2; exit 2;; esac\n');
  chmodSync(smi, 0o755);
  process.env.PATH = `${bin}:${saved.PATH}`;
  const { queryDriverAndGpus } = await import('./queryNvidiaSmi.js');
  expect(await queryDriverAndGpus()).toEqual({ driver: '550.144.03', gpus: [], source: 'nvidia-smi' });
});

it('with no history, there is no driver change to offer', async () => {
  expect(await driverChangedSinceLastReport('590.48.01', { dir: path.join(os.tmpdir(), 'dlsetup-no-such-reports') })).toBeNull();
});
