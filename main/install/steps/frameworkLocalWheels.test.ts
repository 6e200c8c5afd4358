import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProgressEvent } from '../../../shared/types/install.js';
import type { MirrorTable } from '../../../shared/types/mirrors.js';
import { InstallService } from '../installService.js';
import { readJournal } from '../journal/runJournal.js';
import { markIndexesServingMetadata } from '../../../testkit/install/metadataOverlay.js';
import { newPipWheel, pythonVersionOf, saveEnv, VENV_PYTHON as PYTHON, venvWithPip } from '../../../testkit/install/modernPip.js';
import { runPlan } from '../../../testkit/install/runPlan.js';
import { testPlan } from '../../../testkit/install/testPlan.js';
import { buildTestWheel, startTestIndex, type TestIndex } from '../../../testkit/install/wheelIndex.js';

/**
 * The framework step with a pip that resolves from metadata alone (≥ 25.3): pip's dry run names the wheels, DL Setup
 * fetches each once, pip installs them with --no-index. Real pip, real venvs, loopback indexes serving PEP 658 metadata.
 */

const PAYLOAD = 600_000;
const WHEELS = ['dlsetup_test_alpha-1.0-py3-none-any.whl', 'dlsetup_test_beta-2.0-py3-none-any.whl'];
let tmp: string;
let wheels: string;
const PIP_DIR = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-newpip-'));
const PIP_WHEEL = PYTHON ? newPipWheel(PIP_DIR) : null;
const restoreEnv = saveEnv(['DLSETUP_HOME', 'DLSETUP_DATA_DIR', 'DLSETUP_MIRROR_MIN_BYTES']);

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-localwheels-'));
  process.env.DLSETUP_HOME = path.join(tmp, 'home');
  wheels = path.join(tmp, 'wheels');
  mkdirSync(wheels);
  buildTestWheel(wheels, 'dlsetup-test-alpha', '1.0', PAYLOAD);
  buildTestWheel(wheels, 'dlsetup-test-beta', '2.0', PAYLOAD);
});

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
  rmSync(PIP_DIR, { recursive: true, force: true });
  restoreEnv();
});

/** A venv whose pip is the new one (the python-env step then finds it and skips). */
function envWithNewPip(envPath: string): void {
  venvWithPip(PYTHON!, envPath, PIP_WHEEL!);
}

function plan(envPath: string, framework: Record<string, unknown>) {
  return testPlan([
    { id: 'env', kind: 'python-env', title: 'Create the Python environment', elevated: false, params: { manager: 'venv', path: envPath, interpreter: PYTHON!, python: pythonVersionOf(PYTHON!), minFreeBytes: 1e6 } },
    { id: 'fw', kind: 'framework', title: 'Install the packages', elevated: false, params: { packages: ['dlsetup-test-alpha==1.0', 'dlsetup-test-beta'], ...framework } },
  ]);
}

async function run(p: ReturnType<typeof plan>) {
  const { runId, status, events, logs } = await runPlan(p);
  const progress = events.filter((e): e is Extract<ProgressEvent, { type: 'step-progress' }> => e.type === 'step-progress' && e.stepId === 'fw');
  return { runId, status, logs, progress };
}

/** GETs of each wheel by who asked (this index ignores Range, so each is the whole file; probes say who they are). */
function wholeFetches(index: TestIndex, agent: RegExp): string[] {
  return index.log.filter((r) => r.path.endsWith('.whl') && agent.test(r.userAgent)).map((r) => path.basename(r.path)).sort();
}

