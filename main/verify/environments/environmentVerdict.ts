/*
 * The offline verdict for one installed framework build on this machine, from data alone: the same build rows
 * (frameworkBuilds), code match (matchCapability), bundled-cuDNN floor and driver floor (driverFloorFor, the GPU
 * architecture's first driver) the plan resolver uses when it considers that build (shared/plan/cudaCandidates.ts).
 */
import { belowCapability, cudnnCapabilityFloor } from '../../../shared/plan/bundledLibraries.js';
import type { CompatData } from '../../../shared/plan/compatData.js';
import { matchCapability } from '../../../shared/plan/computeCapability.js';
import { driverFloorFor, driverOs } from '../../../shared/plan/driverPolicy.js';
import { frameworkBuilds, type FrameworkBuild } from '../../../shared/plan/frameworkBuilds.js';
import { describeGpu } from '../../../shared/plan/gpuInfo.js';
import { groupMatchesPin, releaseMatchesPin } from '../../../shared/plan/releasePins.js';
import type { EnvironmentVerdict, InstalledFramework } from '../../../shared/types/environments.js';
import type { HardwareProfile, PlanRequest } from '../../../shared/types/plan.js';
import { driverVersion } from '../../../shared/versions/driverVersion.js';
import type { BuildEvidence } from '../../../shared/frameworks/environmentEvidence.js';

export type { BuildEvidence };

type Verdict = Pick<InstalledFramework, 'variant' | 'kind' | 'cuda' | 'cudnn' | 'verdict' | 'driverFloor' | 'detail'>;

/** The data's build for an installed version and variant, or null when the data does not list it. */
export function findBuild(data: CompatData, profile: HardwareProfile, evidence: BuildEvidence): FrameworkBuild | null {
  const bare = evidence.version.split('+')[0]!;
  const groups = frameworkBuilds(data, evidence.framework, profile);
  const group =
    groups.find((builds) => groupMatchesPin(evidence.framework, { release: builds[0]!.release, builds }, bare)) ??
    groups.find((builds) => releaseMatchesPin(evidence.framework, builds[0]!.release, bare));
  if (!group) return null;
  if (evidence.variant === undefined) return group.find((build) => build.pipDefault) ?? null;
  return group.find((build) => build.variant === evidence.variant) ?? null;
}

/** The resolver's floor for a CUDA build on this GPU: the CUDA variant's floor, raised to the architecture's first driver. */
function cudaVerdict(data: CompatData, profile: HardwareProfile, build: FrameworkBuild): Verdict {
  const base = { variant: build.variant, kind: 'cuda' as const, cuda: build.cuda, cudnn: build.cudnn };
  const gpu = describeGpu(data, profile);
  const cc = gpu.computeCapability;
  if (gpu.vendor !== 'nvidia' || !cc) return { ...base, verdict: 'works' };
  const match = matchCapability(build.capabilities ?? [], cc, build.ptx);
  if (!match) return { ...base, verdict: 'noKernels', detail: (build.capabilities ?? []).join(', ') };
  const cudnnFloor = build.cudnn ? cudnnCapabilityFloor(data, build.cudnn, build.cuda!) : null;
  if (cudnnFloor && belowCapability(cc, cudnnFloor.capability)) return { ...base, verdict: 'noKernels', detail: `cuDNN ${build.cudnn} >= ${cudnnFloor.capability}` };
  const os = driverOs(profile.os);
  let floor = driverFloorFor(data, build.cuda!, os, match === 'ptx' || build.needsSystemCuda)?.version;
  if (!floor) return { ...base, verdict: 'unknown' };
  const first = gpu.architecture?.firstDriver?.[os];
  if (first && driverVersion.compare(first, floor) > 0) floor = first;
  const current = profile.driverVersion;
  if (current && driverVersion.parse(current) && driverVersion.compare(current, floor) >= 0) return { ...base, verdict: 'works' };
  return { ...base, verdict: 'needsDriver', driverFloor: floor };
}

/** The verdict for one framework build on this machine's GPU and driver. */
export function judgeBuild(data: CompatData, profile: HardwareProfile, evidence: BuildEvidence): Verdict {
  if (evidence.problems.length > 0) return { variant: evidence.variant ?? null, kind: 'unknown', verdict: 'broken', detail: evidence.problems.slice(0, 3).join(', ') };
  const hasNvidia = describeGpu(data, profile).vendor === 'nvidia';
  if (evidence.unlisted) {
    if (evidence.unlisted === 'cpu') return { variant: null, kind: 'cpu', verdict: hasNvidia ? 'cpuOnly' : 'works' };
    return { variant: null, kind: 'unknown', verdict: 'unknown' };
  }
  const build = findBuild(data, profile, evidence);
  if (!build) return { variant: evidence.variant ?? null, kind: 'unknown', verdict: 'unknown' };
  if (build.kind === 'cpu') return { variant: build.variant, kind: 'cpu', verdict: hasNvidia ? 'cpuOnly' : 'works' };
  if (build.kind === 'rocm') return { variant: build.variant, kind: 'rocm', verdict: hasNvidia ? 'noKernels' : 'unknown', detail: build.gfx?.join(', ') };
  return cudaVerdict(data, profile, build);
}

/**
 * The one plan that fixes it: the same build with the driver it needs; the same release's GPU build for a CPU build;
 * a reinstall of the same version when broken; the newest release when this build has no code for the GPU.
 */
export function fixingRequest(evidence: BuildEvidence, verdict: EnvironmentVerdict, python: string): PlanRequest | null {
  const bare = evidence.version.split('+')[0]!;
  const pythonMinor = python.split('.').slice(0, 2).join('.');
  const base = { framework: evidence.framework, python: pythonMinor };
  if (verdict === 'needsDriver') return { ...base, frameworkVersion: evidence.variant ? `${bare}+${evidence.variant}` : bare };
  if (verdict === 'cpuOnly' || verdict === 'broken') return { ...base, frameworkVersion: bare };
  if (verdict === 'noKernels' || verdict === 'unknown') return base;
  return null;
}
