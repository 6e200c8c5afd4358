/*
 * CUDA builds as candidates. Per data object and per GPU capability, driver OS and method, each release's CUDA builds
 * become entries once (code match and driver floor), or the failure that rules a build out whatever the driver; a
 * plan then only compares its driver with the floors.
 */
import { cudaSeries } from '../versions/cudaVersion.js';
import { compareDotted } from '../versions/dottedVersion.js';
import { driverVersion } from '../versions/driverVersion.js';
import { belowCapability, cudnnCapabilityFloor } from './bundledLibraries.js';
import { matchCapability, smLabel } from './computeCapability.js';
import { distroDriverCandidate } from './distroDriver.js';
import { chooseDriverTarget, driverFloorFor, toolkitUpdateFloor } from './driverPolicy.js';
import { defaultMethod, type FrameworkBuild } from './frameworkBuilds.js';
import { FRAMEWORK_NAMES } from './frameworkNames.js';
import type { Candidate, Context, CudaEntry, CudaRelease, Failure, ReleaseGroup } from './resolverTypes.js';
import { systemToolkit as plannedSystemToolkit } from './toolkitChoice.js';

/** The release's CUDA entries for this plan's GPU, driver OS and method, built on first use. */
export function cudaRelease(ctx: Context, group: ReleaseGroup): CudaRelease {
  let release = ctx.cudaReleases.get(group);
  if (!release) {
    const items = group.builds.filter((build) => build.kind === 'cuda').map((build) => cudaEntry(ctx, build));
    const failures = items.filter((item): item is Failure => 'code' in item);
    const floors = items.filter((item): item is CudaEntry => !('code' in item)).map((entry) => entry.floorParts);
    const parsable = floors.length > 0 && floors.every((floor) => floor !== null);
    release = {
      items,
      onlyFailures: failures.length === items.length ? failures : null,
      lowestFloor: parsable ? floors.reduce((low, floor) => (compareDotted(floor!, low!) < 0 ? floor : low))! : null,
    };
    ctx.cudaReleases.set(group, release);
  }
  return release;
}

function cudaEntry(ctx: Context, build: FrameworkBuild): CudaEntry | Failure {
  const { data, request, gpu } = ctx;
  const cc = gpu.computeCapability!;
  const match = matchCapability(build.capabilities ?? [], cc, build.ptx);
  if (!match) {
    return {
      code: 'NO_KERNELS_FOR_GPU',
      cause: 'noKernels',
      build,
      message: (say) =>
        say('failure.noKernels', { fw: FRAMEWORK_NAMES[build.framework], version: build.version, variant: build.variant, sm: smLabel(cc), capabilities: (build.capabilities ?? []).join(', ') }),
    };
  }
  const cudnnFloor = build.cudnn ? cudnnCapabilityFloor(data, build.cudnn, build.cuda!) : null;
  if (cudnnFloor && belowCapability(cc, cudnnFloor.capability)) {
    const { capability: floor, row } = cudnnFloor;
    return {
      code: 'NO_KERNELS_FOR_GPU',
      cause: 'cudnn',
      build,
      message: (say) => say('failure.cudnnCapability', { fw: FRAMEWORK_NAMES[build.framework], version: build.version, variant: build.variant, cudnn: String(build.cudnn), floor, row, sm: smLabel(cc) }),
    };
  }
  if (request.method === 'wheels' && build.needsSystemCuda) {
    return {
      code: 'METHOD_UNSUPPORTED',
      build,
      message: (say) =>
        build.framework === 'tensorflow'
          ? say('failure.tensorflowWheelsWithoutCuda', { version: build.version, cuda: String(build.cuda), cudnn: String(build.cudnn) })
          : say('failure.wheelsWithoutCuda', { fw: FRAMEWORK_NAMES[build.framework], version: build.version, variant: build.variant, cuda: String(build.cuda), cudnn: String(build.cudnn) }),
    };
  }
  const os = ctx.driverOs;
  const systemToolkit = (request.method ?? defaultMethod(build)) === 'system';
  let floor = driverFloorFor(data, build.cuda!, os, match === 'ptx' || systemToolkit);
  if (!floor) return { code: 'NO_KERNELS_FOR_GPU', build, message: (say) => say('failure.noDriverFloor', { cuda: String(build.cuda) }) };
  if (systemToolkit) {
    // The toolkit update the plan keeps or installs sets the floor: CUDA 12.6 Update 3 needs more than 12.6 GA.
    const toolkit = plannedSystemToolkit(data, ctx.profile, cudaSeries(build.cuda!)).version;
    const updateFloor = toolkitUpdateFloor(data, toolkit, os) ?? floor.version;
    if (match !== 'ptx' || driverVersion.compare(updateFloor, floor.version) > 0) {
      const version = driverVersion.compare(updateFloor, floor.version) > 0 ? updateFloor : floor.version;
      floor = { version, why: (say) => say('driver.floor.systemToolkit', { series: toolkit, floor: version }) };
    }
  }
  const first = gpu.architecture?.firstDriver?.[os];
  if (first && driverVersion.compare(first, floor.version) > 0) {
    const architecture = gpu.architecture!.name;
    floor = { version: first, why: (say) => say('driver.floor.architecture', { architecture, floor: first }) };
  }
  return { build, match, floor, floorParts: driverVersion.parse(floor.version), target: undefined };
}

