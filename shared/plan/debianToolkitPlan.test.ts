import { describe, expect, it } from 'vitest';
import type { Plan } from '../types/plan.js';
import { linuxPlan, planSentences, shippedData } from '../../testkit/plan/linuxPlan.js';
import { resolvePlan } from './resolvePlan.js';

// Debian's nvidia-cuda-toolkit 11.8 (nvcc V11.8.89, fixtures/debian-cuda-toolkit/) is spread over /usr: no
// /usr/local/cuda-11.8 exists for CUDA_HOME to name.
const RTX4090 = 'NVIDIA GeForce RTX 4090';
const DEBIAN_ONLY = { cudaToolkits: ['11.8.89'], debianCudaToolkit: '11.8.89' };
const BOTH = { cudaToolkits: ['13.0.88', '11.8.89'], debianCudaToolkit: '11.8.89' };
const envVars = (plan: Plan) => plan.steps.find((step) => step.kind === 'env-vars')?.params;

describe("system plans beside Debian's nvidia-cuda-toolkit", () => {
  it('a CUDA 11.7 build (PyTorch 2.0): Debian\'s 11.8 would serve it by minor version compatibility, but the plan installs 11.7 in /usr/local/cuda-11.7 and says why', () => {
    const plan = linuxPlan(RTX4090, '590.48.01', { framework: 'pytorch', frameworkVersion: '2.0', method: 'system' }, DEBIAN_ONLY);
    expect(plan.framework.cuda).toMatch(/^11\.7/);
    expect(plan.cudaToolkit).toEqual({ action: 'install', version: '11.7.1' });
    expect(envVars(plan)).toMatchObject({ CUDA_HOME: '/usr/local/cuda-11.7', pathPrepend: ['/usr/local/cuda-11.7/bin'], libraryPathPrepend: ['/usr/local/cuda-11.7/lib64'] });
    expect(JSON.stringify(plan.steps)).not.toContain('/usr/local/cuda-11.8');
    expect(plan.steps.find((step) => step.kind === 'cuda-toolkit')?.params).toMatchObject({ installPath: '/usr/local/cuda-11.7', keep: ['11.8.89'] });
    const text = planSentences(plan);
    expect(text).toContain("Debian's CUDA 11.8.89 would serve this CUDA 11.7 build, but it is not kept");
    expect(text).toContain("its /usr/bin/nvcc would otherwise run instead of CUDA 11.7.1's nvcc: the DL Setup environment puts /usr/local/cuda-11.7/bin first on PATH");
  });

  it('the same toolkit not from Debian (a /usr/local/cuda-11.8 of its own) is kept, as before', () => {
    const plan = linuxPlan(RTX4090, '590.48.01', { framework: 'pytorch', frameworkVersion: '2.0', method: 'system' }, { cudaToolkits: ['11.8.89'] });
    expect(plan.cudaToolkit).toEqual({ action: 'keep', version: '11.8.89' });
    expect(envVars(plan)).toMatchObject({ CUDA_HOME: '/usr/local/cuda-11.8' });
    expect(planSentences(plan)).not.toContain('Debian');
  });

  it("Debian's 11.8 and NVIDIA's 13.0.88 in /usr/local/cuda-13.0, newest PyTorch (cu130): 13.0.88 is kept and put first on PATH, the shadowing said", () => {
    const plan = linuxPlan(RTX4090, '590.48.01', { framework: 'pytorch', method: 'system' }, BOTH);
    expect(plan.framework.cuda).toMatch(/^13\.0/);
    expect(plan.cudaToolkit).toEqual({ action: 'keep', version: '13.0.88' });
    expect(plan.steps.map((step) => step.kind)).not.toContain('cuda-toolkit');
    expect(envVars(plan)).toMatchObject({ CUDA_HOME: '/usr/local/cuda-13.0', pathPrepend: ['/usr/local/cuda-13.0/bin'] });
    const text = planSentences(plan);
    expect(text).toContain("Debian's nvidia-cuda-toolkit (CUDA 11.8.89) stays installed in /usr, but its /usr/bin/nvcc would otherwise run instead of CUDA 13.0.88's nvcc");
    expect(text).not.toContain('is not kept');
  });

  it('the sentences in zh-CN', () => {
    const plan = resolvePlan(shippedData, { os: 'linux', arch: 'x86_64', gpuVendor: 'nvidia', gpuName: RTX4090, driverVersion: '590.48.01', ...DEBIAN_ONLY }, { framework: 'pytorch', frameworkVersion: '2.0', method: 'system' }, { locale: 'zh-CN' });
    const text = planSentences(plan);
    expect(text).toContain('Debian 的 CUDA 11.8.89 可以满足这个 CUDA 11.7 构建，但不会沿用它');
    expect(text).toContain('shell 会运行它的 /usr/bin/nvcc，而不是 CUDA 11.7.1 的 nvcc');
  });

  it('wheels plans say nothing about it: their CUDA comes in the wheels', () => {
    expect(planSentences(linuxPlan(RTX4090, '590.48.01', { framework: 'pytorch', method: 'wheels' }, BOTH))).not.toContain('Debian');
  });
});
