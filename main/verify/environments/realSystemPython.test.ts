// Integration lane: this machine's own Debian python3 with python3-torch (1.13.1+dfsg-4, an egg-info folder, no RECORD).
// Expected answers come from the machine, not from our code: dpkg says the package, the egg-info folder names the
// version, and torch itself (imported once here, as a user would) says whether it has CUDA.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EnvironmentsReport } from '../../../shared/types/environments.js';
import { verifyAllEnvironments } from './verifyAllEnvironments.js';

const SYSTEM_PYTHON = '/usr/bin/python3';
const DEBIAN_TORCH_INFO = '/usr/lib/python3/dist-packages/torch-1.13.0a0+gitunknown.egg-info';
const root = path.resolve(import.meta.dirname, '../../..');
const haveDebianTorch = existsSync(DEBIAN_TORCH_INFO);

let report: EnvironmentsReport;
let torchSays: { cuda: string | null; available: boolean };

beforeAll(async () => {
  // Every CLI run keeps its report: in a folder of this test's own, not the user's history (this file runs in its own fork).
  process.env.DLSETUP_HOME = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-real-python-'));
  report = await verifyAllEnvironments();
  const out = execFileSync(SYSTEM_PYTHON, ['-c', 'import json, torch; print(json.dumps({"cuda": torch.version.cuda, "available": torch.cuda.is_available()}))'], { encoding: 'utf8' });
  torchSays = JSON.parse(out.trim());
}, 120_000);

describe.skipIf(!haveDebianTorch)("this machine's Debian python3-torch, read without importing it", () => {
  it('dpkg and torch agree it is a CPU build on a machine with no NVIDIA GPU', () => {
    expect(execFileSync('dpkg-query', ['-W', '-f', '${Version}', 'python3-torch'], { encoding: 'utf8' })).toBe('1.13.1+dfsg-4');
    expect(torchSays).toEqual({ cuda: null, available: false });
  });

  it('the system Python row shows torch 1.13.0a0+gitunknown as a CPU build that works on the CPU', () => {
    expect(report.gpu).toBeNull();
    const system = report.environments.find((env) => env.path === SYSTEM_PYTHON);
    expect(system?.kind).toBe('system');
    expect(system?.frameworks).toEqual([expect.objectContaining({ framework: 'pytorch', distribution: 'torch', version: '1.13.0a0+gitunknown', kind: 'cpu', verdict: 'works' })]);
    expect(system?.frameworks[0]!.action).toBeUndefined();
  });

  it('dlsetup verify --all (the built CLI) says so in English and Chinese and exits 0', () => {
    const cli = path.join(root, 'bin', 'dlsetup.js');
    const en = execFileSync(process.execPath, [cli, 'verify', '--all'], { encoding: 'utf8' });
    expect(en).toContain('No NVIDIA GPU: every build runs on the CPU here.');
    expect(en).toMatch(/\/usr\/bin\/python3\s+3\.11\.\d+\s+PyTorch\s+1\.13\.0a0\+gitunknown\s+works on the CPU/);
    const zh = execFileSync(process.execPath, [cli, 'verify', '--all', '--lang', 'zh-CN'], { encoding: 'utf8' });
    expect(zh).toMatch(/1\.13\.0a0\+gitunknown\s+可用（在 CPU 上运行）/);
  });

  it('--run runs the quick check in it for real: the CPU build passes (no GPU is a skip here), kept in history, no change on a re-run', () => {
    const cli = path.join(root, 'bin', 'dlsetup.js');
    const home = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-verify-all-'));
    try {
      const env = { ...process.env, DLSETUP_HOME: home };
      const run = () => spawnSync(process.execPath, [cli, 'verify', '--all', '--run', '--json', '--lang', 'en'], { encoding: 'utf8', env });
      const first = run();
      expect(first.status).toBe(0);
      expect(first.stderr).toContain('Running the quick check in each environment with a framework (1), 2 at a time');
      expect(first.stderr).toMatch(/\[1\/1\] \/usr\/bin\/python3: passed \(\d+ checks\)/);
      const report = JSON.parse(first.stdout) as EnvironmentsReport;
      const system = report.environments.find((row) => row.path === SYSTEM_PYTHON)!;
      expect(system.check).toMatchObject({ failed: 0 });
      expect(system.check!.passed).toBeGreaterThan(0);
      expect(report.since).toBeUndefined();
      const again = JSON.parse(run().stdout) as EnvironmentsReport;
      expect(again.since).toMatchObject({ createdAt: report.createdAt, driver: null, changes: [] });
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
