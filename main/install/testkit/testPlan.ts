import type { Plan, PlanStep } from '../../../shared/types/plan.js';

/** A resolved plan around the given steps (the resolver's own fields do not matter to the install engine). */
export function testPlan(steps: PlanStep[], framework: Partial<Plan['framework']> = {}): Plan {
  return {
    status: 'ok',
    request: { framework: 'pytorch' },
    profile: { os: 'linux', arch: 'x86_64', gpuVendor: 'nvidia', driverVersion: '550.54.15' },
    method: 'wheels',
    framework: { name: 'pytorch', version: '2.5.1', variant: 'cu124', packages: [], ...framework },
    python: { version: '3.11' },
    driver: { action: 'keep' },
    cudaToolkit: { action: 'none' },
    cudnn: { action: 'bundled' },
    steps,
    reasons: [],
    warnings: [],
    blockers: [],
  };
}