describe('framework step: pip resolves, DL Setup downloads, pip installs offline', () => {
  it.skipIf(!PIP_WHEEL)('fetches each wheel once (ours), none by pip, and pip installs from the local files', async () => {
    const index = await startTestIndex(wheels, { coreMetadata: true });
    try {
      markIndexesServingMetadata(path.join(tmp, 'data-local'), [`${index.url}/simple`]);
      const envPath = path.join(tmp, 'env-local');
      envWithNewPip(envPath);
      const { runId, status, logs, progress } = await run(plan(envPath, { pypiMirror: `${index.url}/simple` }));
      expect(status.error, logs.join('\n')).toBeUndefined();
      expect(status.state).toBe('succeeded');

      // pip read the metadata of both and fetched no wheel; DL Setup fetched each wheel whole exactly once.
      expect(index.log.filter((r) => r.path.endsWith('.metadata') && /^pip\//.test(r.userAgent)).map((r) => path.basename(r.path)).sort()).toEqual(WHEELS.map((w) => `${w}.metadata`));
      expect(wholeFetches(index, /^pip\//)).toEqual([]);
      expect(wholeFetches(index, /^dlsetup$/)).toEqual(WHEELS);

      // The install pip ran used no index: the local files, by their real names.
      const offline = logs.find((line) => line.startsWith('$ ') && line.includes('--no-index'));
      expect(offline).toBeDefined();
      for (const wheel of WHEELS) expect(offline).toContain(`/${wheel}`);
      expect(logs.some((line) => line.includes('--dry-run') && line.includes('--report'))).toBe(true);

      // Progress: the whole set's bytes, known from the start, reaching the total; the file named in the detail.
      const setBytes = WHEELS.reduce((sum, w) => sum + statSync(path.join(wheels, w)).size, 0);
      const downloads = progress.filter((e) => e.bytes && /Downloading dlsetup_test_/.test(e.detail));
      expect(downloads.length).toBeGreaterThan(0);
      expect(downloads.every((e) => e.bytes!.total === setBytes)).toBe(true);
      expect(downloads.at(-1)!.bytes!.done).toBe(setBytes);

      const imported = execFileSync(path.join(envPath, 'bin', 'python'), ['-c', 'import dlsetup_test_alpha, dlsetup_test_beta; print(dlsetup_test_alpha.__version__, dlsetup_test_beta.__version__)'], { encoding: 'utf8' });
      expect(imported.trim()).toBe('1.0 2.0');
      const installed = readJournal(runId).flatMap((e) => (e.t === 'change' && e.change.type === 'packages-installed' ? e.change.packages : []));
      expect(installed.sort()).toEqual(['dlsetup-test-alpha', 'dlsetup-test-beta']);
      expect(status.steps.find((s) => s.id === 'fw')?.message).toMatch(/MB downloaded/);

      // Rollback removes what the offline install added.
      const service = new InstallService({ elevation: 'direct' });
      const undone = await service.rollback(runId);
      expect(undone.ok).toBe(true);
      expect(() => execFileSync(path.join(envPath, 'bin', 'python'), ['-c', 'import dlsetup_test_alpha'], { stdio: 'ignore' })).toThrow();
    } finally {
      delete process.env.DLSETUP_DATA_DIR;
      await index.close();
    }
  });

  it.skipIf(!PIP_WHEEL)('measures the mirrors that carry a large wheel and fetches it from the fastest, saying which', async () => {
    const slow = await startTestIndex(wheels, { coreMetadata: true });
    const fast = await startTestIndex(wheels);
    try {
      // The plan's own index is slow (1 MB/s); data/mirrors.json's TUNA row carries the same files on a fast server.
      slow.trickleBytesPerSecond = 1_000_000;
      markIndexesServingMetadata(path.join(tmp, 'data-mirrors'), [`${slow.url}/simple`], (table: MirrorTable) => {
        for (const row of table.mirrors) delete row.files;
        table.mirrors.find((row) => row.id === 'tuna')!.files = [{ from: `${slow.url}/files/`, to: `${fast.url}/files/`, source: 'test: two loopback copies of the wheel' }];
      });
      process.env.DLSETUP_MIRROR_MIN_BYTES = '100000';
      // A fresh download cache: the first test's verified wheels would otherwise be used without a byte fetched.
      process.env.DLSETUP_HOME = path.join(tmp, 'home-mirror');
      const envPath = path.join(tmp, 'env-mirror');
      envWithNewPip(envPath);
      const { status, logs, progress } = await run(plan(envPath, { indexUrl: `${slow.url}/simple` }));
      expect(status.state, logs.join('\n')).toBe('succeeded');
      for (const wheel of WHEELS) expect(logs.some((line) => line.startsWith(`${wheel}: from tuna at `) && line.includes('fastest of 2 mirrors measured'))).toBe(true);
      expect(wholeFetches(fast, /^dlsetup$/)).toEqual(WHEELS);
      expect(wholeFetches(slow, /^dlsetup$/)).toEqual([]);
      expect(progress.some((e) => e.bytes?.mirror?.id === 'tuna' && (e.bytes.mirror.measuredBytesPerSecond ?? 0) > 1_000_000)).toBe(true);
    } finally {
      delete process.env.DLSETUP_DATA_DIR;
      delete process.env.DLSETUP_MIRROR_MIN_BYTES;
      await slow.close();
      await fast.close();
    }
  });
});
