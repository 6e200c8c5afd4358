import { describe, expect, it } from 'vitest';
import { resolvePlan } from '../../shared/plan/resolvePlan.js';
import type { HardwareProfile, PlanRequest } from '../../shared/types/plan.js';
import { loadCompatData } from '../plan/loadCompatData.js';
import { formatDryRun } from './formatDryRun.js';

const envRoot = '/home/student/envs';
const rtx4090 = (extra: Partial<HardwareProfile>): HardwareProfile => ({ os: 'linux', arch: 'x86_64', gpuVendor: 'nvidia', gpuName: 'NVIDIA GeForce RTX 4090', driverVersion: '590.48.01', ...extra });
const system: PlanRequest = { framework: 'pytorch', frameworkVersion: '2.14', method: 'system' };

describe('system CUDA plans change what they say, and only that', () => {
  it('the toolkit is active in the DL Setup environment only: no machine-wide update-alternatives, the activation script sets CUDA_HOME', () => {
    const plan = resolvePlan(loadCompatData(), rtx4090({ cudaToolkits: ['12.4.1'] }), system);
    expect(plan.cudaToolkit.action).toBe('install');
    expect(plan.reasons.join('\n')).toContain('becomes the active one in the DL Setup environment');
    const dryRun = formatDryRun(plan, { envRoot });
    expect(dryRun).not.toContain('update-alternatives');
    expect(dryRun).toContain(`/home/student/envs/dlsetup-pytorch-2.14.0/bin/activate`);
    expect(plan.steps.find((step) => step.kind === 'env-vars')?.params).toMatchObject({ scope: 'environment', CUDA_HOME: '/usr/local/cuda-13.0', libraryPathPrepend: ['/usr/local/cuda-13.0/lib64'] });
  });

  it('a newer toolkit of the same major already here (13.1 for a CUDA 13.0 build) is kept and made active, not 13.0 installed beside it', () => {
    const plan = resolvePlan(loadCompatData(), rtx4090({ cudaToolkits: ['13.1.1'] }), system);
    expect(plan.framework.cuda).toMatch(/^13\.0/);
    expect(plan.cudaToolkit).toEqual({ action: 'keep', version: '13.1.1' });
    expect(plan.steps.map((step) => step.kind)).not.toContain('cuda-toolkit');
    expect(plan.steps.find((step) => step.kind === 'env-vars')?.params).toMatchObject({ CUDA_HOME: '/usr/local/cuda-13.1' });
    expect(formatDryRun(plan, { envRoot })).not.toMatch(/cuda-toolkit-13-0|cuda_13\.0/);
  });

  it('a toolkit of another major is no substitute: CUDA 12.9 stays, 13.0 is installed beside it', () => {
    const plan = resolvePlan(loadCompatData(), rtx4090({ cudaToolkits: ['12.9.1'] }), system);
    expect(plan.cudaToolkit.action).toBe('install');
    expect(plan.cudaToolkit.version).toMatch(/^13\.0\./);
  });
});
