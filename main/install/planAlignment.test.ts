import { describe, expect, it } from 'vitest';
import { literal, pytorchPlanFacts } from '../../testkit/data/liveFacts.js';
import { resolvePlan } from '../../shared/plan/resolvePlan.js';
import type { HardwareProfile, PlanRequest } from '../../shared/types/plan.js';
import { loadCompatData } from '../plan/loadCompatData.js';
import { formatDryRun } from './formatDryRun.js';
import { prepareSteps } from './runner.js';

/** Plans the real resolver produces must be accepted by the install engine's param allowlists. */
function resolved(profile: Partial<HardwareProfile>, request: PlanRequest) {
  return resolvePlan(loadCompatData(), { os: 'linux', arch: 'x86_64', gpuVendor: 'nvidia', driverVersion: null, ...profile }, request);
}

describe('install engine accepts the resolver\'s plans', () => {
  it('wheels plan with a driver install: every step parses and the dry run names real commands', () => {
    const plan = resolved({ gpuName: 'GeForce GTX 1080 Ti' }, { framework: 'pytorch' });
    expect(plan.status).toBe('ok');
    const steps = prepareSteps(plan, { envRoot: '/home/student/envs' });
    expect(steps.map((s) => s.kind)).toEqual(['driver', 'python-env', 'framework']);
    const text = formatDryRun(plan, { envRoot: '/home/student/envs' });
    expect(text).not.toContain('cannot run');
    const { version, variant, branch } = pytorchPlanFacts(plan, '6.1');
    expect(text).toContain(`[admin] $ apt-get install --yes nvidia-driver-${branch}`);
    expect(text).toMatch(new RegExp(`/home/student/envs/dlsetup-pytorch-[^/]+/bin/python -m pip install .*--index-url ${literal(`https://download.pytorch.org/whl/${variant} torch==${version}`)}`));
  });

  it('system plan with toolkit, cuDNN and environment variables parses too', () => {
    const plan = resolved({ gpuName: 'GeForce RTX 4090', driverVersion: '580.65.06' }, { framework: 'tensorflow', method: 'system' });
    if (plan.status !== 'ok') return;
    const steps = prepareSteps(plan, { envRoot: '/home/student/envs' });
    // Variables for the environment are written once the environment exists.
    const kinds = steps.map((s) => s.kind);
    if (kinds.includes('env-vars')) expect(kinds.indexOf('env-vars')).toBeGreaterThan(kinds.indexOf('python-env'));
    expect(formatDryRun(plan, { envRoot: '/home/student/envs' })).not.toContain('cannot run');
  });
});
