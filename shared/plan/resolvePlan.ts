import { lookupGpu } from '../gpus/lookupGpu.js';
import type { Locale } from '../i18n/localize.js';
import { cudaSeries, cudaVersion } from '../versions/cudaVersion.js';
import { compareDotted, type DottedVersion } from '../versions/dottedVersion.js';
import { driverVersion } from '../versions/driverVersion.js';
import type { Framework, HardwareProfile, InstallMethod, Plan, PlanBlocker, PlanRequest } from '../types/plan.js';
import type { CompatData, GpuArchitecture, PythonRange } from './compatData.js';
import { matchCapability, smLabel, type CapabilityMatch } from './computeCapability.js';
import { branchOf, chooseDriverTarget, driverFloorFor, driverOs, type DriverFloor, type DriverOs, type DriverTarget } from './driverPolicy.js';
import { frameworkBuilds, platformKey, type FrameworkBuild } from './frameworkBuilds.js';
import { planSteps } from './planSteps.js';
import { planText, type PlanPhrase, type PlanSay } from './planText.js';

/** Codes a blocked plan can carry; each comes with a message and, where one exists, the nearest working request. */
export const PLAN_BLOCKER_CODES = [
  'VERSION_UNKNOWN',
  'PYTHON_UNSUPPORTED',
  'NO_KERNELS_FOR_GPU',
  'DRIVER_BRANCH_ENDED',
  'DRIVER_CHANGE_REFUSED',
  'METHOD_UNSUPPORTED',
  'NO_GPU_BUILD_ON_PLATFORM',
] as const;
export type PlanBlockerCode = (typeof PLAN_BLOCKER_CODES)[number];

/** How each framework is written in sentences and tables. */
export const FRAMEWORK_NAMES: Record<Framework, string> = { pytorch: 'PyTorch', tensorflow: 'TensorFlow', jax: 'JAX' };
/** Used when neither the request nor the machine names a Python: current wheels of all three frameworks have it. */
const PREFERRED_PYTHON = '3.12';

interface GpuInfo {
  vendor: HardwareProfile['gpuVendor'];
  name?: string;
  computeCapability?: string;
  gfxArch?: string;
  architecture?: GpuArchitecture;
}

type DriverDecision = { action: 'keep'; floor: DriverFloor } | { action: 'install' | 'upgrade'; floor: DriverFloor; target: DriverTarget } | { action: 'none' };

interface Candidate {
  build: FrameworkBuild;
  python: string;
  match: CapabilityMatch;
  driver: DriverDecision;
}

interface Failure {
  code: PlanBlockerCode;
  build?: FrameworkBuild;
  /**
   * Built only when shown: most failures are never read, and plans are resolved in bulk. Failures are cached per data
   * object and shared across locales, so the reader's `say` comes with the call.
   */
  message: PlanPhrase;
}

interface ReleaseGroup {
  release: string;
  builds: FrameworkBuild[];
  /** The release's Python range, its bounds parsed, and the Python chosen when neither request nor machine names one. */
  python: PythonRange;
  pythonMin: readonly [number, number];
  pythonMax: readonly [number, number];
  defaultPython: string;
}

// ---------- small helpers ----------

const mmCache = new Map<string, string>();

function mm(version: string): string {
  let result = mmCache.get(version);
  if (result === undefined) {
    const [major = '', minor] = version.split('.');
    result = minor === undefined ? major : `${major}.${minor}`;
    if (mmCache.size < 10_000) mmCache.set(version, result);
  }
  return result;
}

const mmPartsCache = new Map<string, readonly [number, number]>();

/** "3.12" -> [3, 12]; a missing part is 0. Versions come from a small closed set, so the cache stays small. */
function mmParts(version: string): readonly [number, number] {
  let parts = mmPartsCache.get(version);
  if (parts === undefined) {
    const [major = 0, minor = 0] = version.split('.').map(Number);
    parts = [major, minor];
    if (mmPartsCache.size < 10_000) mmPartsCache.set(version, parts);
  }
  return parts;
}

function compareMm(a: string, b: string): number {
  const [a1, a2] = mmParts(a);
  const [b1, b2] = mmParts(b);
  return a1 - b1 || a2 - b2;
}

function pythonInRange(python: string, range: PythonRange): boolean {
  return compareMm(python, range.min) >= 0 && compareMm(python, range.max) <= 0;
}

function choosePython(range: PythonRange, request: PlanRequest, profile: HardwareProfile): string | null {
  if (request.python) return pythonInRange(request.python, range) ? mm(request.python) : null;
  if (profile.pythonVersion && pythonInRange(profile.pythonVersion, range)) return mm(profile.pythonVersion);
  return defaultPython(range);
}

/** The Python for a range when neither the request nor the machine names one. */
function defaultPython(range: PythonRange): string {
  if (pythonInRange(PREFERRED_PYTHON, range)) return PREFERRED_PYTHON;
  return compareMm(PREFERRED_PYTHON, range.min) < 0 ? mm(range.min) : mm(range.max);
}

function inGroupRange(version: string, group: ReleaseGroup): boolean {
  const [major, minor] = mmParts(version);
  return (major - group.pythonMin[0] || minor - group.pythonMin[1]) >= 0 && (major - group.pythonMax[0] || minor - group.pythonMax[1]) <= 0;
}

/** choosePython for a release group, with the range parsed once per data object. */
function groupPython(group: ReleaseGroup, request: PlanRequest, profile: HardwareProfile): string | null {
  if (request.python) return inGroupRange(request.python, group) ? mm(request.python) : null;
  if (profile.pythonVersion && inGroupRange(profile.pythonVersion, group)) return mm(profile.pythonVersion);
  return group.defaultPython;
}

