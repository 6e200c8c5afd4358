import { cudaMajor, cudaSeries, cudaVersion } from '../versions/cudaVersion.js';
import { driverVersion } from '../versions/driverVersion.js';
import type { TargetOs } from '../types/plan.js';
import type { CompatData, DriverBranch, GpuArchitecture } from './compatData.js';
import type { PlanPhrase } from './planText.js';

/** Drivers are per OS family: WSL2 uses the Windows driver. */
export type DriverOs = 'linux' | 'windows';

export function driverOs(os: TargetOs): DriverOs {
  return os === 'windows' || os === 'wsl' ? 'windows' : 'linux';
}

export interface DriverFloor {
  version: string;
  /** Why this floor, in words a student can read: a clause, in the reader's language. */
  why: PlanPhrase;
}

/** The newest toolkit release of a series that names a driver for this OS (Table 3). */
function toolkitFloor(data: CompatData, series: string, os: DriverOs): string | null {
  let best: string | null = null;
  for (const release of data.cudaToolkits.releases) {
    if (cudaSeries(release.version) !== series || release.confidence === 'unverified') continue;
    const floor = os === 'linux' ? release.driverLinux : release.driverWindows;
    // The .0 GA release carries the lowest floor of the series.
    if (floor && (best === null || driverVersion.compare(floor, best) < 0)) best = floor;
  }
  return best;
}

/**
 * The driver one toolkit update needs on this OS (Table 3 lists one per update: 12.6 Update 3 needs more than 12.6 GA).
 * A version the table does not name exactly (nvcc's "12.6.85") gets the series' GA floor; null when the series has none.
 */
export function toolkitUpdateFloor(data: CompatData, version: string, os: DriverOs): string | null {
  for (const release of data.cudaToolkits.releases) {
    if (release.version !== version || release.confidence === 'unverified') continue;
    const floor = os === 'linux' ? release.driverLinux : release.driverWindows;
    if (floor) return floor;
  }
  return toolkitFloor(data, cudaSeries(version), os);
}

/** The updates of a series older than `version` that name a driver for this OS, newest first, with that driver (Table 3). */
export function olderToolkitUpdates(data: CompatData, version: string, os: DriverOs): { version: string; floor: string }[] {
  const series = cudaSeries(version);
  const older: { version: string; floor: string }[] = [];
  for (const release of data.cudaToolkits.releases) {
    if (cudaSeries(release.version) !== series || release.confidence === 'unverified' || cudaVersion.compare(release.version, version) >= 0) continue;
    const floor = os === 'linux' ? release.driverLinux : release.driverWindows;
    if (floor) older.push({ version: release.version, floor });
  }
  return older.sort((a, b) => cudaVersion.compare(b.version, a.version));
}

/**
 * The lowest driver that runs a build made with this CUDA version. Bundled CUDA runtimes rely on minor-version
 * compatibility (one floor per major family); code that needs PTX JIT needs the toolkit's own driver.
 */
// Per data object, per CUDA version: the four floors (linux/windows x with/without PTX JIT), filled on first use.
const floorCache = new WeakMap<CompatData, Map<string, (DriverFloor | null | undefined)[]>>();
// Per data object, per architecture (undefined: unknown), per floor: the Linux and Windows targets.
const targetCache = new WeakMap<CompatData, Map<GpuArchitecture | undefined, Map<string, (DriverTarget | null | undefined)[]>>>();

function mapFor<K, V>(cache: WeakMap<CompatData, Map<K, V>>, data: CompatData): Map<K, V> {
  let map = cache.get(data);
  if (!map) {
    map = new Map();
    cache.set(data, map);
  }
  return map;
}

export function driverFloorFor(data: CompatData, cuda: string, os: DriverOs, needsPtxJit: boolean): DriverFloor | null {
  const byCuda = mapFor(floorCache, data);
  let slots = byCuda.get(cuda);
  if (!slots) {
    slots = [undefined, undefined, undefined, undefined];
    byCuda.set(cuda, slots);
  }
  const slot = (os === 'linux' ? 0 : 2) + (needsPtxJit ? 1 : 0);
  let floor = slots[slot];
  if (floor === undefined) {
    floor = computeDriverFloor(data, cuda, os, needsPtxJit);
    slots[slot] = floor;
  }
  return floor;
}

