import type { HardwareProfile, Plan, PlanRequest } from '../../shared/types/plan.js';
import { resolvePlan } from '../../shared/plan/resolvePlan.js';
import { loadCompatData } from '../../main/plan/loadCompatData.js';

/** Real plans from the real resolver and data for the machines the export docs and tests use. */
export const EXAMPLE_MACHINES = {
  /** RTX 4090 on driver 550, kept: PyTorch wheels from a CUDA 12 index, nothing system-wide, whichever release is newest. */
  rtx4090Wheels: [
    { os: 'linux', arch: 'x86_64', gpuVendor: 'nvidia', gpuName: 'NVIDIA GeForce RTX 4090', computeCapability: '8.9', driverVersion: '550.54.15' },
    { framework: 'pytorch', allowDriverChange: false },
  ],
  /** V100 without a driver: TensorFlow 2.10 with the system method (driver, CUDA repo, toolkit, cuDNN, env). */
  v100TensorflowSystem: [
    { os: 'linux', arch: 'x86_64', gpuVendor: 'nvidia', gpuName: 'Tesla V100-SXM2-16GB', computeCapability: '7.0', driverVersion: null },
    { framework: 'tensorflow', frameworkVersion: '2.10', method: 'system' },
  ],
  /** No GPU: the CPU build. */
  cpuOnly: [{ os: 'linux', arch: 'x86_64', gpuVendor: 'none', driverVersion: null }, { framework: 'pytorch' }],
} satisfies Record<string, [HardwareProfile, PlanRequest]>;

export function examplePlan(name: keyof typeof EXAMPLE_MACHINES): Plan {
  const [profile, request] = EXAMPLE_MACHINES[name];
  return resolvePlan(loadCompatData(), profile as HardwareProfile, request as PlanRequest);
}
