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
import type { CompatData } from './compatData.js';
import { chooseDriverTarget, driverFloorFor, olderToolkitUpdates, toolkitUpdateFloor, type DriverFloor, type DriverOs } from './driverPolicy.js';
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
    // An older toolkit update a kept driver may run lowers the entry's floor.
    const floors = items.filter((item): item is CudaEntry => !('code' in item)).flatMap((entry) => [entry.floorParts, ...(entry.olderToolkits ?? []).map((older) => older.floorParts)]);
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
  const base = driverFloorFor(data, build.cuda!, os, match === 'ptx' || systemToolkit);
  if (!base) return { code: 'NO_KERNELS_FOR_GPU', build, message: (say) => say('failure.noDriverFloor', { cuda: String(build.cuda) }) };
  if (!systemToolkit) {
    const floor = withArchitecture(ctx, base);
    return { build, match, floor, floorParts: driverVersion.parse(floor.version), target: undefined };
  }
  // The toolkit update the plan keeps or installs sets the floor: CUDA 12.6 Update 3 needs more than 12.6 GA.
  const planned = plannedSystemToolkit(data, ctx.profile, cudaSeries(build.cuda!));
  const floor = withArchitecture(ctx, toolkitFloor(data, planned.version, base, match, os));
  // An installed toolkit may be an older update of the series when the driver is kept (evaluateCuda says when).
  const olderToolkits =
    planned.action === 'install'
      ? olderToolkitUpdates(data, planned.version, os).map(({ version }) => {
          const older = withArchitecture(ctx, toolkitFloor(data, version, base, match, os));
          return { version, floor: older, floorParts: driverVersion.parse(older.version)! };
        })
      : [];
  return { build, match, floor, floorParts: driverVersion.parse(floor.version), target: undefined, ...(olderToolkits.length ? { olderToolkits } : {}) };
}

/** The floor of a build with a system toolkit of this update: the update's own driver (Table 3) when above the build's. */
function toolkitFloor(data: CompatData, toolkit: string, base: DriverFloor, match: CudaEntry['match'], os: DriverOs): DriverFloor {
  const updateFloor = toolkitUpdateFloor(data, toolkit, os) ?? base.version;
  if (match === 'ptx' && driverVersion.compare(updateFloor, base.version) <= 0) return base;
  const version = driverVersion.compare(updateFloor, base.version) > 0 ? updateFloor : base.version;
  return { version, why: (say) => say('driver.floor.systemToolkit', { series: toolkit, floor: version }) };
}

/** A GPU newer than the floor's driver needs its architecture's first driver. */
function withArchitecture(ctx: Context, floor: DriverFloor): DriverFloor {
  const first = ctx.gpu.architecture?.firstDriver?.[ctx.driverOs];
  if (!first || driverVersion.compare(first, floor.version) <= 0) return floor;
  const architecture = ctx.gpu.architecture!.name;
  return { version: first, why: (say) => say('driver.floor.architecture', { architecture, floor: first }) };
}

/** An entry against this machine's driver: a candidate, or (only when collecting) why not. */
export function evaluateCuda(ctx: Context, entry: CudaEntry, python: string, collect: boolean): Candidate | Failure | null {
  const { profile, request, gpu } = ctx;
  const { build, match, floor } = entry;
  const current = profile.driverVersion;
  // A driver newer than the GPU's last branch ignores the GPU (595 and Pascal): never kept, whatever its version.
  const last = gpu.architecture?.lastDriverBranch;
  const ignoresGpu = ctx.driverParts !== null && last !== null && last !== undefined && ctx.driverParts[0]! > Number(last);
  if (ctx.driverParts && !ignoresGpu && (entry.floorParts ? compareDotted(ctx.driverParts, entry.floorParts) : driverVersion.compare(current!, floor.version)) >= 0) {
    return { build, python, match, driver: { action: 'keep', floor } };
  }
  if (request.allowDriverChange === false) {
    // Windows: the user runs the named update's installer, so an older update the kept driver runs serves (apt would
    // install the series' newest).
    const older = ctx.profile.os === 'windows' && ctx.driverParts && !ignoresGpu ? entry.olderToolkits?.find((t) => compareDotted(ctx.driverParts!, t.floorParts) >= 0) : undefined;
    if (older) return { build, python, match, driver: { action: 'keep', floor: older.floor }, toolkit: older.version };
    if (!collect) return null;
    // Kept by preference, a build no driver change reaches says that first (Kepler past R470).
    const unreachable = ctx.keepPreferred ? changeDriver(ctx, entry, python, collect) : null;
    if (unreachable && 'code' in unreachable) return unreachable;
    return {
      code: 'DRIVER_CHANGE_REFUSED',
      build,
      message: (say) =>
        ignoresGpu
          ? say('failure.driverIgnoresGpu', { variant: build.variant, driver: current!, branch: last!, architecture: gpu.architecture!.name })
          : current && ctx.keepPreferred
          ? say('failure.driverNewerNeeded', { variant: build.variant, floor: floor.version, driver: current })
          : current
          ? say('failure.driverChangeRefusedWithCurrent', { variant: build.variant, floor: floor.version, driver: current })
          : say('failure.driverChangeRefused', { variant: build.variant, floor: floor.version }),
    };
  }
  return changeDriver(ctx, entry, python, collect);
}

/** The driver install or upgrade an entry needs, or (only when collecting) why none reaches it. */
function changeDriver(ctx: Context, entry: CudaEntry, python: string, collect: boolean): Candidate | Failure | null {
  const { data, profile, gpu } = ctx;
  const { build, match, floor } = entry;
  const current = profile.driverVersion;
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