/** An entry against this machine's driver: a candidate, or (only when collecting) why not. */
export function evaluateCuda(ctx: Context, entry: CudaEntry, python: string, collect: boolean): Candidate | Failure | null {
  const { data, profile, request, gpu } = ctx;
  const { build, match, floor } = entry;
  const current = profile.driverVersion;
  // A driver newer than the GPU's last branch ignores the GPU (595 and Pascal): never kept, whatever its version.
  const last = gpu.architecture?.lastDriverBranch;
  const ignoresGpu = ctx.driverParts !== null && last !== null && last !== undefined && ctx.driverParts[0]! > Number(last);
  if (ctx.driverParts && !ignoresGpu && (entry.floorParts ? compareDotted(ctx.driverParts, entry.floorParts) : driverVersion.compare(current!, floor.version)) >= 0) {
    return { build, python, match, driver: { action: 'keep', floor } };
  }
  if (request.allowDriverChange === false) {
    if (!collect) return null;
    return {
      code: 'DRIVER_CHANGE_REFUSED',
      build,
      message: (say) =>
        ignoresGpu
          ? say('failure.driverIgnoresGpu', { variant: build.variant, driver: current!, branch: last!, architecture: gpu.architecture!.name })
          : current
          ? say('failure.driverChangeRefusedWithCurrent', { variant: build.variant, floor: floor.version, driver: current })
          : say('failure.driverChangeRefused', { variant: build.variant, floor: floor.version }),
    };
  }
  // Not cached on the entry: entries are shared by machines of every distribution.
  if (ctx.distroDriver) return distroDriverCandidate(ctx, entry, python, collect);
  if (entry.target === undefined) entry.target = chooseDriverTarget(data, gpu.architecture, floor.version, ctx.driverOs);
  const target = entry.target;
  if (!target) {
    if (!collect) return null;
    const last = String(gpu.architecture?.lastDriverBranch);
    const architecture = gpu.architecture?.name;
    return {
      code: 'DRIVER_BRANCH_ENDED',
      build,
      message: (say) =>
        architecture === undefined
          ? say('failure.driverBranchEndedUnknownArchitecture', { variant: build.variant, floor: floor.version, branch: last })
          : say('failure.driverBranchEnded', { variant: build.variant, floor: floor.version, architecture, branch: last }),
    };
  }
  return { build, python, match, driver: { action: current ? 'upgrade' : 'install', floor, target } };
}
