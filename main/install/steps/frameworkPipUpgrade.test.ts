import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InstallService } from '../installService.js';
import { readJournal } from '../journal/runJournal.js';
import { runPlan } from '../../../testkit/install/runPlan.js';
import { testPlan } from '../../../testkit/install/testPlan.js';
import { markIndexesServingMetadata } from '../../../testkit/install/metadataOverlay.js';
import { isolatePipFromMachineConfig, newPipWheel, pipIn, pipWheelVersion, pythonVersionOf, saveEnv, VENV_PYTHON as PYTHON, venvWithPip, whyNoModernPip } from '../../../testkit/install/modernPip.js';
import { buildTestWheel, startTestIndex, type TestIndex } from '../../../testkit/install/wheelIndex.js';

/**
 * Which pip the framework step resolves with: an env this run created gets pip ≥ 25.3 from the step's own index and
 * the wheels come from DL Setup's downloader; a user's env keeps its older pip, which then downloads itself (said in
 * the log); a failed upgrade falls back the same way; a re-run after a cut re-uses the files already fetched.
 * Real pip, real venvs, a loopback index serving PEP 658 metadata (and, here, byte ranges).
 */

/** The pip `python -m venv` seeds (ensurepip's bundled wheel). */
const BUNDLED_PIP = PYTHON ? execFileSync(PYTHON, ['-c', 'import ensurepip; print(ensurepip.version())'], { encoding: 'utf8' }).trim() : '';
const BUNDLED_IS_OLD = /^(\d+)\.(\d+)/.test(BUNDLED_PIP) && (([a, b]) => a! < 25 || (a === 25 && b! < 3))(BUNDLED_PIP.split('.').map(Number));

const PIP_DIR = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-pipupgrade-'));
const PIP_WHEEL = PYTHON ? newPipWheel(PIP_DIR) : null;
const NEW_PIP = PIP_WHEEL ? pipWheelVersion(PIP_WHEEL) : '';
/** Why a test cannot run here, said in its name. */
const NEEDS = whyNoModernPip(PIP_WHEEL) || (!BUNDLED_IS_OLD ? `ensurepip bundles pip ${BUNDLED_PIP} (>= 25.3)` : '');

const PAYLOAD = 600_000;
const WHEELS = ['dlsetup_test_alpha-1.0-py3-none-any.whl', 'dlsetup_test_beta-2.0-py3-none-any.whl'];
let tmp: string;
/** The framework's wheels and pip's, as the step's index serves them. */
let withPip: string;
/** The framework's wheels only: an index where pip cannot be upgraded. */
let withoutPip: string;
const restoreEnv = saveEnv(['DLSETUP_HOME', 'DLSETUP_DOWNLOAD_RETRIES', 'PIP_EXTRA_INDEX_URL', 'PIP_FIND_LINKS', 'DLSETUP_DATA_DIR']);

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-pipupgrade-run-'));
  isolatePipFromMachineConfig(tmp);
  withoutPip = path.join(tmp, 'wheels');
  withPip = path.join(tmp, 'wheels-pip');
  mkdirSync(withoutPip);
  mkdirSync(withPip);
  for (const dir of [withoutPip, withPip]) {
    buildTestWheel(dir, 'dlsetup-test-alpha', '1.0', PAYLOAD);
    buildTestWheel(dir, 'dlsetup-test-beta', '2.0', PAYLOAD);
  }
  if (PIP_WHEEL) copyFileSync(PIP_WHEEL, path.join(withPip, path.basename(PIP_WHEEL)));
});

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
  rmSync(PIP_DIR, { recursive: true, force: true });
  restoreEnv();
});

const FRAMEWORK = { id: 'fw', kind: 'framework', title: 'Install the packages', elevated: false } as const;
const PACKAGES = ['dlsetup-test-alpha==1.0', 'dlsetup-test-beta'];

/** python-env (venv from the bundled pip) then framework: the env is this run's own. */
function createdEnvPlan(envPath: string, index: TestIndex) {
  return testPlan([
    { id: 'env', kind: 'python-env', title: 'Create the Python environment', elevated: false, params: { manager: 'venv', path: envPath, interpreter: PYTHON!, python: pythonVersionOf(PYTHON!), minFreeBytes: 1e6 } },
    { ...FRAMEWORK, params: { packages: PACKAGES, pypiMirror: `${index.url}/simple` } },
  ]);
}

