/*
 * Issue 30: environments already on the machine that satisfy the request are offered for reuse. Expected answers written
 * from the verdicts verifyAllEnvironments.test.ts states for the same GT 1030 (sm_61) on driver 470.74 before this code:
 * of the eight environments only torch-cu118 (torch 2.1.2+cu118) has a PyTorch CUDA build that runs there
 * (torch-pypi-cu121 needs driver 530.30.02, llm-train's 2.8.0+cu128 has no sm_61 code, torch-cpu is a CPU build,
 * broken-torch lost libtorch_cuda.so); tf-and-cuda's TensorFlow 2.16.1 and jax-cuda12's JAX 0.4.30 need a CUDA 12 driver.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planSchema } from '../../../shared/schema/planSchema.js';
import * as v from 'valibot';
import { createSimulatedHost, withSimulatedHost, type SimulatedHost } from '../../../testkit/simulatedHost.js';
import { EIGHT_ENVIRONMENTS, environmentFiles, environmentPrefix } from '../../../testkit/verify/environments.js';
import { GT1030_FILES } from '../../../testkit/verify/gt1030Host.js';
import type { PlanResolveRequest } from '../../../shared/ipc/contract.js';
import { formatPlan } from '../../plan/formatPlan.js';
import { planWithReuse } from './planWithReuse.js';

let host: SimulatedHost;
beforeAll(async () => {
  host = await createSimulatedHost({
    isolatePath: true,
    files: { ...GT1030_FILES, ...environmentFiles(EIGHT_ENVIRONMENTS) },
    tools: { 'nvidia-smi': { stdout: { fixture: 'nvidia-smi-xml/gt1030_driver470.74.xml' } } },
  });
}, 60_000);
afterAll(() => host?.cleanup());

const plan = (request: PlanResolveRequest) => withSimulatedHost(host, () => planWithReuse(request));
const CU118 = `${environmentPrefix('torch-cu118')}/bin/python`;

describe('plan offers an environment that already works (GT 1030, driver 470.74, eight environments)', () => {
  it('PyTorch: only torch-cu118, with how to use it and how to prove it (en, zh-CN)', async () => {
    const en = await plan({ framework: 'pytorch', locale: 'en' });
    expect(en.reuse).toEqual([{ name: 'torch-cu118', path: CU118, kind: 'conda', python: '3.10.14', version: '2.1.2+cu118', variant: 'cu118' }]);
    const text = formatPlan(en, { color: false, locale: 'en' });
    expect(text).toContain('Already on this machine');
    expect(text).toContain('torch-cu118 (conda environment, Python 3.10.14): PyTorch 2.1.2+cu118 runs on this GPU and driver, judged from its installed packages.');
    expect(text).toContain(`Use it instead of installing: conda activate ${environmentPrefix('torch-cu118')}`);
    expect(text).toContain(`Prove it on this machine: dlsetup verify --python ${CU118}`);
    const zh = formatPlan(await plan({ framework: 'pytorch', locale: 'zh-CN' }), { color: false, locale: 'zh-CN' });
    expect(zh).toContain('本机已有可用的环境');
    expect(zh).toContain('torch-cu118（conda 环境，Python 3.10.14）：PyTorch 2.1.2+cu118 可在这块 GPU 和当前驱动上运行');
    expect(zh).toContain('不再安装、直接使用它：conda activate');
  });

  it('a plan file carrying it is still a plan install accepts', async () => {
    const en = await plan({ framework: 'pytorch', locale: 'en' });
    expect(v.safeParse(planSchema, JSON.parse(JSON.stringify(en))).success).toBe(true);
  });

  it('a pinned version is satisfied only by that release', async () => {
    expect((await plan({ framework: 'pytorch', frameworkVersion: '2.1', locale: 'en' })).reuse?.map((env) => env.name)).toEqual(['torch-cu118']);
    expect((await plan({ framework: 'pytorch', frameworkVersion: '2.8', locale: 'en' })).reuse).toBeUndefined();
  });

  it('nothing for TensorFlow or JAX, whose CUDA 12 builds need a newer driver; nothing for a what-if', async () => {
    expect((await plan({ framework: 'tensorflow', locale: 'en' })).reuse).toBeUndefined();
    expect((await plan({ framework: 'jax', locale: 'en' })).reuse).toBeUndefined();
    expect((await plan({ framework: 'pytorch', locale: 'en', overrides: { gpu: 'GT 1030', driver: '470.74' } })).reuse).toBeUndefined();
  });
});
