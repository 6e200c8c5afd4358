import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatePipFromMachineConfig, newPipWheel, saveEnv, VENV_PYTHON as PYTHON, venvWithPip, whyNoModernPip } from '../../../testkit/install/modernPip.js';
import { runPlan } from '../../../testkit/install/runPlan.js';
import { testPlan } from '../../../testkit/install/testPlan.js';
import { buildTestWheel, startTestIndex } from '../../../testkit/install/wheelIndex.js';

/**
 * The step names no index, but the user's ~/.config/pip/pip.conf sets index-url to a server data/mirrors.json does not
 * know (a company index, say): pip ≥ 25.3 would download every wheel in its dry run there, so the step must see that
 * index (asked of the env's own pip) and let pip download once, itself, naming it. Real pip, a real pip.conf.
 */
const PIP_DIR = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-pipconf-pip-'));
const PIP_WHEEL = PYTHON ? newPipWheel(PIP_DIR) : null;
const NEEDS = whyNoModernPip(PIP_WHEEL);
let tmp: string;
const restoreEnv = saveEnv(['HOME', 'XDG_CONFIG_HOME', 'PIP_CONFIG_FILE', 'DLSETUP_HOME', 'PIP_EXTRA_INDEX_URL', 'PIP_FIND_LINKS', 'PIP_INDEX_URL']);

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-pipconf-step-'));
  isolatePipFromMachineConfig(tmp);
  for (const name of ['XDG_CONFIG_HOME', 'PIP_CONFIG_FILE', 'PIP_INDEX_URL']) delete process.env[name];
  process.env.HOME = path.join(tmp, 'home');
  process.env.DLSETUP_HOME = path.join(tmp, 'dlsetup-home');
});

afterAll(() => {
  restoreEnv();
  rmSync(tmp, { recursive: true, force: true });
  rmSync(PIP_DIR, { recursive: true, force: true });
});

describe(`framework step with an index added by the user's pip.conf${NEEDS ? ` (skipped: ${NEEDS})` : ''}`, () => {
  it.skipIf(!!NEEDS)('sees the configured index, says pip downloads itself, and pip fetches each wheel once', async () => {
    const wheels = path.join(tmp, 'wheels');
    mkdirSync(wheels);
    buildTestWheel(wheels, 'dlsetup-test-alpha', '1.0', 300_000);
    const index = await startTestIndex(wheels, { coreMetadata: true });
    try {
      const configured = `${index.url}/simple`;
      mkdirSync(path.join(tmp, 'home', '.config', 'pip'), { recursive: true });
      writeFileSync(path.join(tmp, 'home', '.config', 'pip', 'pip.conf'), `[global]\nindex-url = ${configured}\n`);
      const envPath = path.join(tmp, 'env');
      venvWithPip(PYTHON!, envPath, PIP_WHEEL!);
      const { status, logs } = await runPlan(testPlan([{ id: 'fw', kind: 'framework', title: 'Install the packages', elevated: false, params: { packages: ['dlsetup-test-alpha==1.0'], envPath } }]));
      expect(status.state, logs.join('\n')).toBe('succeeded');
      expect(logs.some((line) => line.includes('-m pip config list'))).toBe(true);
      expect(logs.some((line) => line.includes(configured) && line.includes('PEP 658'))).toBe(true);
      expect(logs.some((line) => line.includes('--dry-run'))).toBe(false);
      const fetched = index.log.filter((r) => r.path.endsWith('.whl')).map((r) => r.userAgent.split('/')[0]);
      expect(fetched).toEqual(['pip']);
      expect(execFileSync(path.join(envPath, 'bin', 'python'), ['-c', 'import dlsetup_test_alpha; print(dlsetup_test_alpha.__version__)'], { encoding: 'utf8' }).trim()).toBe('1.0');
    } finally {
      await index.close();
    }
  });
});
