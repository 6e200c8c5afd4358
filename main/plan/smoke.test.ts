import { it } from 'vitest';
import { loadCompatData } from './loadCompatData.js';
import { resolvePlan } from '../../shared/plan/resolvePlan.js';
import type { HardwareProfile, PlanRequest } from '../../shared/types/plan.js';

it('smoke', () => {
  const data = loadCompatData();
  const cases: [Partial<HardwareProfile>, PlanRequest][] = [
    [{ gpuName: 'GeForce GTX 1080 Ti', driverVersion: '580.65.06' }, { framework: 'pytorch' }],
    [{ gpuName: 'NVIDIA GeForce RTX 4090', driverVersion: '535.86.05' }, { framework: 'pytorch' }],
    [{ gpuName: 'Tesla K80', driverVersion: '470.82.01' }, { framework: 'pytorch' }],
    [{ gpuName: 'NVIDIA GeForce RTX 4090', driverVersion: '537.13', os: 'windows' }, { framework: 'tensorflow' }],
    [{ gpuName: 'NVIDIA GeForce RTX 4090', driverVersion: '537.13', os: 'windows' }, { framework: 'tensorflow', frameworkVersion: '2.15' }],
    [{ gpuName: 'Radeon RX 7900 XTX', gpuVendor: 'amd', driverVersion: null }, { framework: 'pytorch' }],
    [{ gpuName: 'GeForce RTX 5090', driverVersion: null }, { framework: 'jax' }],
    [{ gpuName: 'Tesla V100 SXM2', driverVersion: '535.54.03' }, { framework: 'tensorflow', frameworkVersion: '2.10', method: 'system' }],
  ];
  for (const [p, r] of cases) {
    const profile: HardwareProfile = { os: 'linux', arch: 'x86_64', gpuVendor: 'nvidia', driverVersion: null, ...p };
    const plan = resolvePlan(data, profile, r);
    console.log(JSON.stringify({ status: plan.status, fw: plan.framework, py: plan.python, drv: plan.driver, tk: plan.cudaToolkit, dnn: plan.cudnn, steps: plan.steps.map((s) => s.kind), blockers: plan.blockers }, null, 0));
    console.log(plan.reasons.join('\n'));
    console.log('W:', plan.warnings.join('\n'));
    console.log('---');
  }
});
