// The shapes the resolver's parts pass between them: what a GPU is, a release's builds, a candidate, why one failed.
import type { Locale } from '../i18n/localize.js';
import type { DottedVersion } from '../versions/dottedVersion.js';
import type { HardwareProfile, Plan, PlanRequest } from '../types/plan.js';
import type { CompatData, DistroDriver, GpuArchitecture } from './compatData.js';
import type { CapabilityMatch } from './computeCapability.js';
import type { DriverFloor, DriverOs, DriverTarget } from './driverPolicy.js';
import type { FrameworkBuild } from './frameworkBuilds.js';
import type { PlanPhrase, PlanSay } from './planText.js';
import type { ParsedPythonRange } from './pythonRange.js';

/** Codes a blocked plan can carry; each comes with a message and, where one exists, the nearest working request. */
export const PLAN_BLOCKER_CODES = [
  'VERSION_UNKNOWN',
  'PYTHON_UNSUPPORTED',
  'PYTHON_NOT_PACKAGED',
  'NO_KERNELS_FOR_GPU',
  'DRIVER_BRANCH_ENDED',
  'DRIVER_NOT_PACKAGED',
  'DRIVER_CHANGE_REFUSED',
  'METHOD_UNSUPPORTED',
  'NO_GPU_BUILD_ON_PLATFORM',
  'NO_BUILD_ON_PLATFORM',
  'RELEASE_YANKED',
  // Found by asking the package index (main/plan/indexCheck.ts): no file of the planned release installs on this machine.
  'WHEEL_NOT_ON_INDEX',
] as const;
export type PlanBlockerCode = (typeof PLAN_BLOCKER_CODES)[number];

export interface GpuInfo {
  vendor: HardwareProfile['gpuVendor'];
  name?: string;
  computeCapability?: string;
  gfxArch?: string;
  architecture?: GpuArchitecture;
  /** Only NVIDIA's open kernel modules drive it (Blackwell, GH200): every driver install gets those. */
  openModulesOnly: boolean;
}

export type DriverDecision =
  | { action: 'keep'; floor: DriverFloor }
  | { action: 'install' | 'upgrade'; floor: DriverFloor; target: DriverTarget }
  | { action: 'none' };

export interface Candidate {
  build: FrameworkBuild;
  python: string;
  match: CapabilityMatch;
  driver: DriverDecision;
  /** The system toolkit update a kept driver runs, when it is not the series' newest (12.6.2 on Windows 560.94). */
  toolkit?: string;
}

export interface Failure {
  code: PlanBlockerCode;
  build?: FrameworkBuild;
  /**
   * Built only when shown: most failures are never read, and plans are resolved in bulk. Failures are cached per data
   * object and shared across locales, so the reader's `say` comes with the call.
   */
  message: PlanPhrase;
  /** What kind of reason it is when the code alone does not say: "noKernels" (no code for the GPU), "cudnn" (a bundled library's floor). */
  cause?: 'noKernels' | 'cudnn';
}

export interface ReleaseGroup {
  release: string;
  builds: FrameworkBuild[];
  /** The release's Python range (every build of a release shares it). */
  python: ParsedPythonRange;
  /** Pulled from PyPI by its maintainers: no plan installs it. */
  yanked: boolean;
}

export interface CudaEntry {
  build: FrameworkBuild;
  match: 'native' | 'ptx';
  floor: DriverFloor;
  /** The floor parsed, so each plan compares numbers; null when the data's floor is not a driver version. */
  floorParts: DottedVersion | null;
  /** The branch to install when the current driver is below the floor; undefined until first needed. */
  target?: DriverTarget | null;
  /** A system toolkit the plan installs: the series' older updates with their floors, newest first (Table 3 per update). */
  olderToolkits?: OlderToolkit[];
}

export interface OlderToolkit {
  version: string;
  floor: DriverFloor;
  floorParts: DottedVersion;
}

export interface CudaRelease {
  /** Every CUDA build of the release in order: an entry, or the failure that rules it out whatever the driver. */
  items: (CudaEntry | Failure)[];
  /** The failures when no build is an entry: such a release never yields a candidate. */
  onlyFailures: Failure[] | null;
  /** The lowest entry floor, to skip a release no entry of which keeps the driver; null: do not skip. */
  lowestFloor: DottedVersion | null;
}

export interface Context {
  data: CompatData;
  profile: HardwareProfile;
  request: PlanRequest;
  gpu: GpuInfo;
  /** Which kind of build can use this machine's GPU, if any. */
  gpuKind: 'cuda' | 'rocm' | null;
  driverOs: DriverOs;
  /** The machine's driver version parsed; null when there is none or it cannot be read. */
  driverParts: DottedVersion | null;
  /** The driver this machine's distribution packages, when it has one: a driver install gives that (distroDriver.ts). */
  distroDriver?: DistroDriver;
  /** CUDA entries per release for this GPU capability, driver OS and method (shared by every such plan). */
  cudaReleases: Map<ReleaseGroup, CudaRelease>;
  /** The driver is kept because DL Setup prefers a working driver, not because the user asked (driverPreference.ts). */
  keepPreferred?: boolean;
  /** Among builds of a release that change the driver, the one needing the lowest driver wins (driverPreference.ts). */
  leastDriverChange?: boolean;
  /** The reader's language, and its sentences. */
  locale: Locale;
  say: PlanSay;
}

export interface Chosen {
  candidate: Candidate;
  /** Chosen by the preference for the installed driver: without it a newer build needing a driver change was planned. */
  keptByPreference?: boolean;
  /** The newest release tried first, when it was not the chosen one, and why it failed. */
  skipped?: { release: string; failures: Failure[]; nearer: () => NearerSkip | undefined };
}

/**
 * The releases just above the chosen one, when something other than the newest release's reason rules them out
 * (a K80: 2.14 has no sm_37 code, but 2.4-2.7 have it and bundle a cuDNN that refuses sm_37). Oldest first.
 */
export interface NearerSkip {
  from: string;
  to: string;
  failure: Failure;
}

export interface SearchResult {
  chosen?: Chosen;
  /** Every build's failure, newest release first; only when nothing was chosen. */
  failures: Failure[];
}

/** The fields every plan of one resolution shares. */
export type PlanBase = Pick<Plan, 'request' | 'profile' | 'gpu' | 'dataReviewedAt'>;