/** framework alone, into an env the user made. */
function userEnvPlan(envPath: string, index: TestIndex) {
  return testPlan([{ ...FRAMEWORK, params: { packages: PACKAGES, envPath, pypiMirror: `${index.url}/simple` } }]);
}

/** Wheel GETs by who asked, by file name. */
function wheelFetches(index: TestIndex, agent: RegExp, names: readonly string[] = WHEELS): string[] {
  return index.log.filter((r) => names.includes(path.basename(r.path)) && agent.test(r.userAgent)).map((r) => path.basename(r.path)).sort();
}

function importsBoth(envPath: string): string {
  return execFileSync(path.join(envPath, 'bin', 'python'), ['-c', 'import dlsetup_test_alpha, dlsetup_test_beta; print(dlsetup_test_alpha.__version__, dlsetup_test_beta.__version__)'], { encoding: 'utf8' }).trim();
}

describe(`framework step: the pip it resolves with${NEEDS ? ` (skipped: ${NEEDS})` : ''}`, () => {
  it.skipIf(!!NEEDS)('upgrades the bundled pip of an env this run created, from the same index, then installs from our downloads', async () => {
    process.env.DLSETUP_HOME = path.join(tmp, 'home-created');
    const index = await startTestIndex(withPip, { coreMetadata: true });
    try {
      markIndexesServingMetadata(path.join(tmp, 'data-1'), [`${index.url}/simple`]);
      const envPath = path.join(tmp, 'env-created');
      const { runId, status, logs } = await runPlan(createdEnvPlan(envPath, index));
      expect(status.error, logs.join('\n')).toBeUndefined();
      expect(status.state).toBe('succeeded');

      // pip came from the step's index (pip fetched it), and says so in both steps of the log.
      expect(wheelFetches(index, /^pip\//, [path.basename(PIP_WHEEL!)])).toEqual([path.basename(PIP_WHEEL!)]);
      expect(logs.some((line) => line.startsWith(`Upgrading pip ${BUNDLED_PIP} to 25.3 or newer`))).toBe(true);
      expect(logs).toContain(`pip upgraded from ${BUNDLED_PIP} to ${NEW_PIP} in the environment this run created.`);
      expect(pipIn(envPath)).toBe(NEW_PIP);

      // Each framework wheel crossed the network once, fetched by DL Setup; pip installed them with no index.
      expect(wheelFetches(index, /^pip\//)).toEqual([]);
      expect(wheelFetches(index, /^dlsetup$/)).toEqual(WHEELS);
      expect(logs.some((line) => line.startsWith('$ ') && line.includes('--no-index') && WHEELS.every((w) => line.includes(`/${w}`)))).toBe(true);
      expect(logs.some((line) => line.includes('pip downloads the packages itself'))).toBe(false);
      expect(importsBoth(envPath)).toBe('1.0 2.0');

      // The journal says pip was upgraded in the env; rollback removes the env whole (it is the run's own).
      const upgraded = readJournal(runId).flatMap((e) => (e.t === 'change' && e.change.type === 'packages-upgraded' ? e.change.packages : []));
      expect(upgraded).toEqual([{ name: 'pip', from: BUNDLED_PIP, to: NEW_PIP }]);
      const undone = await new InstallService({ elevation: 'direct' }).rollback(runId);
      expect(undone.ok).toBe(true);
      expect(existsSync(envPath)).toBe(false);
    } finally {
      await index.close();
    }
  });

  it.skipIf(!!NEEDS)('leaves the older pip of a user\'s env alone: pip downloads itself and the log says why', async () => {
    process.env.DLSETUP_HOME = path.join(tmp, 'home-user');
    const index = await startTestIndex(withPip, { coreMetadata: true });
    try {
      markIndexesServingMetadata(path.join(tmp, 'data-2'), [`${index.url}/simple`]);
      const envPath = path.join(tmp, 'env-user');
      execFileSync(PYTHON!, ['-m', 'venv', envPath]);
      const { status, logs } = await runPlan(userEnvPlan(envPath, index));
      expect(status.state, logs.join('\n')).toBe('succeeded');
      expect(logs).toContain(`${envPath} is an environment this run did not create, so DL Setup leaves its pip ${BUNDLED_PIP} as it is.`);
      expect(logs.some((line) => line.startsWith(`pip ${BUNDLED_PIP} downloads every package during its dry run`))).toBe(true);
      expect(pipIn(envPath)).toBe(BUNDLED_PIP);
      expect(wheelFetches(index, /./, [path.basename(PIP_WHEEL!)])).toEqual([]);
      // pip fetched each wheel itself, DL Setup none.
      expect(wheelFetches(index, /^pip\//)).toEqual(WHEELS);
      expect(wheelFetches(index, /^dlsetup/)).toEqual([]);
      expect(importsBoth(envPath)).toBe('1.0 2.0');
    } finally {
      await index.close();
    }
  });

  it.skipIf(!!NEEDS)('falls back to pip downloading, with the reason, when the index has no newer pip', async () => {
    process.env.DLSETUP_HOME = path.join(tmp, 'home-nopip');
    const index = await startTestIndex(withoutPip, { coreMetadata: true });
    try {
      markIndexesServingMetadata(path.join(tmp, 'data-3'), [`${index.url}/simple`]);
      const envPath = path.join(tmp, 'env-nopip');
      const { status, logs } = await runPlan(createdEnvPlan(envPath, index));
      expect(status.state, logs.join('\n')).toBe('succeeded');
      const failed = logs.find((line) => line.startsWith(`pip ${BUNDLED_PIP} could not be upgraded to 25.3 or newer (`));
      expect(failed, logs.join('\n')).toMatch(/No matching distribution found for pip>=25\.3/);
      expect(logs.some((line) => line.startsWith(`pip ${BUNDLED_PIP} downloads every package during its dry run`))).toBe(true);
      expect(pipIn(envPath)).toBe(BUNDLED_PIP);
      expect(wheelFetches(index, /^pip\//)).toEqual(WHEELS);
      expect(wheelFetches(index, /^dlsetup/)).toEqual([]);
      expect(importsBoth(envPath)).toBe('1.0 2.0');
    } finally {
      await index.close();
    }
  });

  it.skipIf(!!NEEDS)('re-uses the finished and the partial file after a cut: no byte fetched twice', async () => {
    process.env.DLSETUP_HOME = path.join(tmp, 'home-cut');
    process.env.DLSETUP_DOWNLOAD_RETRIES = '0';
    const index = await startTestIndex(withPip, { coreMetadata: true });
    try {
      markIndexesServingMetadata(path.join(tmp, 'data-4'), [`${index.url}/simple`]);
      index.ranges = true;
      const CUT = 200_000;
      index.cuts.set(WHEELS[1]!, CUT);
      const envPath = path.join(tmp, 'env-cut');
      venvWithPip(PYTHON!, envPath, PIP_WHEEL!);
      const sizes = Object.fromEntries(WHEELS.map((w) => [w, statSync(path.join(withPip, w)).size]));

      const first = await runPlan(userEnvPlan(envPath, index), new InstallService({ elevation: 'direct', retries: 0 }));
      expect(first.status.state, first.logs.join('\n')).toBe('failed');
      const firstCount = index.log.length;
      const ours = (from: number) => index.log.slice(from).filter((r) => r.userAgent === 'dlsetup' && WHEELS.includes(path.basename(r.path)));
      // Run 1: alpha whole, beta cut after CUT bytes.
      expect(ours(0).map((r) => [path.basename(r.path), r.sent])).toEqual(expect.arrayContaining([[WHEELS[0], sizes[WHEELS[0]!]], [WHEELS[1], CUT]]));

      const second = await runPlan(userEnvPlan(envPath, index));
      expect(second.status.state, second.logs.join('\n')).toBe('succeeded');
      // Run 2: alpha not fetched again; beta from where the cut left it, to its end.
      const again = ours(firstCount);
      expect(again.map((r) => [path.basename(r.path), r.range, r.sent])).toEqual([[WHEELS[1], `bytes=${CUT}-`, sizes[WHEELS[1]!]! - CUT]]);
      const total = ours(0).reduce((sum, r) => sum + r.sent, 0);
      expect(total).toBe(sizes[WHEELS[0]!]! + sizes[WHEELS[1]!]!);
      expect(wheelFetches(index, /^pip\//)).toEqual([]);
      expect(importsBoth(envPath)).toBe('1.0 2.0');
    } finally {
      delete process.env.DLSETUP_DOWNLOAD_RETRIES;
      await index.close();
    }
  });
});
