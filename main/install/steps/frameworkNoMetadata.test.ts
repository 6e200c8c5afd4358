import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProgressEvent } from '../../../shared/types/install.js';
import type { MirrorTable } from '../../../shared/types/mirrors.js';
import { InstallService } from '../installService.js';
import { overlayDataTable } from '../../../testkit/install/dataOverlay.js';
import { testPlan } from '../../../testkit/install/testPlan.js';
import { buildTestWheel, startTestIndex, type TestIndex } from '../../../testkit/install/wheelIndex.js';

/**
 * An index without PEP 658 metadata (TUNA: tuna/issues#1775): pip ≥ 25.3's dry run would download every wheel, and
 * DL Setup would fetch each again. The step lets pip download once, itself, says why, and upgrades no pip.
 * Real pip, real venvs; a loopback index WITHOUT metadata stands in for TUNA's row of data/mirrors.json (overlay).
 */

const PYTHON = [process.env.DLSETUP_TEST_PYTHON, '/root/.pyenv/versions/3.13.0/bin/python3.13', 'python3.13', 'python3'].find((candidate) => {
  try {
    return !!candidate && execFileSync(candidate, ['-c', 'import venv, ensurepip; print(1)'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() === '1';
  } catch {
    return false;
  }
});

/** A pip ≥ 25.3 wheel from this machine's own pip configuration (a local index or wheel folder), or none. */
function newPipWheel(dir: string): string | null {
  try {
    execFileSync('python3', ['-m', 'pip', 'download', 'pip>=25.3', '--no-deps', '-d', dir, '--retries', '0', '--timeout', '5', '-q'], { stdio: 'ignore', timeout: 60_000 });
    const wheel = readdirSync(dir).find((file) => /^pip-.*\.whl$/.test(file));
    return wheel ? path.join(dir, wheel) : null;
  } catch {
    return null;
  }
}

const PIP_DIR = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-nometa-pip-'));
const PIP_WHEEL = PYTHON ? newPipWheel(PIP_DIR) : null;
const NEEDS = !PYTHON ? 'no Python with venv + ensurepip' : !PIP_WHEEL ? 'no pip >= 25.3 wheel on this machine\'s package index' : '';

const WHEELS = ['dlsetup_test_alpha-1.0-py3-none-any.whl', 'dlsetup_test_beta-2.0-py3-none-any.whl'];
const TUNA_NAME = 'Tsinghua University TUNA (China)';
let tmp: string;
let wheels: string;
const savedEnv = { home: process.env.DLSETUP_HOME, data: process.env.DLSETUP_DATA_DIR, extraIndex: process.env.PIP_EXTRA_INDEX_URL, findLinks: process.env.PIP_FIND_LINKS };

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-nometa-'));
  // Only the step's index: this machine's pip configuration (global extra-index-url, find-links) is overridden with an empty folder.
  mkdirSync(path.join(tmp, 'empty'));
  process.env.PIP_EXTRA_INDEX_URL = `file://${path.join(tmp, 'empty')}`;
  process.env.PIP_FIND_LINKS = path.join(tmp, 'empty');
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
  for (const [name, value] of [['DLSETUP_HOME', savedEnv.home], ['DLSETUP_DATA_DIR', savedEnv.data], ['PIP_EXTRA_INDEX_URL', savedEnv.extraIndex], ['PIP_FIND_LINKS', savedEnv.findLinks]] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

/** data/mirrors.json with TUNA's index at the loopback server; its coreMetadata (false) stays the real row's. */
function tunaAt(index: TestIndex, dir: string): void {
  overlayDataTable<MirrorTable>(path.join(tmp, dir), 'mirrors', (table) => {
    const tuna = table.mirrors.find((row) => row.id === 'tuna')!;
    tuna.pypiIndexUrl = `${index.url}/simple`;
    delete tuna.files;
  });
}

function pythonVersion(): string {
  return execFileSync(PYTHON!, ['-c', 'import sys; print("%d.%d" % sys.version_info[:2])'], { encoding: 'utf8' }).trim();
}

function pipIn(envPath: string): string {
  return /^pip (\S+)/.exec(execFileSync(path.join(envPath, 'bin', 'python'), ['-m', 'pip', '--version'], { encoding: 'utf8' }))![1]!;
}

const FRAMEWORK = { id: 'fw', kind: 'framework', title: 'Install the packages', elevated: false } as const;
const PACKAGES = ['dlsetup-test-alpha==1.0', 'dlsetup-test-beta'];

async function run(plan: ReturnType<typeof testPlan>) {
  const service = new InstallService({ elevation: 'direct' });
  const events: ProgressEvent[] = [];
  const off = service.onProgress((event) => events.push(event));
  const { runId } = service.start(plan);
  const status = await service.wait(runId);
  off();
  const logs = events.filter((e): e is Extract<ProgressEvent, { type: 'step-log' }> => e.type === 'step-log').map((e) => e.line);
  return { status, logs };
}

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
      execFileSync(PYTHON!, ['-m', 'venv', envPath]);
      execFileSync(path.join(envPath, 'bin', 'python'), ['-m', 'pip', 'install', '-q', '--no-index', '--disable-pip-version-check', PIP_WHEEL!]);
      const { status, logs } = await run(testPlan([{ ...FRAMEWORK, params: { packages: PACKAGES, envPath, pypiMirror: 'tuna' } }]));
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
      const { status, logs } = await run(testPlan([
        { id: 'env', kind: 'python-env', title: 'Create the Python environment', elevated: false, params: { manager: 'venv', path: envPath, interpreter: PYTHON!, python: pythonVersion(), minFreeBytes: 1e6 } },
        { ...FRAMEWORK, params: { packages: PACKAGES, pypiMirror: 'tuna' } },
      ]));
      expect(status.state, logs.join('\n')).toBe('succeeded');
      expect(logs).toContain(TUNA_LINE(`${index.url}/simple`));
      expect(logs.some((line) => line.startsWith('Upgrading pip'))).toBe(false);
      expect(index.log.filter((r) => path.basename(r.path) === path.basename(PIP_WHEEL!))).toEqual([]);
      expect(pipIn(envPath)).not.toBe(/^pip-([^-]+)-/.exec(path.basename(PIP_WHEEL!))![1]);
      expect(wheelSends(index, /^pip\//)).toEqual(WHEELS.map((w) => [w, whole(w)]));
      expect(wheelSends(index, /^dlsetup/)).toEqual([]);
    } finally {
      delete process.env.DLSETUP_DATA_DIR;
      await index.close();
    }
  });
});
