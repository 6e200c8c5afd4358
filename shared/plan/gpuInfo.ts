import { lookupGpu } from '../gpus/lookupGpu.js';
import type { HardwareProfile } from '../types/plan.js';
import type { CompatData, GpuArchitecture } from './compatData.js';
import { prepared } from './resolverCaches.js';
import type { GpuInfo } from './resolverTypes.js';

/** The machine's GPU with what the data adds (capability, gfx target, architecture); cached per data object. */
export function describeGpu(data: CompatData, profile: HardwareProfile): GpuInfo {
  const cache = prepared(data).gpuInfo;
  const key = `${profile.gpuVendor}|${profile.gpuName}|${profile.computeCapability}|${profile.gpuArch}|${profile.gpuOpenKernelModules}`;
  let info = cache.get(key);
  if (!info) {
    info = computeGpuInfo(data, profile);
    cache.set(key, info);
  }
  return info;
}

function computeGpuInfo(data: CompatData, profile: HardwareProfile): GpuInfo {
  // Every field set up front: one object shape for all GPUs keeps the plan code monomorphic.
  const info: GpuInfo = { vendor: profile.gpuVendor, name: profile.gpuName, computeCapability: profile.computeCapability, gfxArch: profile.gpuArch, architecture: undefined, openModulesOnly: false };
  if (profile.gpuVendor !== 'none' && profile.gpuName && (!info.computeCapability || !info.gfxArch)) {
    const row = lookupGpu(data.gpus.gpus, { name: profile.gpuName });
    if (row) {
      info.computeCapability ??= row.computeCapability;
      info.gfxArch ??= row.gfxArch;
      info.name = row.name;
    }
  }
  info.architecture = architectureFor(data, info.computeCapability);
  // The device's own row (GH200 among Hopper) when detection or --gpu found it, else what its architecture says.
  info.openModulesOnly = profile.gpuVendor === 'nvidia' && (profile.gpuOpenKernelModules ?? info.architecture?.openKernelModules) === 'required';
  return info;
}

function architectureFor(data: CompatData, capability: string | undefined): GpuArchitecture | undefined {
  if (!capability) return undefined;
  return data.architectures.architectures.find((arch) => arch.computeCapabilities.includes(capability));
}
