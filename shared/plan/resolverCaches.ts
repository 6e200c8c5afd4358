// What the resolver works out once per data object and reuses across plans: release groups, GPU facts, CUDA entries.
import type { Framework, HardwareProfile, InstallMethod } from '../types/plan.js';
import type { CompatData } from './compatData.js';
import type { DriverOs } from './driverPolicy.js';
import { frameworkBuilds, platformKey } from './frameworkBuilds.js';
import { parsePythonRange } from './pythonRange.js';
import type { CudaRelease, GpuInfo, ReleaseGroup } from './resolverTypes.js';
import { FRAMEWORK_IDS, frameworkTable } from '../frameworks/registry.js';

interface Prepared {
  reviewedAt: string;
  builds: Map<string, ReleaseGroup[]>;
  gpuInfo: Map<string, GpuInfo>;
  /** CUDA entries by capability, driver OS and method, then by release. */
  cudaReleases: Map<string, Map<ReleaseGroup, CudaRelease>>;
}

const preparedCache = new WeakMap<CompatData, Prepared>();

export function prepared(data: CompatData): Prepared {
  let p = preparedCache.get(data);
  if (!p) {
    const dates = [data.gpus, data.cudaToolkits, data.architectures, data.driverBranches, ...FRAMEWORK_IDS.map((framework) => frameworkTable(data, framework)), data.cudnn].map((t) => t.reviewedAt);
    p = { reviewedAt: dates.sort()[0]!, builds: new Map(), gpuInfo: new Map(), cudaReleases: new Map() };
    preparedCache.set(data, p);
  }
  return p;
}

/** For plans that search no CUDA builds. */
export const NO_CUDA_RELEASES = new Map<ReleaseGroup, CudaRelease>();

/** The CUDA entries shared by every plan for this GPU capability, driver OS, method and (for a system toolkit) installed toolkits. */
export function cudaReleasesFor(data: CompatData, gpu: GpuInfo, os: DriverOs, method: InstallMethod | undefined, toolkits: readonly string[] | undefined): Map<ReleaseGroup, CudaRelease> {
  const cache = prepared(data).cudaReleases;
  // The architecture, the only other GPU fact an entry reads, follows from the capability. A system toolkit's floor is
  // the floor of the update kept or installed, so the installed toolkits count where the method may be "system".
  const systemToolkits = method === 'wheels' || method === 'conda' || !toolkits?.length ? '' : toolkits.join(',');
  const key = `${gpu.computeCapability}|${os}|${method}|${systemToolkits}`;
  let releases = cache.get(key);
  if (!releases) {
    releases = new Map();
    cache.set(key, releases);
  }
  return releases;
}

/** A framework's releases on this platform, newest first, each with its builds and its Python range parsed. */
export function releaseGroups(data: CompatData, framework: Framework, profile: HardwareProfile): ReleaseGroup[] {
  const p = prepared(data);
  const key = `${framework}|${platformKey(profile)}|${profile.os === 'wsl'}`;
  let groups = p.builds.get(key);
  if (!groups) {
    // A release with no wheels on this platform (past its cut-off) has no group here.
    groups = frameworkBuilds(data, framework, profile)
      .filter((builds) => builds.length > 0)
      .map((builds) => ({ release: builds[0]!.release, builds, python: parsePythonRange(builds[0]!.python), yanked: builds[0]!.yanked === true }));
    p.builds.set(key, groups);
  }
  return groups;
}
