import { describe, expect, it } from 'vitest';
import downloadSizes from '../../data/download-sizes.json' with { type: 'json' };
import { pytorchPlanFacts } from '../../testkit/data/liveFacts.js';
import type { DownloadSizeTable } from '../types/downloadEstimate.js';
import type { HardwareProfile, Plan, PlanStep } from '../types/plan.js';
import { estimateDownload, estimateSeconds } from './estimateDownload.js';
import { resolvePlan } from './resolvePlan.js';
import { shippedData } from '../../testkit/plan/linuxPlan.js';

const sizes = downloadSizes as DownloadSizeTable;
const data = shippedData;

/** The size the real table gives a component on an OS for one measured release (the test reads the same file the app ships). */
function size(component: string, os: string, release?: string): number {
  const row = sizes.rows.find((r) => r.component === component && r.os === os && (release === undefined || r.release === release));
  if (!row) throw new Error(`data/download-sizes.json has no ${component} row for ${os}`);
  return row.megabytes;
}

const pythonEnv: PlanStep = { id: 'python-env', kind: 'python-env', title: 'venv', elevated: false, params: { manager: 'venv', python: '3.12', name: 'dlsetup-pytorch-2.14' } };

function frameworkStep(framework: string, variant: string): PlanStep {
  return { id: 'framework', kind: 'framework', title: 'pip install', elevated: false, params: { framework, installer: 'pip', packages: [`${framework}==1.0`], variant } };
}

function driverStep(action: 'install' | 'upgrade', os: 'linux' | 'windows', manual = false): PlanStep {
  return { id: 'driver', kind: 'driver', title: 'driver', elevated: !manual, params: { action, os, branch: '580', minimumVersion: '580.65.06', manual, rebootRequired: !manual } };
}

/** A Plan with just what the estimator reads; the rest is filled with a plausible ok plan. */
function planOf(steps: PlanStep[], overrides: { os?: HardwareProfile['os']; framework?: Partial<Plan['framework']>; cudaToolkit?: Plan['cudaToolkit']; cudnn?: Plan['cudnn'] } = {}): Plan {
  const os = overrides.os ?? 'linux';
  return {
    status: 'ok',
    request: { framework: 'pytorch' },
    profile: { os, arch: 'x86_64', gpuVendor: 'nvidia', driverVersion: null },
    method: 'wheels',
    framework: { name: 'pytorch', version: '2.7.1', variant: 'cu126', cuda: '12.6', packages: ['torch==2.7.1'], ...overrides.framework },
    python: { version: '3.12' },
    driver: { action: 'none' },
    cudaToolkit: overrides.cudaToolkit ?? { action: 'none' },
    cudnn: overrides.cudnn ?? { action: 'bundled' },
    steps,
    reasons: [],
    warnings: [],
    blockers: [],
  };
}

