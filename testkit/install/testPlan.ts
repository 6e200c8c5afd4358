import type { Plan, PlanStep } from '../../shared/types/plan.js';

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

/** The cheapest real run: user-scope CUDA variables, then a venv made by `interpreter` (a stand-in script in tests). */
export function userEnvPlan(envDir: string, interpreter: string): Plan {
  return testPlan([
    { id: 'vars', kind: 'env-vars', title: 'Set CUDA variables', elevated: false, params: { scope: 'user', cudaHome: '/usr/local/cuda-12.4' } },
    { id: 'env', kind: 'python-env', title: 'Create the Python environment', elevated: false, params: { manager: 'venv', path: envDir, interpreter, minFreeBytes: 1e6 } },
  ]);
}

/** A PyTorch 2.5.1 cu124 wheels plan (a venv, then pip from download.pytorch.org): what mirror and location choices act on. */
export function torchWheelsPlan(): Plan {
  return testPlan(
    [
      { id: 'env', kind: 'python-env', title: 'Create the Python environment', elevated: false, params: { manager: 'venv', name: 'dlsetup-pytorch-2.5', python: '3.11', minFreeBytes: 1e6 } },
      { id: 'fw', kind: 'framework', title: 'Install PyTorch', elevated: false, params: { packages: ['torch==2.5.1'], indexUrl: 'https://download.pytorch.org/whl/cu124' } },
    ],
    { indexUrl: 'https://download.pytorch.org/whl/cu124' },
  );
}