function architectureFor(data: CompatData, capability: string | undefined): GpuArchitecture | undefined {
  if (!capability) return undefined;
  return data.architectures.architectures.find((arch) => arch.computeCapabilities.includes(capability));
}

function describeGpu(data: CompatData, profile: HardwareProfile): GpuInfo {
  const cache = prepared(data).gpuInfo;
  const key = `${profile.gpuVendor}|${profile.gpuName}|${profile.computeCapability}|${profile.gpuArch}`;
  let info = cache.get(key);
  if (!info) {
    info = computeGpuInfo(data, profile);
    cache.set(key, info);
  }
  return info;
}

function computeGpuInfo(data: CompatData, profile: HardwareProfile): GpuInfo {
  // Every field set up front: one object shape for all GPUs keeps the plan code monomorphic.
  const info: GpuInfo = { vendor: profile.gpuVendor, name: profile.gpuName, computeCapability: profile.computeCapability, gfxArch: profile.gpuArch, architecture: undefined };
  if (profile.gpuVendor !== 'none' && profile.gpuName && (!info.computeCapability || !info.gfxArch)) {
    const row = lookupGpu(data.gpus.gpus, { name: profile.gpuName });
    if (row) {
      info.computeCapability ??= row.computeCapability;
      info.gfxArch ??= row.gfxArch;
      info.name = row.name;
    }
  }
  info.architecture = architectureFor(data, info.computeCapability);
  return info;
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
  return gpu.name ?? gpu.vendor;
}

function releaseMatchesPin(framework: Framework, release: string, pin: string): boolean {
  const bare = pin.split('+')[0]!;
  if (framework === 'jax') return release === bare || release.startsWith(`${bare}.`) || mm(release) === bare;
  return mm(release) === mm(bare);
}

function pinnedVersion(framework: Framework, build: FrameworkBuild, pin: string | undefined): string {
  if (!pin || framework === 'jax') return build.version;
  const bare = pin.split('+')[0]!;
  return bare.split('.').length >= 3 ? bare : build.version;
}

function withVersion(build: FrameworkBuild, version: string): FrameworkBuild {
  if (version === build.version) return build;
  return { ...build, version, packages: build.packages.map((pkg) => pkg.replace(/==.*$/, `==${version}`)) };
}

// ---------- candidate evaluation ----------

interface Context {
  data: CompatData;
  profile: HardwareProfile;
  request: PlanRequest;
  gpu: GpuInfo;
  /** Which kind of build can use this machine's GPU, if any. */
  gpuKind: 'cuda' | 'rocm' | null;
  driverOs: DriverOs;
  /** The machine's driver version parsed; null when there is none or it cannot be read. */
  driverParts: DottedVersion | null;
  /** CUDA entries per release for this GPU capability, driver OS and method (shared by every such plan). */
  cudaReleases: Map<ReleaseGroup, CudaRelease>;
  /** The reader's language, and its sentences. */
  locale: Locale;
  say: PlanSay;
}

/*
 * How candidates are found. Per data object and per GPU capability, driver OS and method, each release's CUDA builds
 * become entries once (code match and driver floor), or the failure that rules a build out whatever the driver; a
 * plan then only compares its driver with the floors. A scan looks for the best candidate and allocates nothing for
 * builds that fail. Failures with their messages are collected only where a plan shows them.
 */

interface CudaEntry {
  build: FrameworkBuild;
  match: 'native' | 'ptx';
  floor: DriverFloor;
  /** The floor parsed, so each plan compares numbers; null when the data's floor is not a driver version. */
  floorParts: DottedVersion | null;
  /** The branch to install when the current driver is below the floor; undefined until first needed. */
  target?: DriverTarget | null;
}

interface CudaRelease {
  /** Every CUDA build of the release in order: an entry, or the failure that rules it out whatever the driver. */
  items: (CudaEntry | Failure)[];
  /** The failures when no build is an entry: such a release never yields a candidate. */
  onlyFailures: Failure[] | null;
  /** The lowest entry floor, to skip a release no entry of which keeps the driver; null: do not skip. */
  lowestFloor: DottedVersion | null;
}

function cudaRelease(ctx: Context, group: ReleaseGroup): CudaRelease {
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
      build,
      message: (say) =>
        say('failure.noKernels', { fw: FRAMEWORK_NAMES[build.framework], version: build.version, variant: build.variant, sm: smLabel(cc), capabilities: (build.capabilities ?? []).join(', ') }),
    };
  }
  if (request.method === 'wheels' && build.needsSystemCuda) {
    return {
      code: 'METHOD_UNSUPPORTED',
      build,
      message: (say) => say('failure.tensorflowWheelsWithoutCuda', { version: build.version, cuda: String(build.cuda), cudnn: String(build.cudnn) }),
    };
  }
  const os = ctx.driverOs;
  const systemToolkit = (request.method ?? defaultMethod(build)) === 'system';
  let floor = driverFloorFor(data, build.cuda!, os, match === 'ptx' || systemToolkit);
  if (!floor) return { code: 'NO_KERNELS_FOR_GPU', build, message: (say) => say('failure.noDriverFloor', { cuda: String(build.cuda) }) };
  if (systemToolkit && match !== 'ptx') {
    const series = cudaSeries(build.cuda!);
    const version = floor.version;
    floor = { ...floor, why: (say) => say('driver.floor.systemToolkit', { series, floor: version }) };
  }
  const first = gpu.architecture?.firstDriver?.[os];
  if (first && driverVersion.compare(first, floor.version) > 0) {
    const architecture = gpu.architecture!.name;
    floor = { version: first, why: (say) => say('driver.floor.architecture', { architecture, floor: first }) };
  }
  return { build, match, floor, floorParts: driverVersion.parse(floor.version), target: undefined };
}

