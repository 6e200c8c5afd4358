/*
 * What a pin names is what gets installed, against the sources (issue 16): a yanked JAX release is refused with the next
 * one offered, "+cpu" gives the CPU build on a GPU machine, and JAX releases before the PyPI plugins get their CUDA jaxlib
 * from JAX's find-links page with the extra their installation docs name.
 */
import { describe, expect, it } from 'vitest';
import { planSchema } from '../schema/planSchema.js';
import { checkSchema } from '../schema/checkSchema.js';
import type { HardwareProfile, Plan, PlanRequest } from '../types/plan.js';
import { resolvePlan } from './resolvePlan.js';
import { shippedData } from '../../testkit/plan/linuxPlan.js';

const data = shippedData;
const rtx3090: HardwareProfile = { os: 'linux', arch: 'x86_64', gpuVendor: 'nvidia', gpuName: 'GeForce RTX 3090', computeCapability: '8.6', driverVersion: '550.54.14' };
const plan = (request: PlanRequest, profile: HardwareProfile = rtx3090, locale: 'en' | 'zh-CN' = 'en'): Plan => resolvePlan(data, profile, request, { locale });
const FIND_LINKS = 'https://storage.googleapis.com/jax-releases/jax_cuda_releases.html';

describe('yanked releases', () => {
  // jax-ml/jax CHANGELOG.md @ cec06d11 L1119: "## jax 0.4.32 (September 11, 2024) / Note: This release was yanked from
  // PyPi because of a data corruption bug on TPU." L1121: 0.4.33 is the fix. L2386: "## jax 0.4.0 (Dec 12, 2022) /
  // * The release was yanked."
  it('refuses a pin on jax 0.4.32 and 0.4.0, names the maintainers\' yank and offers the next release', () => {
    for (const [pin, next] of [['0.4.32', '0.4.33'], ['0.4.0', '0.4.1']] as const) {
      for (const profile of [rtx3090, { os: 'linux', arch: 'x86_64', gpuVendor: 'none', driverVersion: null } as HardwareProfile]) {
        const p = plan({ framework: 'jax', frameworkVersion: pin }, profile);
        expect(p.status, pin).toBe('blocked');
        expect(p.blockers[0]).toMatchObject({ code: 'RELEASE_YANKED', alternative: { framework: 'jax', frameworkVersion: next } });
        expect(p.blockers[0]!.message).toBe(`JAX ${pin} was yanked from PyPI by its maintainers, so DL Setup does not install it; the next release, JAX ${next}, is the one to use.`);
        expect(plan(p.blockers[0]!.alternative!, profile).framework.version).toBe(next);
      }
    }
    const zh = plan({ framework: 'jax', frameworkVersion: '0.4.32' }, rtx3090, 'zh-CN');
    expect(zh.blockers[0]!.message).toMatch(/0\.4\.32.*撤回.*0\.4\.33/);
  });

  it('never plans a yanked release for a minor pin or an older GPU', () => {
    // "0.4" names all of 0.4.x; the newest that fits is never a yanked one, whatever the machine.
    for (const cc of ['5.2', '6.1', '7.0', '8.6', '9.0']) {
      const p = plan({ framework: 'jax', frameworkVersion: '0.4' }, { ...rtx3090, gpuName: undefined, computeCapability: cc });
      expect(['0.4.0', '0.4.32']).not.toContain(p.framework.version);
    }
  });
});

describe('a +cpu pin on a GPU machine', () => {
  // pytorch/pytorch.github.io _get_started/previous-versions.md @ 04862e37, v2.0.1 "Linux and Windows": "# CPU only /
  // pip install torch==2.0.1+cpu torchvision==0.15.2+cpu torchaudio==2.0.2 --index-url https://download.pytorch.org/whl/cpu";
  // the +cpu build is one of the listed builds, beside CUDA 11.7 and 11.8, on a machine that has a GPU as on one that has not.
  it('installs the CPU build from the cpu index, leaves the driver alone and says it was asked for', () => {
    expect(plan({ framework: 'pytorch', frameworkVersion: '2.0+cpu' }).framework).toMatchObject({ version: '2.0.1', variant: 'cpu', indexUrl: 'https://download.pytorch.org/whl/cpu' });
    const p = plan({ framework: 'pytorch', frameworkVersion: '2.7+cpu' });
    expect(p.status).toBe('ok');
    expect(p.framework).toMatchObject({ version: '2.7.1', variant: 'cpu', indexUrl: 'https://download.pytorch.org/whl/cpu' });
    expect(p.framework.cuda).toBeUndefined();
    expect(p.driver.action).toBe('none');
    expect(p.steps.map((s) => s.kind)).toEqual(['python-env', 'framework']);
    expect(p.reasons).toContain('You asked for the cpu build of PyTorch, so this plan installs it: it runs on the CPU and will not use your GPU.');
    expect(plan({ framework: 'pytorch', frameworkVersion: '2.7+cpu' }, rtx3090, 'zh-CN').reasons.join('\n')).toMatch(/你指定了 PyTorch 的 cpu 构建/);
  });

  it('does the same for a full version and for TensorFlow and JAX', () => {
    expect(plan({ framework: 'pytorch', frameworkVersion: '2.9.1+cpu' }).framework).toMatchObject({ version: '2.9.1', variant: 'cpu' });
    expect(plan({ framework: 'tensorflow', frameworkVersion: '2.15+cpu' }).framework).toMatchObject({ variant: 'cpu', packages: [expect.stringMatching(/^tensorflow==2\.15\./)] });
    expect(plan({ framework: 'jax', frameworkVersion: '0.6.2+cpu' }).framework).toMatchObject({ version: '0.6.2', variant: 'cpu', packages: ['jax==0.6.2'] });
  });
});

