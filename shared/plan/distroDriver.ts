// The driver a distribution packages itself (Debian's nvidia-driver from non-free): on such a system the driver step
// installs that one, whatever branch a plan would prefer, so builds are planned for its version.
import { driverVersion } from '../versions/driverVersion.js';
import type { HardwareProfile } from '../types/plan.js';
import type { CompatData, DistroDriver } from './compatData.js';
import type { DriverTarget } from './driverPolicy.js';
import { FRAMEWORK_NAMES } from './frameworkNames.js';
import type { Candidate, Context, CudaEntry, Failure } from './resolverTypes.js';

/** The packaged driver of this machine's distribution release (data/driver-branches.json distroDrivers), if it has one. */
export function distroDriverFor(data: CompatData, profile: HardwareProfile): DistroDriver | undefined {
  if (profile.os !== 'linux' || !profile.linuxRepo) return undefined;
  return data.driverBranches.distroDrivers?.find((row) => row.repo === profile.linuxRepo);
}

/**
 * A build on a machine whose driver must be installed or upgraded, when the distribution packages the driver: a
 * candidate when the packaged version meets the build's floor (the GPU's first driver included) and still supports
 * the GPU; otherwise why not, naming the packaged version and NVIDIA's repository as the way to a newer one.
 */
export function distroDriverCandidate(ctx: Context, entry: CudaEntry, python: string, collect: boolean): Candidate | Failure | null {
  const packaged = ctx.distroDriver!;
  const { build, match, floor } = entry;
  const branch = packaged.version.split('.')[0]!;
  const last = ctx.gpu.architecture?.lastDriverBranch;
  const names = { distro: packaged.distro, version: packaged.version, package: packaged.package, repo: packaged.repo };
  if (last && Number(branch) > Number(last)) {
    if (!collect) return null;
    const architecture = ctx.gpu.architecture!.name;
    return { code: 'DRIVER_NOT_PACKAGED', build, message: (say) => say('failure.distroDriverPastLastBranch', { ...names, last, architecture }) };
  }
  if (driverVersion.compare(packaged.version, floor.version) < 0) {
    if (!collect) return null;
    const fw = FRAMEWORK_NAMES[build.framework];
    return { code: 'DRIVER_NOT_PACKAGED', build, message: (say) => say('failure.distroDriverTooOld', { ...names, fw, variant: build.variant, floor: floor.version, why: floor.why(say) }) };
  }
  const target: DriverTarget = { branch, minimumVersion: packaged.version, why: (say) => say('driver.target.distroPackaged', names) };
  return { build, python, match, driver: { action: ctx.profile.driverVersion ? 'upgrade' : 'install', floor, target } };
}
