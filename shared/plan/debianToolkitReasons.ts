import type { HardwareProfile, Plan } from '../types/plan.js';
import type { CompatData } from './compatData.js';
import { majorMinor } from './majorMinor.js';
import type { PlanSay } from './planText.js';
import { toolkitPath } from './planSteps.js';
import { systemToolkit } from './toolkitChoice.js';

/**
 * What a system plan says about Debian's nvidia-cuda-toolkit beside the toolkit it uses: /usr/bin/nvcc is on every
 * default PATH, so the env-vars step's PATH entry is what makes the plan's toolkit win; and, when Debian's would have
 * served the build, why it is not kept.
 */
export function debianToolkitReasons(data: CompatData, profile: HardwareProfile, series: string, cudaToolkit: Plan['cudaToolkit'], say: PlanSay): string[] {
  const debian = profile.debianCudaToolkit;
  if (!debian || !cudaToolkit.version || (profile.os !== 'linux' && profile.os !== 'wsl')) return [];
  const toolkit = String(cudaToolkit.version);
  const home = toolkitPath(profile.os, majorMinor(toolkit));
  const reasons: string[] = [];
  // The choice as if Debian's counted: it is the one kept then.
  const counted = systemToolkit(data, { ...profile, debianCudaToolkit: undefined }, series);
  if (cudaToolkit.action === 'install' && counted.action === 'keep' && counted.version === debian) {
    reasons.push(say('method.system.debianToolkitNotKept', { debian, series, toolkit, home }));
  }
  reasons.push(say('method.system.debianToolkitShadowed', { debian, toolkit, home }));
  return reasons;
}