/** An entry against this machine's driver: a candidate, or (only when collecting) why not. */
function evaluateCuda(ctx: Context, entry: CudaEntry, python: string, collect: boolean): Candidate | Failure | null {
  const { data, profile, request, gpu } = ctx;
  const { build, match, floor } = entry;
  const current = profile.driverVersion;
  if (ctx.driverParts && (entry.floorParts ? compareDotted(ctx.driverParts, entry.floorParts) : driverVersion.compare(current!, floor.version)) >= 0) {
    return { build, python, match, driver: { action: 'keep', floor } };
  }
  if (request.allowDriverChange === false) {
    if (!collect) return null;
    return {
      code: 'DRIVER_CHANGE_REFUSED',
      build,
      message: (say) =>
        current
          ? say('failure.driverChangeRefusedWithCurrent', { variant: build.variant, floor: floor.version, driver: current })
          : say('failure.driverChangeRefused', { variant: build.variant, floor: floor.version }),
    };
  }
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

function evaluateRocm(ctx: Context, build: FrameworkBuild, python: string, collect: boolean): Candidate | Failure | null {
  if (build.kind !== 'rocm') return null;
  if (build.gfx?.includes(ctx.gpu.gfxArch!)) return { build, python, match: 'native', driver: { action: 'none' } };
  if (!collect) return null;
  const gfx = String(ctx.gpu.gfxArch);
  return { code: 'NO_KERNELS_FOR_GPU', build, message: (say) => say('failure.rocmUnsupportedGfx', { version: build.version, variant: build.variant, gfx }) };
}

/** The first rank keys of a candidate, lower is better: forced variant, no driver change, native code, pip default. */
function rankKey(candidate: Candidate, forcedVariant: string | undefined): number {
  const driverCost = candidate.driver.action === 'keep' || candidate.driver.action === 'none' ? 0 : 1;
  return (
    (candidate.build.variant === forcedVariant ? 0 : 8) +
    driverCost * 4 +
    (candidate.match === 'native' ? 0 : 2) +
    (candidate.build.pipDefault ? 0 : 1)
  );
}

const ZERO_PARTS = [0, 0] as const;

/** The last rank keys: the newer CUDA wins. */
function compareCuda(a: FrameworkBuild, b: FrameworkBuild): number {
  const [a1, a2] = a.cuda ? mmParts(a.cuda) : ZERO_PARTS;
  const [b1, b2] = b.cuda ? mmParts(b.cuda) : ZERO_PARTS;
  if (a1 !== b1) return b1 - a1;
  return b2 - a2;
}

function better(a: Candidate, b: Candidate, forced: string | undefined): boolean {
  const ka = rankKey(a, forced);
  const kb = rankKey(b, forced);
  if (ka !== kb) return ka < kb;
  return compareCuda(a.build, b.build) < 0;
}

function keepBetter(best: Candidate | undefined, outcome: Candidate | Failure | null, forcedVariant: string | undefined): Candidate | undefined {
  if (!outcome || 'code' in outcome) return best;
  return !best || better(outcome, best, forcedVariant) ? outcome : best;
}

/** The best candidate of one release, if any. */
function scanRelease(ctx: Context, group: ReleaseGroup, forcedVariant: string | undefined): Candidate | undefined {
  let best: Candidate | undefined;
  if (ctx.gpuKind === 'cuda') {
    const release = cudaRelease(ctx, group);
    if (release.onlyFailures) return undefined;
    // Keeping the driver: a release whose every floor is above it (or with no readable driver) has no candidate.
    if (ctx.request.allowDriverChange === false && (!ctx.driverParts || (release.lowestFloor && compareDotted(ctx.driverParts, release.lowestFloor) < 0))) return undefined;
    const python = groupPython(group, ctx.request, ctx.profile);
    if (!python) return undefined;
    for (const item of release.items) if (!('code' in item)) best = keepBetter(best, evaluateCuda(ctx, item, python, false), forcedVariant);
  } else if (ctx.gpuKind === 'rocm') {
    const python = groupPython(group, ctx.request, ctx.profile);
    if (!python) return undefined;
    for (const build of group.builds) best = keepBetter(best, evaluateRocm(ctx, build, python, false), forcedVariant);
  }
  return best;
}

const NO_FAILURES: Failure[] = [];

/** Why a release has no candidate: every failure, in build order (call only for a release the scan rejected). */
function releaseFailures(ctx: Context, group: ReleaseGroup): Failure[] {
  const range = group.python;
  const python = groupPython(group, ctx.request, ctx.profile);
  if (!python) {
    const build = group.builds[0]!;
    const asked = String(ctx.request.python);
    return [
      {
        code: 'PYTHON_UNSUPPORTED',
        message: (say) => say('failure.pythonUnsupported', { fw: FRAMEWORK_NAMES[build.framework], version: build.version, min: range.min, max: range.max, python: asked }),
      },
    ];
  }
  const failures: Failure[] = [];
  const add = (outcome: Candidate | Failure | null): void => {
    if (outcome && 'code' in outcome) failures.push(outcome);
  };
  if (ctx.gpuKind === 'cuda') {
    const release = cudaRelease(ctx, group);
    if (release.onlyFailures) return release.onlyFailures;
    for (const item of release.items) add('code' in item ? item : evaluateCuda(ctx, item, python, true));
  } else if (ctx.gpuKind === 'rocm') {
    for (const build of group.builds) add(evaluateRocm(ctx, build, python, true));
  }
  return failures;
}

function defaultMethod(build: FrameworkBuild): InstallMethod {
  return build.needsSystemCuda ? 'system' : 'wheels';
}

// ---------- preparing data once ----------

interface Prepared {
  reviewedAt: string;
  builds: Map<string, ReleaseGroup[]>;
  gpuInfo: Map<string, GpuInfo>;
  /** CUDA entries by capability, driver OS and method, then by release. */
  cudaReleases: Map<string, Map<ReleaseGroup, CudaRelease>>;
}

const preparedCache = new WeakMap<CompatData, Prepared>();

function prepared(data: CompatData): Prepared {
  let p = preparedCache.get(data);
  if (!p) {
    const dates = [data.gpus, data.cudaToolkits, data.architectures, data.driverBranches, data.pytorch, data.tensorflow, data.jax, data.cudnn].map((t) => t.reviewedAt);
    p = { reviewedAt: dates.sort()[0]!, builds: new Map(), gpuInfo: new Map(), cudaReleases: new Map() };
    preparedCache.set(data, p);
  }
  return p;
}

const NO_CUDA_RELEASES = new Map<ReleaseGroup, CudaRelease>();

function cudaReleasesFor(data: CompatData, gpu: GpuInfo, os: DriverOs, method: InstallMethod | undefined): Map<ReleaseGroup, CudaRelease> {
  const cache = prepared(data).cudaReleases;
  // The architecture, the only other GPU fact an entry reads, follows from the capability.
  const key = `${gpu.computeCapability}|${os}|${method}`;
  let releases = cache.get(key);
  if (!releases) {
    releases = new Map();
    cache.set(key, releases);
  }
  return releases;
}

function releaseGroups(data: CompatData, framework: Framework, profile: HardwareProfile): ReleaseGroup[] {
  const p = prepared(data);
  const key = `${framework}|${platformKey(profile)}|${profile.os === 'wsl'}`;
  let groups = p.builds.get(key);
  if (!groups) {
    groups = frameworkBuilds(data, framework, profile).map((builds) => {
      const python = builds[0]!.python;
      return {
        release: builds[0]!.release,
        builds,
        python,
        pythonMin: mmParts(python.min),
        pythonMax: mmParts(python.max),
        defaultPython: defaultPython(python),
      };
    });
    p.builds.set(key, groups);
  }
  return groups;
}

// ---------- plan assembly ----------

interface Chosen {
  candidate: Candidate;
  /** The newest release tried first, when it was not the chosen one, and why it failed. */
  skipped?: { release: string; failures: Failure[] };
}

interface SearchResult {
  chosen?: Chosen;
  /** Every build's failure, newest release first; only when nothing was chosen. */
  failures: Failure[];
}

/** The first release (newest first) with a candidate; failures are collected only when no release has one. */
function search(ctx: Context, groups: ReleaseGroup[], forcedVariant: string | undefined): SearchResult {
  for (let index = 0; index < groups.length; index++) {
    const best = scanRelease(ctx, groups[index]!, forcedVariant);
    if (!best) continue;
    // The newest release was skipped: say why.
    const skipped = index > 0 ? { release: groups[0]!.builds[0]!.version, failures: releaseFailures(ctx, groups[0]!) } : undefined;
    return { chosen: { candidate: best, skipped }, failures: NO_FAILURES };
  }
  const all: Failure[] = [];
  for (const group of groups) all.push(...releaseFailures(ctx, group));
  return { failures: all };
}

function cpuBuild(ctx: Context, group: ReleaseGroup): FrameworkBuild | undefined {
  return group.builds.find((build) => build.kind === 'cpu');
}

function blockerFor(failures: Failure[], ctx: Context, fw: string): Failure {
  const order: PlanBlockerCode[] = ['PYTHON_UNSUPPORTED', 'DRIVER_CHANGE_REFUSED', 'METHOD_UNSUPPORTED', 'DRIVER_BRANCH_ENDED', 'NO_KERNELS_FOR_GPU'];
  for (const code of order) {
    const hit = failures.find((f) => f.code === code);
    if (hit) return hit;
  }
  const where = WHERE_KEYS[ctx.profile.os];
  const toolkit = ctx.gpuKind === 'rocm' ? 'ROCm' : 'CUDA';
  return { code: 'NO_GPU_BUILD_ON_PLATFORM', message: (say) => say('failure.noGpuBuildOnPlatform', { fw, toolkit, platform: say(where) }) };
}

/** How each OS is named where a sentence says which platform lacks a build. */
const WHERE_KEYS = { windows: 'platform.nativeWindows', linux: 'platform.linux', wsl: 'platform.wsl', macos: 'platform.macos' } as const;
const PLATFORM_KEYS = { ...WHERE_KEYS, wsl: 'platform.wsl2' } as const;

function summarizeSkip(skipped: NonNullable<Chosen['skipped']>, fw: string, profile: HardwareProfile, say: PlanSay): string {
  const first = skipped.failures[0];
  const why = first
    ? first.message(say)
    : fw === 'TensorFlow' && profile.os === 'windows'
      ? say('release.skipped.tensorflowWindows')
      : say('release.skipped.noGpuBuild', { platform: say(PLATFORM_KEYS[profile.os]) });
  return say('release.skipped', { fw, release: skipped.release, why });
}

/**
 * Resolves a compatible install plan for one framework on one machine. Pure: the same data, profile and request
 * always give the same plan. Every choice is explained in `reasons`.
 */
export function resolvePlan(data: CompatData, profile: HardwareProfile, request: PlanRequest, options: { locale?: Locale } = {}): Plan {
  const locale = options.locale ?? 'en';
  const say = planText(locale);
  const gpu = describeGpu(data, profile);
  const fw = FRAMEWORK_NAMES[request.framework];
  const reasons: string[] = [];
  const warnings: string[] = [];
  const allGroups = releaseGroups(data, request.framework, profile);
  const pin = request.frameworkVersion?.trim();
  const forcedVariant = pin?.includes('+') ? pin.split('+')[1] : undefined;
  const groups = pin ? allGroups.filter((g) => releaseMatchesPin(request.framework, g.release, pin)) : allGroups;

  let gpuKind: Context['gpuKind'] = null;
  if (profile.os !== 'macos') {
    if (gpu.vendor === 'nvidia' && gpu.computeCapability) gpuKind = 'cuda';
    else if (gpu.vendor === 'amd' && gpu.gfxArch && profile.os === 'linux' && request.framework === 'pytorch') gpuKind = 'rocm';
  }
  const os = driverOs(profile.os);
  const driverParts = profile.driverVersion ? driverVersion.parse(profile.driverVersion) : null;
  const cudaReleases = gpuKind === 'cuda' ? cudaReleasesFor(data, gpu, os, request.method) : NO_CUDA_RELEASES;
  const ctx: Context = { data, profile, request, gpu, gpuKind, driverOs: os, driverParts, cudaReleases, locale, say };
  const base = {
    request,
    profile,
    gpu: { vendor: gpu.vendor, name: gpu.name, computeCapability: gpu.computeCapability, gfxArch: gpu.gfxArch, architecture: gpu.architecture?.name },
    dataReviewedAt: prepared(data).reviewedAt,
  };

  if (pin && groups.length === 0) {
    const newest = allGroups[0]?.builds[0]?.version;
    return blockedPlan(base, request, profile, reasons, warnings, {
      code: 'VERSION_UNKNOWN',
      message: say('blocker.versionUnknown', { fw, pin, newest: String(newest) }),
      alternative: newest ? { ...request, frameworkVersion: newest } : undefined,
    });
  }

  reasons.push(describeMachine(gpu, profile, say));
  if (gpu.vendor === 'nvidia' && !gpu.computeCapability && profile.os !== 'macos') {
    warnings.push(say('warning.unknownCapability'));
  }

  let chosen: Chosen | undefined;
  let gpuFailures: Failure[] = [];
  if (gpuKind) {
    const result = search(ctx, groups, forcedVariant);
    chosen = result.chosen;
    gpuFailures = result.failures;
    if (!chosen && pin) {
      const blocker = blockerFor(gpuFailures, ctx, fw);
      const alternative = alternativeFor(blocker, ctx, allGroups);
      const message = blockerMessage(blocker, ctx, fw, pin);
      return blockedPlan(base, request, profile, reasons, warnings, { code: blocker.code, message, alternative }, groups[0], ctx);
    }
  }

  if (chosen) return gpuPlan(ctx, base, chosen, reasons, warnings, fw, allGroups, groups, forcedVariant);

  // CPU plan: no usable GPU, or no build of any release reaches it.
  for (const group of groups) {
    const python = choosePython(group.builds[0]!.python, request, profile);
    const build = cpuBuild(ctx, group);
    if (!python || !build) continue;
    const noGpuBuild = Boolean(gpuKind && gpuFailures.length);
    if (noGpuBuild) {
      const blocker = blockerFor(gpuFailures, ctx, fw);
      warnings.push(say('warning.cpuBuildNoGpuBuild', { fw, why: blocker.message(say) }));
    }
    return cpuPlan(ctx, base, withVersion(build, pinnedVersion(request.framework, build, pin)), python, reasons, warnings, fw, noGpuBuild);
  }
  const range = groups[0]!.builds[0]!.python;
  return blockedPlan(base, request, profile, reasons, warnings, {
    code: 'PYTHON_UNSUPPORTED',
    message: say('failure.pythonUnsupported', { fw, version: groups[0]!.builds[0]!.version, min: range.min, max: range.max, python: String(request.python) }),
    alternative: { ...request, python: choosePython(range, { ...request, python: undefined }, { ...profile, pythonVersion: undefined }) ?? range.max },
  });
}

const MACHINE_OS_KEYS = { linux: 'machine.os.linux', windows: 'machine.os.windows', wsl: 'machine.os.wsl', macos: 'machine.os.macos' } as const;

function describeMachine(gpu: GpuInfo, profile: HardwareProfile, say: PlanSay): string {
  const os = say(MACHINE_OS_KEYS[profile.os]);
  const arch = profile.arch;
  if (gpu.vendor === 'none') return say('machine.noGpu', { os, arch });
  const label = gpuLabel(gpu, say);
  if (gpu.vendor !== 'nvidia') return say('machine.gpu', { os, arch, gpu: label });
  return profile.driverVersion ? say('machine.gpuWithDriver', { os, arch, gpu: label, driver: profile.driverVersion }) : say('machine.gpuWithoutDriver', { os, arch, gpu: label });
}

function alternativeFor(blocker: Failure, ctx: Context, allGroups: ReleaseGroup[]): PlanRequest | undefined {
  const { request, profile } = ctx;
  if (blocker.code === 'PYTHON_UNSUPPORTED') {
    const group = allGroups.find((g) => releaseMatchesPin(request.framework, g.release, request.frameworkVersion!));
    if (group) return { ...request, python: choosePython(group.builds[0]!.python, { ...request, python: undefined }, profile) ?? undefined };
  }
  if (blocker.code === 'DRIVER_CHANGE_REFUSED') return { ...request, allowDriverChange: true };
  if (blocker.code === 'METHOD_UNSUPPORTED') return { ...request, method: 'system' };
  const unpinned = search(ctx, allGroups, undefined).chosen;
  if (unpinned) return { ...request, frameworkVersion: unpinned.candidate.build.version };
  const withoutPython = request.python ? search({ ...ctx, request: { ...request, python: undefined } }, allGroups, undefined).chosen : undefined;
  return withoutPython ? { ...request, frameworkVersion: withoutPython.candidate.build.version, python: withoutPython.candidate.python } : undefined;
}

function blockerMessage(blocker: Failure, ctx: Context, fw: string, pin: string): string {
  const { say } = ctx;
  if (ctx.request.framework === 'tensorflow' && ctx.profile.os === 'windows' && blocker.code === 'NO_GPU_BUILD_ON_PLATFORM') {
    return say('blocker.tensorflowWindows', { pin });
  }
  if (ctx.request.framework === 'jax' && ctx.profile.os === 'windows' && blocker.code === 'NO_GPU_BUILD_ON_PLATFORM') {
    return say('blocker.jaxWindows', { pin });
  }
  return say('blocker.cannotUseGpu', { fw, pin, why: blocker.message(say) });
}

// Copied field by field into each plan: an object spread here cost more than the rest of plan assembly.
type PlanBase = Pick<Plan, 'request' | 'profile' | 'gpu' | 'dataReviewedAt'>;

function blockedPlan(
  base: PlanBase,
  request: PlanRequest,
  profile: HardwareProfile,
  reasons: string[],
  warnings: string[],
  blocker: PlanBlocker,
  group?: ReleaseGroup,
  ctx?: Context,
): Plan {
  const build = group && ctx ? cpuBuild(ctx, group) : undefined;
  const python = group ? choosePython(group.builds[0]!.python, { ...request, python: undefined }, profile) : null;
  return {
    request: base.request,
    profile: base.profile,
    gpu: base.gpu,
    dataReviewedAt: base.dataReviewedAt,
    status: 'blocked',
    method: request.method ?? 'wheels',
    framework: {
      name: request.framework,
      version: build ? pinnedVersion(request.framework, build, request.frameworkVersion) : (request.frameworkVersion ?? ''),
      variant: forcedOrNone(request),
      packages: [],
    },
    python: { version: request.python ?? python ?? '' },
    driver: { action: 'none', ...(profile.driverVersion ? { current: profile.driverVersion } : {}) },
    cudaToolkit: { action: 'none' },
    cudnn: { action: 'none' },
    steps: [],
    reasons,
    warnings,
    blockers: [blocker],
  };
}

function forcedOrNone(request: PlanRequest): string {
  return request.frameworkVersion?.includes('+') ? request.frameworkVersion.split('+')[1]! : 'none';
}

function cpuPlan(ctx: Context, base: PlanBase, build: FrameworkBuild, python: string, reasons: string[], warnings: string[], fw: string, noGpuBuild: boolean): Plan {
  const { profile, request, gpu, say } = ctx;
  const macArm = profile.os === 'macos' && (profile.arch === 'arm64' || profile.arch === 'aarch64');
  const mps = request.framework === 'pytorch' && macArm;
  const variant = mps ? 'mps' : 'cpu';
  if (mps) {
    reasons.push(say('cpu.macMps'));
  } else if (profile.os === 'macos') {
    reasons.push(say('cpu.mac', { fw }));
  } else if (gpu.vendor === 'none') {
    reasons.push(say('cpu.noGpu', { fw }));
  } else if (gpu.vendor === 'amd') {
    reasons.push(
      request.framework === 'pytorch'
        ? profile.os === 'linux'
          ? say('cpu.amd.noRocmBuild', { gfx: gpu.gfxArch ?? say('gpu.amd.this') })
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
  reasons.push(pythonReason(python, build.python, request, profile, say));
  const method: InstallMethod = request.method === 'conda' ? 'conda' : 'wheels';
  if (request.method === 'system') warnings.push(say('warning.systemMethodOnCpu'));
  const finalBuild = { ...build, variant };
  const driver: Plan['driver'] = { action: 'none', ...(profile.driverVersion ? { current: profile.driverVersion } : {}) };
  const cudaToolkit: Plan['cudaToolkit'] = { action: 'none' };
  const cudnn: Plan['cudnn'] = { action: 'none' };
  return {
    request: base.request,
    profile: base.profile,
    gpu: base.gpu,
    dataReviewedAt: base.dataReviewedAt,
    status: 'ok',
    method,
    framework: frameworkField(finalBuild),
    python: { version: python },
    driver,
    cudaToolkit,
    cudnn,
    steps: planSteps({ profile, method, build: finalBuild, python, driver, cudaToolkit, cudnn, condaCudaPackages: [], branches: ctx.data.driverBranches, say }),
    reasons,
    warnings,
    blockers: [],
  };
}

function frameworkField(build: FrameworkBuild): Plan['framework'] {
  return {
    name: build.framework,
    version: build.version,
    variant: build.variant,
    ...(build.indexUrl ? { indexUrl: build.indexUrl } : {}),
    ...(build.extraIndexUrl ? { extraIndexUrl: build.extraIndexUrl } : {}),
    ...(build.cuda ? { cuda: build.cuda } : {}),
    ...(build.cudnn ? { cudnn: build.cudnn } : {}),
    ...(build.rocm ? { rocm: build.rocm } : {}),
    packages: build.packages,
  };
}

function pythonReason(python: string, range: PythonRange, request: PlanRequest, profile: HardwareProfile, say: PlanSay): string {
  const params = { python, min: range.min, max: range.max };
  if (request.python) return say('python.requested', params);
  if (profile.pythonVersion && mm(profile.pythonVersion) === python) return say('python.onMachine', params);
  return say('python.default', params);
}

function newestToolkitInSeries(data: CompatData, series: string): string {
  let best: string | undefined;
  for (const release of data.cudaToolkits.releases) {
    if (release.confidence === 'unverified' || cudaSeries(release.version) !== series) continue;
    if (!best || cudaVersion.compare(release.version, best) > 0) best = release.version;
  }
  return best ?? series;
}

function gpuPlan(
  ctx: Context,
  base: PlanBase,
  chosen: Chosen,
  reasons: string[],
  warnings: string[],
  fw: string,
  allGroups: ReleaseGroup[],
  groups: ReleaseGroup[],
  forcedVariant: string | undefined,
): Plan {
  const { data, profile, request, gpu, say } = ctx;
  const { candidate } = chosen;
  const build = withVersion(candidate.build, pinnedVersion(request.framework, candidate.build, request.frameworkVersion));
  const method: InstallMethod = request.method ?? defaultMethod(build);

  // Which release, and why.
  if (request.frameworkVersion) reasons.push(say('release.pinned', { fw, version: build.version }));
  else if (chosen.skipped) reasons.push(summarizeSkip(chosen.skipped, fw, profile, say), say('release.newestForGpu', { fw, version: build.version }));
  else reasons.push(say('release.newest', { fw, version: build.version, reviewedAt: String(base.dataReviewedAt) }));

  const decision = candidate.driver;
  // Which build, and why.
  if (build.kind === 'rocm') {
    reasons.push(say('build.rocm', { variant: build.variant, gfx: String(gpu.gfxArch), rocm: String(build.rocm) }));
  } else {
    const cc = gpu.computeCapability!;
    reasons.push(say(candidate.match === 'ptx' ? 'build.cuda.ptx' : 'build.cuda.native', { variant: build.variant, cuda: String(build.cuda), sm: smLabel(cc) }));
    const release = groups.find((g) => g.release === candidate.build.release);
    const others = release?.builds.filter((b) => b.kind === 'cuda' && b.variant !== build.variant) ?? [];
    const lacking = others.filter((b) => !matchCapability(b.capabilities ?? [], cc, b.ptx)).map((b) => b.variant);
    if (lacking.length) {
      const driverWouldAccept = others
        .filter((b) => lacking.includes(b.variant))
        .every((b) => {
          const floor = driverFloorFor(data, b.cuda!, driverOs(profile.os), false);
          return Boolean(profile.driverVersion && floor && driverVersion.compare(profile.driverVersion, floor.version) >= 0);
        });
      const key =
        lacking.length > 1
          ? driverWouldAccept
            ? 'build.lacking.manyDriverWouldAccept'
            : 'build.lacking.many'
          : driverWouldAccept
            ? 'build.lacking.oneDriverWouldAccept'
            : 'build.lacking.one';
      reasons.push(say(key, { variants: lacking.join(say('list.or')), sm: smLabel(cc), fw }));
    }
    const fallback = others.find((b) => b.pipDefault && !lacking.includes(b.variant));
    if (!build.pipDefault && fallback && decision.action === 'keep') {
      const floor = driverFloorFor(data, fallback.cuda!, driverOs(profile.os), false);
      if (floor && profile.driverVersion && driverVersion.compare(profile.driverVersion, floor.version) < 0) {
        reasons.push(say('build.notDefault', { fallback: fallback.variant, floor: floor.version, variant: build.variant, driver: profile.driverVersion }));
      }
    }
    if (build.experimental) warnings.push(say('warning.wslExperimental', { fw }));
  }
  if (build.pipDefault) reasons.push(say('build.pipDefault', { package: build.framework === 'pytorch' ? 'torch' : build.framework }));
  else if (build.indexUrl || build.extraIndexUrl) {
    reasons.push(say('build.indexFlag', { flag: build.indexUrl ? '--index-url' : '--extra-index-url', url: String(build.indexUrl ?? build.extraIndexUrl) }));
  }

  // Driver.
  let driver: Plan['driver'];
  let driverBranchName: string | undefined;
  if (decision.action === 'keep') {
    driver = { action: 'keep', current: profile.driverVersion!, minimum: decision.floor.version };
    reasons.push(say(profile.os === 'wsl' ? 'driver.keepWsl' : 'driver.keep', { driver: profile.driverVersion!, why: decision.floor.why(say) }));
  } else if (decision.action === 'none') {
    driver = { action: 'none', ...(profile.driverVersion ? { current: profile.driverVersion } : {}) };
  } else {
    driverBranchName = decision.target.branch;
    driver = {
      action: decision.action,
      ...(profile.driverVersion ? { current: profile.driverVersion } : {}),
      minimum: decision.floor.version,
      target: decision.target.minimumVersion,
    };
    const { target } = decision;
    const targetWhy = ctx.locale === 'en' && target.dataWhy !== undefined ? target.dataWhy : target.why(say);
    const change = { why: decision.floor.why(say), branch: target.branch, target: target.minimumVersion, targetWhy };
    // The action is "upgrade" exactly when there is a current driver.
    reasons.push(profile.driverVersion ? say('driver.upgrade', { ...change, driver: profile.driverVersion }) : say('driver.install', change));
    if (profile.os === 'wsl') warnings.push(say('warning.wslDriver', { branch: target.branch }));
    // Without a readable current driver no build can keep it, so that search would find nothing.
    const keepAlt = request.frameworkVersion || !ctx.driverParts ? undefined : search({ ...ctx, request: { ...request, allowDriverChange: false } }, allGroups, forcedVariant).chosen;
    if (keepAlt) {
      const b = keepAlt.candidate.build;
      reasons.push(say('driver.keepDriverAlternative', { fw, version: b.version, variant: b.variant }));
    }
  }
  const last = gpu.architecture?.lastDriverBranch;
  if (last && gpu.vendor === 'nvidia') {
    const architecture = gpu.architecture!.name;
    warnings.push(say('warning.lastDriverBranch', { branch: last, architecture }));
    const current = profile.driverVersion ? branchOf(data, profile.driverVersion) : undefined;
    if (current && Number(current.branch) > Number(last)) {
      warnings.push(say('warning.driverPastLastBranch', { driver: profile.driverVersion!, branch: last, architecture }));
    }
  }

  // CUDA Toolkit and cuDNN.
  let cudaToolkit: Plan['cudaToolkit'] = { action: 'none' };
  let cudnn: Plan['cudnn'] = build.cudnn && build.kind === 'cuda' ? { action: 'bundled', version: build.cudnn } : { action: 'none' };
  const condaCudaPackages: string[] = [];
  const series = build.cuda ? cudaSeries(build.cuda) : undefined;
  if (build.kind === 'cuda' && series) {
    if (method === 'system') {
      const installed = (profile.cudaToolkits ?? []).find((v) => cudaSeries(v) === series);
      cudaToolkit = installed ? { action: 'keep', version: installed } : { action: 'install', version: newestToolkitInSeries(data, series) };
      const cudnnSeries = mm(build.cudnn ?? '');
      const haveCudnn = (profile.cudnnVersions ?? []).find((v) => mm(v) === cudnnSeries);
      cudnn = haveCudnn ? { action: 'keep', version: haveCudnn } : { action: 'install', version: cudnnSeries };
      const others = (profile.cudaToolkits ?? []).filter((v) => cudaSeries(v) !== series);
      const systemKey = installed
        ? build.needsSystemCuda
          ? 'method.system.keepForTensorflow'
          : 'method.system.keep'
        : build.needsSystemCuda
          ? 'method.system.installForTensorflow'
          : 'method.system.install';
      reasons.push(say(systemKey, { series, toolkit: String(installed ?? cudaToolkit.version), cudnn: cudnnSeries, variant: build.variant, version: build.version }));
      if (others.length) reasons.push(say('method.system.sideBySide', { others: others.join(say('list.and')), series }));
      else reasons.push(say('method.system.active', { series }));
      if (build.cuda && decision.action !== 'none') warnings.push(say('warning.toolkitWithoutDriver'));
    } else if (method === 'conda') {
      if (build.needsSystemCuda) {
        const major = Number(series.split('.')[0]);
        condaCudaPackages.push(...(major >= 12 ? [`cuda-version=${series}`, `cudnn=${mm(build.cudnn ?? '')}`] : [`cudatoolkit=${series}`, `cudnn=${mm(build.cudnn ?? '')}`]));
        cudaToolkit = { action: 'install', version: series };
        cudnn = { action: 'install', version: mm(build.cudnn ?? '') };
        reasons.push(say('method.conda.cudaInEnvironment', { series, cudnn: mm(build.cudnn ?? ''), packages: condaCudaPackages.join(' ') }));
      } else {
        reasons.push(say('method.conda.wheel', { fw }));
      }
    } else {
      reasons.push(build.cudnn ? say('method.wheelsWithCudnn', { series, cudnn: build.cudnn }) : say('method.wheels', { series }));
    }
  } else if (build.kind === 'rocm' && method === 'system') {
    warnings.push(say('warning.rocmSystem'));
  }
  if (request.framework === 'tensorflow' && profile.os === 'windows') reasons.push(say('tensorflow.windowsLastGpuRelease'));

  reasons.push(pythonReason(candidate.python, build.python, request, profile, say));
  const effectiveMethod: InstallMethod = build.kind === 'rocm' && method === 'system' ? 'wheels' : method;
  return {
    request: base.request,
    profile: base.profile,
    gpu: base.gpu,
    dataReviewedAt: base.dataReviewedAt,
    status: 'ok',
    method: effectiveMethod,
    framework: frameworkField(build),
    python: { version: candidate.python },
    driver,
    cudaToolkit,
    cudnn,
    steps: planSteps({
      profile,
      method: effectiveMethod,
      build,
      python: candidate.python,
      driver,
      driverBranch: driverBranchName,
      cudaToolkit,
      cudnn,
      condaCudaPackages,
      branches: data.driverBranches,
      say,
    }),
    reasons,
    warnings,
    blockers: [],
  };
}