describe('estimateDownload', () => {
  it('counts the PyTorch CUDA wheels and the driver upgrade of a Linux plan', () => {
    const plan = planOf([driverStep('upgrade', 'linux'), pythonEnv, frameworkStep('pytorch', 'cu126')]);
    const estimate = estimateDownload(plan, sizes);
    expect(estimate.items).toEqual([
      { component: 'driver', stepId: 'driver', megabytes: null },
      { component: 'pytorch-cuda-wheels', stepId: 'framework', megabytes: size('pytorch-cuda-wheels', 'linux'), source: 'https://github.com/pytorch/pytorch/pull/156706' },
    ]);
    // No sourced driver size yet: the total holds the wheels only and the driver is named as unknown.
    expect(estimate.megabytes).toBe(2809.3);
    expect(estimate.unknown).toEqual(['driver']);
  });

  it('adds the driver to the total once the table knows its size', () => {
    const table: DownloadSizeTable = {
      reviewedAt: '2026-12-02',
      rows: [
        { component: 'driver', os: 'linux', megabytes: 400.25, release: '580.65.06', basis: 'test row', source: 'https://example.org/driver' },
        { component: 'pytorch-cuda-wheels', megabytes: 2800, release: '2.7.1', variant: 'cu126', basis: 'test row, every OS', source: 'https://example.org/torch' },
        { component: 'driver', os: 'windows', megabytes: 900, release: '580.65.06', basis: 'test row', source: 'https://example.org/win' },
      ],
    };
    const estimate = estimateDownload(planOf([driverStep('install', 'linux'), pythonEnv, frameworkStep('pytorch', 'cu126')]), table);
    expect(estimate.items.map((item) => [item.component, item.megabytes])).toEqual([
      ['driver', 400.25],
      ['pytorch-cuda-wheels', 2800],
    ]);
    expect(estimate.megabytes).toBe(3200.3);
    expect(estimate.unknown).toEqual([]);
  });

  it('downloads nothing for the driver under WSL, where the user updates the Windows driver', () => {
    const plan = planOf([driverStep('upgrade', 'windows', true), pythonEnv, frameworkStep('pytorch', 'cu126')], { os: 'wsl' });
    const estimate = estimateDownload(plan, sizes);
    expect(estimate.items.map((item) => item.component)).toEqual(['pytorch-cuda-wheels']);
    // WSL installs the Linux wheels.
    expect(estimate.megabytes).toBe(size('pytorch-cuda-wheels', 'linux'));
    expect(estimate.unknown).toEqual([]);
  });

  it('gives a CPU plan the CPU wheel size of its release, per OS', () => {
    // torch 2.12.0+cpu and jax[cpu] 0.10.1 are the releases the table measured (their rows' basis).
    const cpu = { version: '2.12.0', variant: 'cpu', cuda: undefined };
    const linux = estimateDownload(planOf([pythonEnv, frameworkStep('pytorch', 'cpu')], { framework: cpu }), sizes);
    expect(linux).toEqual({
      megabytes: size('pytorch-cpu-wheel', 'linux'),
      items: [{ component: 'pytorch-cpu-wheel', stepId: 'framework', megabytes: 192.3, source: expect.stringMatching(/^https:\/\//) }],
      unknown: [],
    });
    const jaxCpu = estimateDownload(planOf([pythonEnv, frameworkStep('jax', 'cpu')], { framework: { name: 'jax', version: '0.10.1', variant: 'cpu', cuda: undefined } }), sizes);
    expect(jaxCpu.items[0]).toMatchObject({ component: 'jax-cpu-wheels', megabytes: size('jax-cpu-wheels', 'linux') });
    // A row measured on Linux says nothing about Windows: the size stays unknown there.
    const windows = estimateDownload(planOf([pythonEnv, frameworkStep('pytorch', 'cpu')], { os: 'windows', framework: cpu }), sizes);
    expect(windows).toEqual({ megabytes: 0, items: [{ component: 'pytorch-cpu-wheel', stepId: 'framework', megabytes: null }], unknown: ['pytorch-cpu-wheel'] });
  });

  it('counts the CUDA Toolkit of a system-method plan, and nothing for env-vars or the repository', () => {
    const steps: PlanStep[] = [
      { id: 'cuda-repo', kind: 'cuda-repo', title: 'repo', elevated: true, params: { os: 'linux', purpose: 'cuda-toolkit', wsl: false } },
      { id: 'cuda-toolkit', kind: 'cuda-toolkit', title: 'toolkit', elevated: true, params: { version: '12.6.3', series: '12.6', os: 'linux', installPath: '/usr/local/cuda-12.6', withoutDriver: true, makeActive: true, keep: [] } },
      { id: 'cudnn', kind: 'cudnn', title: 'cudnn', elevated: true, params: { version: '9.10', cudaMajor: '12', cudaSeries: '12.6', os: 'linux' } },
      { id: 'env-vars', kind: 'env-vars', title: 'env', elevated: false, params: { scope: 'environment', CUDA_HOME: '/usr/local/cuda-12.6', pathPrepend: [], libraryPathPrepend: [] } },
      pythonEnv,
      frameworkStep('pytorch', 'cu126'),
    ];
    const plan = { ...planOf(steps, { cudaToolkit: { action: 'install', version: '12.6.3' }, cudnn: { action: 'install', version: '9.10' } }), method: 'system' as const };
    const estimate = estimateDownload(plan, sizes);
    // The toolkit row measured 12.6.3's installer; the cuDNN row's source names cuDNN 9 without its minor release, so 9.10 has no size.
    expect(estimate.items.map((item) => [item.stepId, item.component, item.megabytes])).toEqual([
      ['cuda-toolkit', 'cuda-toolkit', size('cuda-toolkit', 'linux', '12.6.3')],
      ['cudnn', 'cudnn', null],
      ['framework', 'pytorch-cuda-wheels', size('pytorch-cuda-wheels', 'linux')],
    ]);
    expect(estimate.megabytes).toBe(Math.round((size('cuda-toolkit', 'linux', '12.6.3') + size('pytorch-cuda-wheels', 'linux')) * 10) / 10);
    expect(estimate.unknown).toEqual(['cudnn']);
  });

  it('reports components without a size in `unknown`, each once, and keeps them out of the total', () => {
    const steps: PlanStep[] = [
      driverStep('install', 'windows'),
      { id: 'cuda-toolkit', kind: 'cuda-toolkit', title: 'toolkit', elevated: true, params: { version: '12.6.3', series: '12.6', os: 'windows', installPath: 'C:\\CUDA', withoutDriver: true, makeActive: true, keep: [] } },
      { id: 'cudnn', kind: 'cudnn', title: 'cudnn', elevated: true, params: { version: '8.1', cudaMajor: '11', cudaSeries: '11.2', os: 'windows' } },
      pythonEnv,
      frameworkStep('tensorflow', 'cuda10'),
    ];
    // tensorflow_gpu 2.3.0 on Windows is the measured build (its row's basis).
    const plan = planOf(steps, { os: 'windows', framework: { name: 'tensorflow', version: '2.3.0', variant: 'cuda10', cuda: '10.1' }, cudaToolkit: { action: 'install', version: '11.2' }, cudnn: { action: 'install', version: '8.1' } });
    const estimate = estimateDownload(plan, sizes);
    expect(estimate.unknown).toEqual(['driver', 'cuda-toolkit', 'cudnn']);
    expect(estimate.megabytes).toBe(size('tensorflow-cuda-wheels', 'windows'));

    // A combination the table cannot hold (JAX on ROCm) is named, not dropped.
    const rocm = estimateDownload(planOf([pythonEnv, frameworkStep('jax', 'rocm6')], { framework: { name: 'jax', variant: 'rocm6', cuda: undefined, rocm: '6.0' } }), sizes);
    expect(rocm).toEqual({ megabytes: 0, items: [{ component: 'jax-rocm-wheels', stepId: 'framework', megabytes: null }], unknown: ['jax-rocm-wheels'] });
  });

  it('ignores a kept toolkit, a bundled cuDNN and an empty plan', () => {
    const toolkit: PlanStep = { id: 'cuda-toolkit', kind: 'cuda-toolkit', title: 't', elevated: true, params: { version: '12.6.3', os: 'linux' } };
    const cudnnStep: PlanStep = { id: 'cudnn', kind: 'cudnn', title: 'c', elevated: true, params: { version: '9.10', os: 'linux' } };
    expect(estimateDownload(planOf([toolkit, cudnnStep], { cudaToolkit: { action: 'keep', version: '12.6.3' }, cudnn: { action: 'bundled' } }), sizes)).toEqual({ megabytes: 0, items: [], unknown: [] });
    expect(estimateDownload(planOf([]), sizes)).toEqual({ megabytes: 0, items: [], unknown: [] });
  });

  it('uses a size only for the release and build it measured: another release or variant of the same component is unknown', () => {
    // The Linux row measured torch 2.7.1 cu126 (2,809.3 MB); a 2.7.1 cu118 wheel and a 2.7.0 cu126 one are other builds.
    expect(estimateDownload(planOf([pythonEnv, frameworkStep('pytorch', 'cu126')], { framework: { version: '2.7.1', variant: 'cu126' } }), sizes).megabytes).toBe(2809.3);
    for (const framework of [{ version: '2.7.1', variant: 'cu118', cuda: '11.8' }, { version: '2.7.0', variant: 'cu126' }]) {
      const estimate = estimateDownload(planOf([pythonEnv, frameworkStep('pytorch', framework.variant)], { framework }), sizes);
      expect(estimate, `${framework.version} ${framework.variant}`).toEqual({ megabytes: 0, items: [{ component: 'pytorch-cuda-wheels', stepId: 'framework', megabytes: null }], unknown: ['pytorch-cuda-wheels'] });
    }
  });

  it('gives a real torch 1.12.1 cu102 plan no size (its wheel is not the 2.8 GB of torch 2.7.1 cu126)', () => {
    const profile: HardwareProfile = { os: 'linux', arch: 'x86_64', gpuVendor: 'nvidia', gpuName: 'GeForce GTX 1080 Ti', driverVersion: '440.100' };
    const plan = resolvePlan(data, profile, { framework: 'pytorch', frameworkVersion: '1.12', allowDriverChange: false });
    expect([plan.status, plan.framework.version, plan.framework.variant]).toEqual(['ok', '1.12.1', 'cu102']);
    expect(estimateDownload(plan, sizes)).toEqual({ megabytes: 0, items: [{ component: 'pytorch-cuda-wheels', stepId: 'framework', megabytes: null }], unknown: ['pytorch-cuda-wheels'] });
  });

  it('estimates a real resolved plan: a GTX 1080 Ti without a driver gets the preferred driver and a CUDA build with Pascal kernels', () => {
    const profile: HardwareProfile = { os: 'linux', arch: 'x86_64', gpuVendor: 'nvidia', gpuName: 'GeForce GTX 1080 Ti', driverVersion: null };
    const plan = resolvePlan(data, profile, { framework: 'pytorch' });
    const { version } = pytorchPlanFacts(plan, '6.1');
    const estimate = estimateDownload(plan, sizes);
    expect(estimate.items.map((item) => item.component)).toEqual(['driver', 'pytorch-cuda-wheels']);
    // Neither the driver nor this torch release was measured (the table's torch row is 2.7.1).
    expect(version).not.toBe('2.7.1');
    expect(estimate.megabytes).toBe(0);
    expect(estimate.unknown).toEqual(['driver', 'pytorch-cuda-wheels']);
  });

  it('estimates a real CPU-only plan of the measured JAX release', () => {
    const profile: HardwareProfile = { os: 'linux', arch: 'x86_64', gpuVendor: 'none', driverVersion: null };
    const plan = resolvePlan(data, profile, { framework: 'jax', frameworkVersion: '0.10.1' });
    expect(estimateDownload(plan, sizes)).toMatchObject({ megabytes: size('jax-cpu-wheels', 'linux'), unknown: [] });
  });
});

describe('estimateSeconds', () => {
  it('rounds up to whole seconds', () => {
    expect(estimateSeconds(2809.3, 10)).toBe(281);
    expect(estimateSeconds(100, 12.5)).toBe(8);
    expect(estimateSeconds(0, 10)).toBe(0);
  });

  it('returns null when the speed is unknown or not positive', () => {
    expect(estimateSeconds(100, 0)).toBeNull();
    expect(estimateSeconds(100, -5)).toBeNull();
    expect(estimateSeconds(100, Number.NaN)).toBeNull();
    expect(estimateSeconds(Number.POSITIVE_INFINITY, 10)).toBeNull();
  });
});
