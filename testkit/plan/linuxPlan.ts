import gpus from '../../data/gpus.json' with { type: 'json' };
import cudaToolkits from '../../data/cuda-toolkits.json' with { type: 'json' };
import architectures from '../../data/gpu-architectures.json' with { type: 'json' };
import driverBranches from '../../data/driver-branches.json' with { type: 'json' };
import pytorch from '../../data/pytorch.json' with { type: 'json' };
import tensorflow from '../../data/tensorflow.json' with { type: 'json' };
import jax from '../../data/jax.json' with { type: 'json' };
import paddlepaddle from '../../data/paddlepaddle.json' with { type: 'json' };
import cudnn from '../../data/cudnn.json' with { type: 'json' };
import type { HardwareProfile, Plan, PlanRequest } from '../../shared/types/plan.js';
import type { CompatData } from '../../shared/plan/compatData.js';
import { resolvePlan } from '../../shared/plan/resolvePlan.js';

/** The shipped data/ tables as the resolver reads them. */
export const shippedData = { gpus, cudaToolkits, architectures, driverBranches, pytorch, tensorflow, jax, paddlepaddle, cudnn } as unknown as CompatData;

/** A plan for a Linux x86_64 machine with this NVIDIA GPU (null: none) and driver, resolved on the shipped data. */
export function linuxPlan(gpu: string | null, driver: string | null, request: PlanRequest, extra: Partial<HardwareProfile> = {}): Plan {
  const profile: HardwareProfile = { os: 'linux', arch: 'x86_64', gpuVendor: gpu ? 'nvidia' : 'none', driverVersion: driver, ...(gpu ? { gpuName: gpu } : {}), ...extra };
  return resolvePlan(shippedData, profile, request);
}

/** Every sentence a plan shows (reasons, warnings, blockers), one per line. */
export const planSentences = (p: Plan) => [...p.reasons, ...p.warnings, ...p.blockers.map((b) => b.message)].join('\n');
