// Sentences every plan can carry: the machine it is for, the Python chosen, why a CPU build; platform names.
import type { HardwareProfile, PlanRequest } from '../types/plan.js';
import type { PythonRange } from './compatData.js';
import { majorMinor } from './majorMinor.js';
import type { PlanSay } from './planText.js';
import { pinnedVariant } from './releasePins.js';
import type { Context, GpuInfo } from './resolverTypes.js';
import { FRAMEWORK_SPECS } from '../frameworks/registry.js';

const MACHINE_OS_KEYS = { linux: 'machine.os.linux', windows: 'machine.os.windows', wsl: 'machine.os.wsl', macos: 'machine.os.macos' } as const;
/** How each OS is named where a sentence says which platform lacks a build. */
export const WHERE_KEYS = { windows: 'platform.nativeWindows', linux: 'platform.linux', wsl: 'platform.wsl', macos: 'platform.macos' } as const;
export const PLATFORM_KEYS = { ...WHERE_KEYS, wsl: 'platform.wsl2' } as const;

export function describeMachine(gpu: GpuInfo, profile: HardwareProfile, say: PlanSay): string {
  const os = say(MACHINE_OS_KEYS[profile.os]);
  const arch = profile.arch;
  if (gpu.vendor === 'none') return say('machine.noGpu', { os, arch });
  const label = gpuLabel(gpu, say);
  if (gpu.vendor !== 'nvidia') return say('machine.gpu', { os, arch, gpu: label });
  return profile.driverVersion ? say('machine.gpuWithDriver', { os, arch, gpu: label, driver: profile.driverVersion }) : say('machine.gpuWithoutDriver', { os, arch, gpu: label });
}

function gpuLabel(gpu: GpuInfo, say: PlanSay): string {
  if (gpu.vendor === 'nvidia') {
    const name = gpu.name ?? say('gpu.nvidia.unnamed');
    const architecture = gpu.architecture?.name;
    const capability = gpu.computeCapability;
    if (architecture && capability) return say('gpu.nvidia.architectureAndCapability', { name, architecture, capability });
    if (architecture) return say('gpu.nvidia.architecture', { name, architecture });
    return capability ? say('gpu.nvidia.capability', { name, capability }) : name;
  }
  if (gpu.vendor === 'amd') {
    const name = gpu.name ?? say('gpu.amd.unnamed');
    return gpu.gfxArch ? say('gpu.amd.gfx', { name, gfx: gpu.gfxArch }) : name;
  }
  // A vendor id never reaches a sentence: an unnamed GPU is called by its vendor's words.
  return gpu.name ?? say(gpu.vendor === 'apple' ? 'gpu.apple.unnamed' : 'gpu.intel.unnamed');
}

export function pythonReason(python: string, range: PythonRange, request: PlanRequest, profile: HardwareProfile, say: PlanSay): string {
  const params = { python, min: range.min, max: range.max };
  if (request.python) return say('python.requested', params);
  const here = profile.pythonVersions ?? (profile.pythonVersion ? [profile.pythonVersion] : []);
  if (here.some((version) => majorMinor(version) === python)) return say('python.onMachine', params);
  return say('python.default', params);
}

/** Why this plan installs a CPU (or Apple MPS) build; and a warning when a GPU it cannot use is there. */
export function cpuBuildReasons(ctx: Context, fw: string, mps: boolean, noGpuBuild: boolean, reasons: string[], warnings: string[]): void {
  const { profile, request, gpu, say } = ctx;
  const askedVariant = pinnedVariant(request.frameworkVersion);
  if (askedVariant === 'cpu' && gpu.vendor !== 'none' && !mps && profile.os !== 'macos') {
    // The CPU build was asked for by name ("2.7+cpu"): that is the reason, and no warning is due.
    reasons.push(say('cpu.pinned', { fw, variant: askedVariant }));
    return;
  }
  if (mps) {
    reasons.push(say('cpu.macMps'));
  } else if (profile.os === 'macos') {
    reasons.push(say('cpu.mac', { fw }));
  } else if (gpu.vendor === 'none') {
    reasons.push(say('cpu.noGpu', { fw }));
  } else if (gpu.vendor === 'amd') {
    reasons.push(
      FRAMEWORK_SPECS[request.framework].gpu.rocm
        ? profile.os === 'linux'
          ? gpu.gfxArch
            ? say('cpu.amd.noRocmBuild', { gfx: gpu.gfxArch })
            : say('cpu.amd.gfxUnknown', { name: gpu.name ?? say('gpu.amd.unnamed') })
          : say('cpu.amd.rocmLinuxOnly', { platform: say(profile.os === 'wsl' ? 'platform.wsl2' : 'platform.windows') })
        : say('cpu.amd.noBuild', { fw }),
    );
  } else if (gpu.vendor === 'intel') {
    reasons.push(say('cpu.intel.noBuild', { fw }));
  } else if (gpu.vendor === 'nvidia') {
    reasons.push(say('cpu.nvidia', { fw }));
    if (request.framework === 'tensorflow' && profile.os === 'windows') reasons.push(say('cpu.nvidia.tensorflowWindows'));
    if (request.framework === 'jax' && profile.os === 'windows') reasons.push(say('cpu.nvidia.jaxWindows'));
  }
  // One CPU-build warning: the one that says why no GPU build fits, when it was given.
  if (!noGpuBuild && gpu.vendor !== 'none' && !mps) warnings.push(say('warning.cpuBuild', { fw }));
}
