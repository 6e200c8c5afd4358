import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MirrorTable } from '../../../shared/types/mirrors.js';
import { overlayDataTable } from '../../../testkit/install/dataOverlay.js';
import { isolatePipFromMachineConfig, newPipWheel, pipIn, pipWheelVersion, pythonVersionOf, saveEnv, VENV_PYTHON as PYTHON, venvWithPip, whyNoModernPip } from '../../../testkit/install/modernPip.js';
import { runPlan } from '../../../testkit/install/runPlan.js';
import { testPlan } from '../../../testkit/install/testPlan.js';
import { buildTestWheel, startTestIndex, type TestIndex } from '../../../testkit/install/wheelIndex.js';

/**
 * An index without PEP 658 metadata (TUNA: tuna/issues#1775): pip ≥ 25.3's dry run would download every wheel, and
 * DL Setup would fetch each again. The step lets pip download once, itself, says why, and upgrades no pip.
 * Real pip, real venvs; a loopback index WITHOUT metadata stands in for TUNA's row of data/mirrors.json (overlay).
 */

const PIP_DIR = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-nometa-pip-'));
const PIP_WHEEL = PYTHON ? newPipWheel(PIP_DIR) : null;
const NEEDS = whyNoModernPip(PIP_WHEEL);

const WHEELS = ['dlsetup_test_alpha-1.0-py3-none-any.whl', 'dlsetup_test_beta-2.0-py3-none-any.whl'];
const TUNA_NAME = 'Tsinghua University TUNA (China)';
let tmp: string;
let wheels: string;
const restoreEnv = saveEnv(['DLSETUP_HOME', 'DLSETUP_DATA_DIR', 'PIP_EXTRA_INDEX_URL', 'PIP_FIND_LINKS']);

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-nometa-'));
  isolatePipFromMachineConfig(tmp);
  wheels = path.join(tmp, 'wheels');
  mkdirSync(wheels);
  buildTestWheel(wheels, 'dlsetup-test-alpha', '1.0', 600_000);
  buildTestWheel(wheels, 'dlsetup-test-beta', '2.0', 600_000);
  // pip ≥ 25.3 on the index too: were the step to upgrade pip, it could (and the test would see it fetched).
  if (PIP_WHEEL) copyFileSync(PIP_WHEEL, path.join(wheels, path.basename(PIP_WHEEL)));
});

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
  rmSync(PIP_DIR, { recursive: true, force: true });
  restoreEnv();
});

/** data/mirrors.json with TUNA's index at the loopback server; its coreMetadata (false) stays the real row's. */
function tunaAt(index: TestIndex, dir: string): void {
  overlayDataTable<MirrorTable>(path.join(tmp, dir), 'mirrors', (table) => {
    const tuna = table.mirrors.find((row) => row.id === 'tuna')!;
    tuna.pypiIndexUrl = `${index.url}/simple`;
    delete tuna.files;
  });
}

const FRAMEWORK = { id: 'fw', kind: 'framework', title: 'Install the packages', elevated: false } as const;
const PACKAGES = ['dlsetup-test-alpha==1.0', 'dlsetup-test-beta'];

/** Wheel GETs and the bytes each sent, by who asked. */
function wheelSends(index: TestIndex, agent: RegExp, names: readonly string[] = WHEELS): [string, number][] {
  return index.log.filter((r) => names.includes(path.basename(r.path)) && agent.test(r.userAgent)).map((r) => [path.basename(r.path), r.sent] as [string, number]).sort();
}

function whole(name: string): number {
  return Number(execFileSync('stat', ['-c', '%s', path.join(wheels, name)], { encoding: 'utf8' }).trim());
}

const TUNA_LINE = (url: string) => `${TUNA_NAME} (${url}) does not publish wheel metadata (PEP 658), so pip downloads the wheels itself: DL Setup would otherwise fetch each one twice.`;

describe(`framework step on an index without wheel metadata (TUNA)${NEEDS ? ` (skipped: ${NEEDS})` : ''}`, () => {
  it.skipIf(!!NEEDS)('with pip >= 25.3 in the env: each wheel crosses the network exactly once, sent to pip, and the log says why', async () => {
    process.env.DLSETUP_HOME = path.join(tmp, 'home-new');
    const index = await startTestIndex(wheels);
    try {
      tunaAt(index, 'data-new');
      const envPath = path.join(tmp, 'env-new');
      venvWithPip(PYTHON!, envPath, PIP_WHEEL!);
      const { status, logs } = await runPlan(testPlan([{ ...FRAMEWORK, params: { packages: PACKAGES, envPath, pypiMirror: 'tuna' } }]));
      expect(status.state, logs.join('\n')).toBe('succeeded');
      expect(logs).toContain(TUNA_LINE(`${index.url}/simple`));
      // pip's dry run never ran (it would have fetched both wheels whole), nor an offline install.
      expect(logs.some((line) => line.includes('--dry-run'))).toBe(false);
      expect(logs.some((line) => line.includes('--no-index'))).toBe(false);
      expect(wheelSends(index, /^pip\//)).toEqual(WHEELS.map((w) => [w, whole(w)]));
      expect(wheelSends(index, /^dlsetup/)).toEqual([]);
      expect(execFileSync(path.join(envPath, 'bin', 'python'), ['-c', 'import dlsetup_test_alpha, dlsetup_test_beta; print(dlsetup_test_alpha.__version__, dlsetup_test_beta.__version__)'], { encoding: 'utf8' }).trim()).toBe('1.0 2.0');
    } finally {
      delete process.env.DLSETUP_DATA_DIR;
      await index.close();
    }
  });

  it.skipIf(!!NEEDS)('in an env this run created: no pip upgrade (no point), pip downloads each wheel once', async () => {
    process.env.DLSETUP_HOME = path.join(tmp, 'home-created');
    const index = await startTestIndex(wheels);
    try {
      tunaAt(index, 'data-created');
      const envPath = path.join(tmp, 'env-created');
      const { status, logs } = await runPlan(testPlan([
        { id: 'env', kind: 'python-env', title: 'Create the Python environment', elevated: false, params: { manager: 'venv', path: envPath, interpreter: PYTHON!, python: pythonVersionOf(PYTHON!), minFreeBytes: 1e6 } },
        { ...FRAMEWORK, params: { packages: PACKAGES, pypiMirror: 'tuna' } },
      ]));
      expect(status.state, logs.join('\n')).toBe('succeeded');
      expect(logs).toContain(TUNA_LINE(`${index.url}/simple`));
      expect(logs.some((line) => line.startsWith('Upgrading pip'))).toBe(false);
      expect(index.log.filter((r) => path.basename(r.path) === path.basename(PIP_WHEEL!))).toEqual([]);
      expect(pipIn(envPath)).not.toBe(pipWheelVersion(PIP_WHEEL!));
      expect(wheelSends(index, /^pip\//)).toEqual(WHEELS.map((w) => [w, whole(w)]));
      expect(wheelSends(index, /^dlsetup/)).toEqual([]);
    } finally {
      delete process.env.DLSETUP_DATA_DIR;
      await index.close();
    }
  });
});
