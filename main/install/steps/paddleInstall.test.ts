import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompatData } from '../../../shared/plan/compatData.js';
import { resolvePlan } from '../../../shared/plan/resolvePlan.js';
import { InstallService } from '../installService.js';
import { shippedData } from '../../../testkit/plan/linuxPlan.js';
import { buildTestWheel, startTestIndex, type TestIndex } from '../../../testkit/install/wheelIndex.js';
import { isolatedPip } from '../../../testkit/install/isolatedPip.js';
import { testPlan } from '../../../testkit/install/testPlan.js';

// PaddlePaddle planned from data/paddlepaddle.json and installed by the plan's own framework step through real pip; the
// only stand-in is the index: a loopback copy of paddlepaddle.org.cn's packages/stable/cu126/ holding a small wheel of
// the same name and version (PyPI and paddlepaddle.org.cn are not reachable here).
const ROOT = '/packages/stable/cu126';
let tmp: string;
let index: TestIndex;
let restore: () => void;

beforeAll(async () => {
  ({ tmp, restore } = isolatedPip('dlsetup-paddle-'));
  const wheels = path.join(tmp, 'wheels');
  mkdirSync(wheels);
  buildTestWheel(wheels, 'paddlepaddle-gpu', '3.2.0', 200_000);
  index = await startTestIndex(wheels, { root: ROOT });
});

afterAll(async () => {
  await index.close();
  restore();
});

/** The shipped table with its cu126 index pointed at the loopback copy, as a mirror of paddlepaddle.org.cn would be. */
function dataWithLoopbackIndex(): CompatData {
  const table = structuredClone(shippedData.paddlepaddle);
  for (const release of table.releases) for (const gpu of release.gpu) if (gpu.name === 'cu126') gpu.indexUrl = `${index.url}${ROOT}/`;
  return { ...shippedData, paddlepaddle: table };
}

describe('PaddlePaddle through real pip', () => {
  it('the plan for an RTX 3060 installs paddlepaddle-gpu==3.2.0 from the cu126 index into a new venv', async () => {
    const plan = resolvePlan(dataWithLoopbackIndex(), { os: 'linux', arch: 'x86_64', gpuVendor: 'nvidia', gpuName: 'GeForce RTX 3060', driverVersion: '580.65.06' }, { framework: 'paddlepaddle' });
    const frameworkStep = plan.steps.find((step) => step.kind === 'framework')!;
    expect(frameworkStep.params).toMatchObject({ packages: ['paddlepaddle-gpu==3.2.0'], indexUrl: `${index.url}${ROOT}/` });

    const envPath = path.join(tmp, 'env');
    const python = '/usr/bin/python3';
    const run = testPlan(
      [
        { id: 'env', kind: 'python-env', title: 'Create the Python environment', elevated: false, params: { manager: 'venv', path: envPath, interpreter: python, minFreeBytes: 1e6 } },
        frameworkStep,
      ],
      plan.framework,
    );
    const service = new InstallService({ elevation: 'direct' });
    const { runId } = service.start(run);
    const status = await service.wait(runId);
    expect(status.error).toBeUndefined();
    expect(status.state).toBe('succeeded');
    expect(index.requests).toContain(`${ROOT}/paddlepaddle-gpu/`);
    const shown = execFileSync(path.join(envPath, 'bin', 'python'), ['-m', 'pip', 'show', 'paddlepaddle-gpu'], { encoding: 'utf8' });
    expect(shown).toMatch(/^Version: 3\.2\.0$/m);
  });
});