function computeDriverFloor(data: CompatData, cuda: string, os: DriverOs, needsPtxJit: boolean): DriverFloor | null {
  const series = cudaSeries(cuda);
  const major = cudaMajor(cuda);
  const compat = data.cudaToolkits.minorVersionCompatibility.find((row) => row.cudaMajor === major);
  const compatFloor = compat ? (os === 'linux' ? compat.linux : compat.windows) : null;
  const ownFloor = toolkitFloor(data, series, os);
  if (needsPtxJit && ownFloor) {
    return { version: ownFloor, why: (say) => say('driver.floor.ptxJit', { series, floor: ownFloor }) };
  }
  if (compatFloor && series !== '11.0') {
    return { version: compatFloor, why: (say) => say('driver.floor.minorVersionCompatibility', { major, floor: compatFloor }) };
  }
  if (ownFloor) return { version: ownFloor, why: (say) => say('driver.floor.toolkit', { series, floor: ownFloor }) };
  return compatFloor ? { version: compatFloor, why: (say) => say('driver.floor.majorFamily', { major, floor: compatFloor }) } : null;
}

/** The branch a driver version belongs to: the largest known branch number not above its first component. */
export function branchOf(data: CompatData, version: string): DriverBranch | undefined {
  const major = Number(version.split('.')[0]);
  let found: DriverBranch | undefined;
  for (const branch of data.driverBranches.branches) {
    if (Number(branch.branch) <= major) found = branch;
  }
  return found;
}

export function branchMinimum(branch: DriverBranch, os: DriverOs): string {
  return branch.minimumVersion[os] ?? branch.branch;
}

export interface DriverTarget {
  branch: string;
  minimumVersion: string;
  why: PlanPhrase;
}

/**
 * The branch to install when the current driver is missing or too old: the preferred long-term branch when it still
 * supports the GPU and meets the floor, else the newest branch the GPU still supports that meets it.
 */
export function chooseDriverTarget(data: CompatData, architecture: GpuArchitecture | undefined, floor: string, os: DriverOs): DriverTarget | null {
  const byArch = mapFor(targetCache, data);
  let byFloor = byArch.get(architecture);
  if (!byFloor) {
    byFloor = new Map();
    byArch.set(architecture, byFloor);
  }
  let slots = byFloor.get(floor);
  if (!slots) {
    slots = [undefined, undefined];
    byFloor.set(floor, slots);
  }
  const slot = os === 'linux' ? 0 : 1;
  let target = slots[slot];
  if (target === undefined) {
    target = computeDriverTarget(data, architecture, floor, os);
    slots[slot] = target;
  }
  return target;
}

function computeDriverTarget(data: CompatData, architecture: GpuArchitecture | undefined, floor: string, os: DriverOs): DriverTarget | null {
  const last = architecture?.lastDriverBranch ? Number(architecture.lastDriverBranch) : Number.POSITIVE_INFINITY;
  const first = architecture?.firstDriver?.[os];
  const eligible = data.driverBranches.branches.filter((branch) => {
    if (Number(branch.branch) > last || branch.confidence === 'secondary') return false;
    // A branch qualifies when its current drivers meet the floor, i.e. it is the floor's branch or a newer one.
    const meetsFloor = Number(branch.branch) >= Number(floor.split('.')[0]);
    const runsGpu = !first || Number(branch.branch) >= Number(first.split('.')[0]);
    return meetsFloor && runsGpu;
  });
  if (eligible.length === 0) return null;
  const preferred = data.driverBranches.preferredBranch.branch;
  const pick = eligible.find((branch) => branch.branch === preferred) ?? eligible[eligible.length - 1]!;
  const min = branchMinimum(pick, os);
  const version = driverVersion.compare(min, floor) >= 0 ? min : floor;
  const branch = pick.branch;
  if (branch === preferred) {
    return { branch, minimumVersion: version, why: (say) => say('driver.target.preferred', { branch }) };
  }
  const lastFor = architecture?.lastDriverBranch === branch ? architecture.name : undefined;
  const why: PlanPhrase =
    lastFor !== undefined ? (say) => say('driver.target.lastForArchitecture', { branch, architecture: lastFor }) : (say) => say('driver.target.newestMeetingFloor', { branch });
  return { branch, minimumVersion: version, why };
}
