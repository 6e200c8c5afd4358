/*
 * The resolver's entry point: which GPU build (or CPU build) of a framework fits a machine, as a Plan. Its parts:
 * resolverCaches (per data object), gpuInfo, candidateSearch with cudaCandidates and rocmCandidates, pythonRange,
 * releasePins, gpuPlan / cpuPlan / planBlockers (the three kinds of plan, built by planAssembly), and the sentences in
 * planReasons and gpuReasons.
 */
import type { Locale } from '../i18n/localize.js';
import { driverVersion } from '../versions/driverVersion.js';
import type { HardwareProfile, Plan, PlanRequest } from '../types/plan.js';
import { pythonUnsupported } from './candidateSearch.js';
import { preferredSearch } from './driverPreference.js';
import type { CompatData } from './compatData.js';
import { withCondaPrerequisite } from './condaPrerequisite.js';
import { cpuPlan } from './cpuPlan.js';
import { driverOs } from './driverPolicy.js';
import { FRAMEWORK_NAMES } from './frameworkNames.js';
import { describeGpu } from './gpuInfo.js';
import { gpuPlan } from './gpuPlan.js';
import { gpuIsUnknown, gpuUnknownMessage, withGpuUnknown } from './gpuUnknown.js';
import { alternativeFor, blockedPlan, blockerFor, blockerMessage } from './planBlockers.js';
import { describeMachine } from './planReasons.js';
import { planText } from './planText.js';
import { cutoffReason, pinOffPlatform } from './platformCutoff.js';
import { isExperimentalPython } from './pythonRange.js';
import { groupMatchesPin, pinnedVariant } from './releasePins.js';
import { distroDriverFor } from './distroDriver.js';
import { withDistroPython } from './distroPython.js';
import { cudaReleasesFor, NO_CUDA_RELEASES, prepared, releaseGroups } from './resolverCaches.js';
import type { PlanSay } from './planText.js';
import type { Chosen, Context, Failure, PlanBase, ReleaseGroup } from './resolverTypes.js';
import { FRAMEWORK_SPECS } from '../frameworks/registry.js';

