// A plan that cannot be made: which failure blocks it, in words, and the nearest request that would work.
import type { Plan, PlanBlocker, PlanRequest } from '../types/plan.js';
import { search } from './candidateSearch.js';
import { cpuBuild } from './cpuPlan.js';
import { assemblePlan, driverField } from './planAssembly.js';
import { WHERE_KEYS } from './planReasons.js';
import { choosePython, machinePythons } from './pythonRange.js';
import { pinnedVariant, pinnedVersion, releaseMatchesPin } from './releasePins.js';
import type { Context, Failure, PlanBase, PlanBlockerCode, ReleaseGroup } from './resolverTypes.js';

/** The plan for a request that cannot be met; with the release it names, its version and Python are filled in. */
export function blockedPlan(base: PlanBase, reasons: string[], warnings: string[], blocker: PlanBlocker, group?: ReleaseGroup): Plan {
  const { request, profile } = base;
  const build = group ? cpuBuild(group) : undefined;
  const python = group ? choosePython(group.python, undefined, machinePythons(profile)) : null;
  return assemblePlan(base, {
    status: 'blocked',
    method: request.method ?? 'wheels',
    framework: {
      name: request.framework,
      version: build ? pinnedVersion(request.framework, build, request.frameworkVersion) : (request.frameworkVersion ?? ''),
      variant: pinnedVariant(request.frameworkVersion) ?? 'none',
      packages: [],
    },
    python: { version: request.python ?? python ?? '' },
    driver: driverField({ action: 'none' }, profile.driverVersion),
    cudaToolkit: { action: 'none' },
    cudnn: { action: 'none' },
    steps: [],
    reasons,
    warnings,
    blockers: [blocker],
  });
}

const BLOCKER_ORDER: PlanBlockerCode[] = ['PYTHON_UNSUPPORTED', 'DRIVER_CHANGE_REFUSED', 'METHOD_UNSUPPORTED', 'DRIVER_BRANCH_ENDED', 'DRIVER_NOT_PACKAGED', 'NO_KERNELS_FOR_GPU'];

/** The failure to show when no GPU build fits: the first by BLOCKER_ORDER, else "no GPU build on this platform". */
export function blockerFor(failures: Failure[], ctx: Context, fw: string): Failure {
  for (const code of BLOCKER_ORDER) {
    const hit = failures.find((f) => f.code === code);
    if (hit) return hit;
  }
  const where = WHERE_KEYS[ctx.profile.os];
  const toolkit = ctx.gpuKind === 'rocm' ? 'ROCm' : 'CUDA';
  return { code: 'NO_GPU_BUILD_ON_PLATFORM', message: (say) => say('failure.noGpuBuildOnPlatform', { fw, toolkit, platform: say(where) }) };
}

/** The blocker's sentence for a pinned version. */
export function blockerMessage(blocker: Failure, ctx: Context, fw: string, pin: string): string {
  const { say } = ctx;
  if (ctx.request.framework === 'tensorflow' && ctx.profile.os === 'windows' && blocker.code === 'NO_GPU_BUILD_ON_PLATFORM') {
    return say('blocker.tensorflowWindows', { pin });
  }
  if (ctx.request.framework === 'jax' && ctx.profile.os === 'windows' && blocker.code === 'NO_GPU_BUILD_ON_PLATFORM') {
    return say('blocker.jaxWindows', { pin });
  }
  // A release without the requested Python is a Python problem, whatever the GPU.
  if (blocker.code === 'PYTHON_UNSUPPORTED') return say('blocker.pythonUnsupported', { fw, pin, python: String(ctx.request.python), why: blocker.message(say) });
  return say('blocker.cannotUseGpu', { fw, pin, why: blocker.message(say) });
}

/** The nearest request that would work for a pinned version that is blocked. */
export function alternativeFor(blocker: Failure, ctx: Context, allGroups: ReleaseGroup[]): PlanRequest | undefined {
  const { request, profile } = ctx;
  if (blocker.code === 'PYTHON_UNSUPPORTED') {
    const group = allGroups.find((g) => releaseMatchesPin(request.framework, g.release, request.frameworkVersion!));
    if (group) return { ...request, python: choosePython(group.python, undefined, machinePythons(profile)) ?? undefined };
  }
  if (blocker.code === 'DRIVER_CHANGE_REFUSED') return { ...request, allowDriverChange: true };
  if (blocker.code === 'METHOD_UNSUPPORTED') return { ...request, method: 'system' };
  const unpinned = search(ctx, allGroups, undefined).chosen;
  if (unpinned) return { ...request, frameworkVersion: unpinned.candidate.build.version };
  const withoutPython = request.python ? search({ ...ctx, request: { ...request, python: undefined } }, allGroups, undefined).chosen : undefined;
  return withoutPython ? { ...request, frameworkVersion: withoutPython.candidate.build.version, python: withoutPython.candidate.python } : undefined;
}
