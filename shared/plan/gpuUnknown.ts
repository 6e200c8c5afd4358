// Unknown stays unknown (issue 28): an NVIDIA GPU without a compute capability gets no plan that says "works".
import type { HardwareProfile, Plan } from '../types/plan.js';
import type { GpuInfo } from './resolverTypes.js';
import type { PlanSay } from './planText.js';

/** Whether the machine has an NVIDIA GPU whose compute capability (so its architecture) nobody could tell. */
export function gpuIsUnknown(gpu: Pick<GpuInfo, 'vendor' | 'computeCapability'>, profile: HardwareProfile): boolean {
  return gpu.vendor === 'nvidia' && !gpu.computeCapability && profile.os !== 'macos';
}

/** The sentence that says which GPU is not known and why that matters: its PCI id and the name detection read. */
export function gpuUnknownMessage(profile: HardwareProfile, say: PlanSay): string {
  const pciId = profile.gpuPciId;
  const name = profile.gpuName;
  const gpu = pciId && name ? say('gpuUnknown.ids', { pciId, name }) : pciId ? say('gpuUnknown.pciId', { pciId }) : name ? say('gpuUnknown.name', { name }) : say('gpuUnknown.unnamed');
  return say('warning.gpuUnknown', { gpu });
}

/**
 * A plan on a machine whose NVIDIA GPU is unknown: the sentence is a warning, and an ok plan that was not asked to be
 * the CPU build by name carries the GPU_UNKNOWN prerequisite, so neither the wizard nor the CLI calls it one that works;
 * the way on is naming the GPU.
 */
export function withGpuUnknown(plan: Plan, message: string, cpuAskedFor: boolean): Plan {
  if (plan.status !== 'ok' || cpuAskedFor) return plan;
  plan.missingPrerequisites = [...(plan.missingPrerequisites ?? []), { code: 'GPU_UNKNOWN', message }];
  return plan;
}