export { FRAMEWORK_NAMES } from './frameworkNames.js';
export { PLAN_BLOCKER_CODES, type PlanBlockerCode } from './resolverTypes.js';

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
  // A release its maintainers yanked is planned for no request; a pin that names one is told the next release.
  const listed = releaseGroups(data, request.framework, profile);
  const allGroups = installableGroups(listed);
  const pin = request.frameworkVersion?.trim();
  const forcedVariant = pinnedVariant(pin);
  const groups = pin ? allGroups.filter((g) => groupMatchesPin(request.framework, g, pin)) : allGroups;
  // "2.7+cpu": the CPU build was asked for by name, so no GPU build is searched.
  const cpuPinned = forcedVariant !== undefined && groups.some((g) => g.builds.some((b) => b.kind === 'cpu' && b.variant === forcedVariant));

  let gpuKind: Context['gpuKind'] = null;
  if (profile.os !== 'macos') {
    if (gpu.vendor === 'nvidia' && gpu.computeCapability) gpuKind = 'cuda';
    else if (gpu.vendor === 'amd' && gpu.gfxArch && profile.os === 'linux' && FRAMEWORK_SPECS[request.framework].gpu.rocm) gpuKind = 'rocm';
  }
  const os = driverOs(profile.os);
  const driverParts = profile.driverVersion ? driverVersion.parse(profile.driverVersion) : null;
  const cudaReleases = gpuKind === 'cuda' ? cudaReleasesFor(data, gpu, os, request.method, profile.cudaToolkits) : NO_CUDA_RELEASES;
  const distroDriver = distroDriverFor(data, profile);
  const ctx: Context = { data, profile, request, gpu, gpuKind, driverOs: os, driverParts, cudaReleases, locale, say, ...(distroDriver ? { distroDriver } : {}) };
  const base: PlanBase = {
    request,
    profile,
    gpu: { vendor: gpu.vendor, name: gpu.name, computeCapability: gpu.computeCapability, gfxArch: gpu.gfxArch, architecture: gpu.architecture?.name },
    dataReviewedAt: prepared(data).reviewedAt,
  };

  if (pin && groups.length === 0) {
    const yanked = yankedPin(listed, request.framework, pin);
    if (yanked) {
      const next = yanked.next?.builds[0]!.version;
      return blockedPlan(base, reasons, warnings, {
        code: 'RELEASE_YANKED',
        message: next ? say('blocker.releaseYanked', { fw, pin, next }) : say('blocker.releaseYankedNoNext', { fw, pin }),
        alternative: next ? { ...request, frameworkVersion: next } : undefined,
      });
    }
    const newest = allGroups[0]?.builds[0]?.version;
    const offPlatform = pinOffPlatform(data, request.framework, profile, pin, allGroups, fw, say);
    if (offPlatform) {
      return blockedPlan(base, reasons, warnings, { code: 'NO_BUILD_ON_PLATFORM', message: offPlatform, alternative: newest ? { ...request, frameworkVersion: newest } : undefined });
    }
    return blockedPlan(base, reasons, warnings, {
      code: 'VERSION_UNKNOWN',
      message: say('blocker.versionUnknown', { fw, pin, newest: String(newest) }),
      alternative: newest ? { ...request, frameworkVersion: newest } : undefined,
    });
  }

  reasons.push(describeMachine(gpu, profile, say));
  const cutoff = pin ? undefined : cutoffReason(data, request.framework, profile, allGroups, fw, say);
  if (cutoff) reasons.push(cutoff);
  // Unknown stays unknown: the plan says which GPU it does not know, and (below) never that a plan works on it.
  const gpuUnknown = gpuIsUnknown(gpu, profile) ? gpuUnknownMessage(profile, say) : undefined;
  if (gpuUnknown) warnings.push(gpuUnknown);

  let chosen: Chosen | undefined;
  let gpuFailures: Failure[] = [];
  if (gpuKind && !cpuPinned) {
    const result = preferredSearch(ctx, groups, forcedVariant);
    chosen = result.chosen;
    gpuFailures = result.failures;
    if (!chosen && pin) {
      const blocker = blockerFor(gpuFailures, ctx, fw);
      const alternative = alternativeFor(blocker, ctx, allGroups);
      const message = blockerMessage(blocker, ctx, fw, pin);
      return blockedPlan(base, reasons, warnings, { code: blocker.code, message, alternative }, groups[0]);
    }
  }

  // A venv plan's distribution Python must be one the release packages (data/distro-pythons.json); else another way.
  // A plan resolved again for another request (the conda plan) is finished already.
  const replan = (next: PlanRequest) => resolvePlan(data, profile, next, options);
  if (chosen) {
    const checked = withDistroPython(gpuPlan(ctx, base, chosen, reasons, warnings, fw, allGroups, groups, forcedVariant), ctx, groups, fw, replan);
    return checked.replanned ? checked.plan : withCondaPrerequisite(labelExperimentalPython(checked.plan, groups, fw, say), say);
  }

  // CPU plan: no usable GPU, or no build of any release reaches it.
  const noGpuBuild = gpuKind && gpuFailures.length ? blockerFor(gpuFailures, ctx, fw) : undefined;
  const cpu = cpuPlan(ctx, base, groups, pin, noGpuBuild, reasons, warnings, fw);
  const checked = cpu ? withDistroPython(cpu, ctx, groups, fw, replan) : undefined;
  if (checked?.replanned) return checked.plan;
  if (checked) {
    const planned = withCondaPrerequisite(labelExperimentalPython(checked.plan, groups, fw, say), say);
    return gpuUnknown ? withGpuUnknown(planned, gpuUnknown, cpuPinned) : planned;
  }
  // No release has the requested Python: the newest release says which it has.
  const newest = groups[0]!;
  return blockedPlan(base, reasons, warnings, {
    code: 'PYTHON_UNSUPPORTED',
    message: pythonUnsupported(newest, request.python).message(say),
    alternative: { ...request, python: newest.python.defaultPython },
  });
}

const installableCache = new WeakMap<ReleaseGroup[], ReleaseGroup[]>();

function installableGroups(groups: ReleaseGroup[]): ReleaseGroup[] {
  let installable = installableCache.get(groups);
  if (!installable) {
    installable = groups.some((g) => g.yanked) ? groups.filter((g) => !g.yanked) : groups;
    installableCache.set(groups, installable);
  }
  return installable;
}

/** The yanked release a pin names, and the next newer release that was not yanked. */
function yankedPin(listed: readonly ReleaseGroup[], framework: PlanRequest['framework'], pin: string): { group: ReleaseGroup; next?: ReleaseGroup } | undefined {
  const index = listed.findIndex((g) => g.yanked && groupMatchesPin(framework, g, pin));
  if (index < 0) return undefined;
  let next: ReleaseGroup | undefined;
  for (let i = index - 1; i >= 0 && !next; i--) if (!listed[i]!.yanked) next = listed[i];
  return { group: listed[index]!, next };
}

/** A Python the release offers only as experimental is planned, with a warning that says so. */
function labelExperimentalPython(plan: Plan, groups: readonly ReleaseGroup[], fw: string, say: PlanSay): Plan {
  const { version } = plan.framework;
  const group = groups.find((g) => g.builds[0]!.version === version || g.builds[0]!.patches.includes(version));
  const python = plan.python.version;
  if (!group || !python || !isExperimentalPython(group.python, python)) return plan;
  plan.warnings.push(say('warning.experimentalPython', { fw, version, python, min: group.python.min, max: group.python.max }));
  return plan;
}
