import { describe, expect, it } from 'vitest';
import { linuxPlan, planSentences, shippedData } from '../../testkit/plan/linuxPlan.js';
import { resolvePlan } from '../plan/resolvePlan.js';
import { paddlepaddle } from './paddlepaddle.js';
import type { InstalledDistribution } from './environmentEvidence.js';

// PaddlePaddle as a student sees it: the fourth framework, planned from data/paddlepaddle.json alone.
const frameworkStep = (plan: ReturnType<typeof linuxPlan>) => plan.steps.find((step) => step.kind === 'framework');

function dist(name: string, version: string): InstalledDistribution {
  return { name, version, infoDir: `/env/lib/python3.12/site-packages/${name}-${version}.dist-info`, problems: [], files: [] };
}

describe('PaddlePaddle plans', () => {
  it('3.x on an RTX 3060: paddlepaddle-gpu from its cu126 index, CUDA from pip, no CUDA Toolkit or cuDNN step', () => {
    const plan = linuxPlan('GeForce RTX 3060', '580.65.06', { framework: 'paddlepaddle' });
    expect(plan.status).toBe('ok');
    expect(plan.framework).toMatchObject({ version: '3.2.0', variant: 'cu126' });
    expect(frameworkStep(plan)?.params).toMatchObject({ packages: ['paddlepaddle-gpu==3.2.0'], indexUrl: 'https://www.paddlepaddle.org.cn/packages/stable/cu126/' });
    expect(plan.steps.map((step) => step.kind)).not.toContain('cuda-toolkit');
    expect(plan.steps.map((step) => step.kind)).not.toContain('cudnn');
  });

  it('2.6 with CUDA 11.8: the PyPI build, which needs the system CUDA Toolkit and cuDNN of its version', () => {
    const plan = linuxPlan('GeForce RTX 3060', '580.65.06', { framework: 'paddlepaddle', frameworkVersion: '2.6+cu118' });
    expect(plan.framework).toMatchObject({ version: '2.6.2', variant: 'cu118' });
    expect(frameworkStep(plan)?.params.packages).toEqual(['paddlepaddle-gpu==2.6.2']);
    expect(plan.cudaToolkit.version).toMatch(/^11\.8/);
    expect(plan.cudnn.version).toMatch(/^8\.6/);
  });

  it('2.5 builds come from the find-links page of their OS, with the .postNNN version', () => {
    const plan = linuxPlan('GeForce RTX 3060', '580.65.06', { framework: 'paddlepaddle', frameworkVersion: '2.5+cu117' });
    expect(frameworkStep(plan)?.params).toMatchObject({ packages: ['paddlepaddle-gpu==2.5.2.post117'], findLinks: ['https://www.paddlepaddle.org.cn/whl/linux/mkl/avx/stable.html'] });
  });

  it('an RTX 5090 (12.0) gets the CPU build and is told why: no PaddlePaddle build in the data has code for sm_120', () => {
    const plan = linuxPlan('GeForce RTX 5090', '580.65.06', { framework: 'paddlepaddle' });
    expect(plan.framework.variant).toBe('cpu');
    expect(planSentences(plan)).toContain('PaddlePaddle 3.2.0 cu126 has no code for sm_120');
    const zh = resolvePlan(shippedData, { os: 'linux', arch: 'x86_64', gpuVendor: 'nvidia', gpuName: 'GeForce RTX 5090', driverVersion: '580.65.06' }, { framework: 'paddlepaddle' }, { locale: 'zh-CN' });
    expect(planSentences(zh)).toMatch(/PaddlePaddle 3\.2\.0 cu126[^\n]*sm_120/);
  });

  it('Linux aarch64 and macOS get the CPU package only, as the install guide says', () => {
    expect(resolvePlan(shippedData, { os: 'linux', arch: 'aarch64', gpuVendor: 'nvidia', gpuName: 'GH200', driverVersion: '580.65.06' }, { framework: 'paddlepaddle' }).framework.variant).toBe('cpu');
    const mac = resolvePlan(shippedData, { os: 'macos', arch: 'arm64', gpuVendor: 'none', driverVersion: null }, { framework: 'paddlepaddle', frameworkVersion: '2.6' });
    expect(mac.steps.find((step) => step.kind === 'framework')?.params.packages).toEqual(['paddlepaddle==2.6.2']);
  });
});

describe('PaddlePaddle environment evidence (verify --all)', () => {
  const none = new Map<string, InstalledDistribution>();
  it('reads the build from the distribution, its .postNNN and the NVIDIA runtime wheel pip brought', () => {
    expect(paddlepaddle.evidence(dist('paddlepaddle', '3.2.0'), none)).toMatchObject({ variant: 'cpu', version: '3.2.0' });
    expect(paddlepaddle.evidence(dist('paddlepaddle-gpu', '2.6.2.post112'), none)).toMatchObject({ variant: 'cu112', version: '2.6.2' });
    expect(paddlepaddle.evidence(dist('paddlepaddle-gpu', '2.6.2'), none)).toMatchObject({ variant: 'cu118' });
    const cu12 = new Map([['nvidia-cuda-runtime-cu12', dist('nvidia-cuda-runtime-cu12', '12.6.77')]]);
    expect(paddlepaddle.evidence(dist('paddlepaddle-gpu', '3.2.0'), cu12)).toMatchObject({ variant: 'cu126' });
    expect(paddlepaddle.evidence(dist('paddlepaddle-gpu', '3.2.0'), none)).toMatchObject({ variant: undefined });
  });
});
