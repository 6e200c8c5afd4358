/*
 * Issue 32: what a plan found on its index is what gets installed. The framework step writes the plan's files with
 * their sha256 and runs real pip with --require-hashes against a loopback index of real wheels built here: the right
 * hash installs, a hash that differs stops pip before anything is installed.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plan } from '../../shared/types/plan.js';
import { buildTestWheel, startTestIndex, type TestIndex } from '../../testkit/install/wheelIndex.js';
import { isolatedPip } from '../../testkit/install/isolatedPip.js';
import { testPlan } from '../../testkit/install/testPlan.js';
import { InstallService } from './installService.js';

let tmp: string;
let wheel: string;
let index: TestIndex;
let restore: () => void;

beforeAll(async () => {
  ({ tmp, restore } = isolatedPip('dlsetup-pins-'));
  mkdirSync(path.join(tmp, 'wheels'));
  wheel = buildTestWheel(path.join(tmp, 'wheels'), 'dlsetup-test-pinned', '1.0', 50_000);
  index = await startTestIndex(path.join(tmp, 'wheels'));
});

afterAll(async () => {
  await index.close();
  restore();
});

function pinnedPlan(envPath: string, sha256: string): Plan {
  const filename = path.basename(wheel);
  const plan = testPlan(
    [
      { id: 'env', kind: 'python-env', title: 'Create the Python environment', elevated: false, params: { manager: 'venv', path: envPath, interpreter: 'python3', minFreeBytes: 1e6 } },
      { id: 'fw', kind: 'framework', title: 'Install the packages', elevated: false, params: { packages: ['dlsetup-test-pinned==1.0'], pypiMirror: `${index.url}/simple` } },
    ],
    { packages: ['dlsetup-test-pinned==1.0'] },
  );
  const file = { name: 'dlsetup-test-pinned', version: '1.0', filename, url: `${index.url}/files/${filename}`, size: 50_000, sha256 };
  return { ...plan, index: { status: 'resolved', indexes: [`${index.url}/simple`], files: [file], requests: 1, ms: 1 } };
}

async function run(plan: Plan) {
  const service = new InstallService({ elevation: 'direct' });
  const { runId } = service.start(plan);
  return service.wait(runId);
}

const realHash = () => createHash('sha256').update(readFileSync(wheel)).digest('hex');
const pythonWithVenv = (() => {
  try {
    return execFileSync('python3', ['-c', 'import venv, ensurepip; print(1)'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() === '1';
  } catch {
    return false;
  }
})();

describe('an install pins what the plan found on its index (issue 32)', () => {
  it.skipIf(!pythonWithVenv)('the planned hash installs, through a requirements file pip checks with --require-hashes', async () => {
    const envPath = path.join(tmp, 'env-ok');
    const status = await run(pinnedPlan(envPath, realHash()));
    expect(status.error).toBeUndefined();
    expect(status.state).toBe('succeeded');
    expect(readFileSync(path.join(envPath, 'dlsetup-pinned-requirements.txt'), 'utf8')).toBe(`dlsetup-test-pinned==1.0 --hash=sha256:${realHash()}\n`);
    expect(existsSync(path.join(envPath, 'lib'))).toBe(true);
  });

  it.skipIf(!pythonWithVenv)('a file whose hash differs from the plan is refused, and nothing of it is installed', async () => {
    const envPath = path.join(tmp, 'env-tampered');
    const status = await run(pinnedPlan(envPath, '0'.repeat(64)));
    expect(status.state).toBe('failed');
    const fw = status.steps.find((step) => step.id === 'fw')!;
    expect(fw.state).toBe('failed');
    // pip's own refusal, carried to the person: the bytes are not the ones the plan found.
    expect(status.error?.code).toBe('CHECKSUM_MISMATCH');
    expect(status.error?.message).toContain('its sha256 differs');
    const imported = (() => {
      try {
        execFileSync(path.join(envPath, 'bin', 'python'), ['-c', 'import dlsetup_test_pinned'], { stdio: 'ignore' });
        return true;
      } catch {
        return false;
      }
    })();
    expect(imported).toBe(false);
  });
});