describe('JAX before the PyPI CUDA plugins (< 0.4.26): CUDA jaxlib from the find-links page', () => {
  // jax-ml/jax docs/installation.md @ jax-v0.4.20 (e22b8bbc) L84-88: 'pip install --upgrade "jax[cuda12_pip]" -f
  // https://storage.googleapis.com/jax-releases/jax_cuda_releases.html' and the same with cuda11_pip; L64: 'the driver
  // must be version >= 525.60.13 for CUDA 12 and >= 450.80.02 for CUDA 11 on Linux'; L117-118: 'CUDA 12.2, cuDNN 8.9' /
  // 'CUDA 11.8, cuDNN 8.6'.
  it('plans jax 0.4.20 as a cuda12_pip GPU build with -f on a CUDA 12 driver, and cuda11_pip on a CUDA 11 one', () => {
    const p = plan({ framework: 'jax', frameworkVersion: '0.4.20' });
    expect(p.status).toBe('ok');
    expect(p.framework).toMatchObject({ version: '0.4.20', variant: 'cuda12_pip', cuda: '12.2', cudnn: '8.9', findLinks: FIND_LINKS, packages: ['jax[cuda12_pip]==0.4.20'] });
    expect(p.driver).toMatchObject({ action: 'keep', minimum: '525.60.13' });
    const step = p.steps.find((s) => s.kind === 'framework')!;
    expect(step.title).toBe(`pip install jax[cuda12_pip]==0.4.20 -f ${FIND_LINKS}`);
    expect(step.params.findLinks).toEqual([FIND_LINKS]);
    expect(p.reasons.join('\n')).toContain(`pip needs -f ${FIND_LINKS}`);
    expect(checkSchema(planSchema, p).ok).toBe(true);

    const cuda11 = plan({ framework: 'jax', frameworkVersion: '0.4.20' }, { ...rtx3090, driverVersion: '470.82.01' });
    expect(cuda11.framework).toMatchObject({ variant: 'cuda11_pip', cuda: '11.8', cudnn: '8.6', packages: ['jax[cuda11_pip]==0.4.20'] });
    expect(cuda11.driver).toMatchObject({ action: 'keep', minimum: '450.80.02' });
  });

  // jax-ml/jax README.md @ jax-v0.4.5 (a002643a) L458: 'pip install --upgrade "jax[cuda]" -f
  // https://storage.googleapis.com/jax-releases/jax_cuda_releases.html' ('Installs the wheel compatible with CUDA 11 and
  // cuDNN 8.6 or newer'; 'you must first install CUDA and CuDNN'; cuda11_cudnn86 'compatible with Cuda >= 11.8').
  it('plans jax 0.4.5 as jax[cuda] with a system CUDA 11.8 and cuDNN 8.6, and refuses it under --method wheels', () => {
    const p = plan({ framework: 'jax', frameworkVersion: '0.4.5' });
    expect(p.status).toBe('ok');
    expect(p.method).toBe('system');
    expect(p.framework).toMatchObject({ variant: 'cuda', packages: ['jax[cuda]==0.4.5'], findLinks: FIND_LINKS });
    expect(p.cudaToolkit.version).toMatch(/^11\.8\./);
    expect(p.cudnn).toMatchObject({ action: 'install', version: '8.6' });
    expect(p.reasons.join('\n')).not.toContain('TensorFlow');
    const wheels = plan({ framework: 'jax', frameworkVersion: '0.4.5', method: 'wheels' });
    expect(wheels.blockers[0]).toMatchObject({ code: 'METHOD_UNSUPPORTED', message: expect.stringContaining('JAX 0.4.5 cuda does not bring CUDA') });
  });

  it('has no such build on Linux aarch64 (CUDA wheels were Linux x86_64 only)', () => {
    // README.md @ jax-v0.4.14 L444: "JAX provides pre-built CUDA-compatible wheels for **Linux x86_64 only**."
    const arm = plan({ framework: 'jax', frameworkVersion: '0.4.20' }, { ...rtx3090, arch: 'aarch64' });
    expect(arm.blockers[0]?.code).toBe('NO_GPU_BUILD_ON_PLATFORM');
    expect(plan({ framework: 'jax', frameworkVersion: '0.4.20+cpu' }, { ...rtx3090, arch: 'aarch64' }).framework).toMatchObject({ variant: 'cpu', packages: ['jax==0.4.20'] });
  });
});
