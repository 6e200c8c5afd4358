// The sentences of a GPU plan: which release and build and why, what happens to the driver, where CUDA comes from.
import { cudaSeries } from '../versions/cudaVersion.js';
import { driverVersion } from '../versions/driverVersion.js';
import type { HardwareProfile, InstallMethod } from '../types/plan.js';
import { matchCapability, smLabel } from './computeCapability.js';
import { tellingFailure } from './candidateSearch.js';
import { branchOf, driverFloorFor, driverOs } from './driverPolicy.js';
import type { FrameworkBuild } from './frameworkBuilds.js';
import { majorMinor } from './majorMinor.js';
import { PLATFORM_KEYS } from './planReasons.js';
import type { PlanSay } from './planText.js';
import type { Candidate, Chosen, Context, DriverDecision, ReleaseGroup } from './resolverTypes.js';
import { debianToolkitReasons } from './debianToolkitReasons.js';
import { cudnnWithoutPinnedBuild, seriesNotInRepo, type ToolkitChoice } from './toolkitChoice.js';
import { FRAMEWORK_SPECS } from '../frameworks/registry.js';

/** Which release, and why. */
export function releaseReasons(ctx: Context, chosen: Chosen, build: FrameworkBuild, fw: string, reviewedAt: string | undefined, keptForDriver: boolean, reasons: string[]): void {
  const { request, profile, say } = ctx;
  if (request.frameworkVersion) reasons.push(say('release.pinned', { fw, version: build.version }));
  else if (chosen.skipped) {
    reasons.push(summarizeSkip(chosen.skipped, fw, profile, say));
    const nearer = chosen.skipped.nearer();
    if (nearer) {
      const why = nearer.failure.message(say);
      reasons.push(nearer.from === nearer.to ? say('release.skippedAlsoOne', { fw, release: nearer.from, why }) : say('release.skippedAlso', { fw, from: nearer.from, to: nearer.to, why }));
    }
    // With the driver kept, newer releases may work on this GPU yet need another driver: say which limit chose it.
    reasons.push(
      (request.allowDriverChange === false || keptForDriver) && profile.driverVersion
        ? say('release.newestForDriver', { fw, version: build.version, driver: profile.driverVersion })
        : say('release.newestForGpu', { fw, version: build.version }),
    );
  }
  else reasons.push(say('release.newest', { fw, version: build.version, reviewedAt: String(reviewedAt) }));
}

function summarizeSkip(skipped: NonNullable<Chosen['skipped']>, fw: string, profile: HardwareProfile, say: PlanSay): string {
  const first = tellingFailure(skipped.failures);
  const why = first
    ? first.message(say)
    : fw === 'TensorFlow' && profile.os === 'windows'
      ? say('release.skipped.tensorflowWindows')
      : say('release.skipped.noGpuBuild', { platform: say(PLATFORM_KEYS[profile.os]) });
  return say('release.skipped', { fw, release: skipped.release, why });
}

/** Which build, and why: its code for this GPU, why not its release's other builds, where pip finds it. */
export function buildReasons(ctx: Context, candidate: Candidate, build: FrameworkBuild, groups: ReleaseGroup[], fw: string, reasons: string[], warnings: string[]): void {
  const { data, profile, gpu, say } = ctx;
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
    if (!build.pipDefault && fallback && candidate.driver.action === 'keep') {
      const floor = driverFloorFor(data, fallback.cuda!, driverOs(profile.os), false);
      if (floor && profile.driverVersion && driverVersion.compare(profile.driverVersion, floor.version) < 0) {
        reasons.push(say('build.notDefault', { fallback: fallback.variant, floor: floor.version, variant: build.variant, driver: profile.driverVersion }));
      }
    }
    if (build.experimental) warnings.push(say('warning.wslExperimental', { fw }));
  }
  if (build.pipDefault) reasons.push(say('build.pipDefault', { package: FRAMEWORK_SPECS[build.framework].primaryPackage }));
  else if (build.indexUrl || build.extraIndexUrl) {
    reasons.push(say('build.indexFlag', { flag: build.indexUrl ? '--index-url' : '--extra-index-url', url: String(build.indexUrl ?? build.extraIndexUrl) }));
  }
  if (build.findLinks) reasons.push(say('build.findLinks', { url: build.findLinks }));
}

/** The builds resolving again under the other driver choice plans (driverPreference.ts), to name in a sentence. */
export interface DriverAlternatives {
  keepDriver?: Candidate;
  /** The plan a driver change allows, and the same release's build needing the smallest driver change. */
  changeDriver?: { planned: Candidate; least: Candidate };
}

/**
 * What happens to the driver and why; the build the other driver choice would plan (found by the caller); the
 * architecture's last driver branch.
 */
export function driverReasons(ctx: Context, decision: DriverDecision, alternatives: DriverAlternatives, fw: string, reasons: string[], warnings: string[]): void {
  const { data, profile, gpu, say } = ctx;
  if (decision.action === 'keep') {
    reasons.push(say(profile.os === 'wsl' ? 'driver.keepWsl' : 'driver.keep', { driver: profile.driverVersion!, why: decision.floor.why(say) }));
    const newer = alternatives.changeDriver;
    const planned = newer?.planned;
    if (newer && planned?.driver.action === 'upgrade') {
      const { least } = newer;
      const { target } = planned.driver;
      const change = { fw, version: planned.build.version, variant: planned.build.variant, branch: target.branch, target: target.minimumVersion, driver: profile.driverVersion! };
      if (least === planned || least.driver.action === 'none') reasons.push(say('driver.upgradeVariantAlternative', change));
      else reasons.push(say('driver.upgradeAlternative', { ...change, floor: least.driver.floor.version, leastVariant: least.build.variant }));
    }
  } else if (decision.action !== 'none') {
    const { target } = decision;
    // One catalog sentence in every language (the data's own reason for the preferred branch is for its readers).
    const change = { why: decision.floor.why(say), branch: target.branch, target: target.minimumVersion, targetWhy: target.why(say) };
    // The action is "upgrade" exactly when there is a current driver; one past the GPU's last branch is replaced.
    const last = gpu.architecture?.lastDriverBranch;
    const ignored = profile.driverVersion && last && Number(profile.driverVersion.split('.')[0]) > Number(last);
    if (ignored) reasons.push(say('driver.replaceIgnoring', { ...change, driver: profile.driverVersion!, architecture: gpu.architecture!.name }));
    else reasons.push(profile.driverVersion ? say('driver.upgrade', { ...change, driver: profile.driverVersion }) : say('driver.install', change));
    if (gpu.openModulesOnly && profile.os === 'linux') reasons.push(say('driver.openModulesOnly', { gpu: gpu.name ?? gpu.architecture?.name ?? '' }));
    if (profile.os === 'wsl') warnings.push(say('warning.wslDriver', { branch: target.branch }));
    if (alternatives.keepDriver) {
      const b = alternatives.keepDriver.build;
      reasons.push(say('driver.keepDriverAlternative', { fw, version: b.version, variant: b.variant }));
    }
  }
  const last = gpu.architecture?.lastDriverBranch;
  if (last && gpu.vendor === 'nvidia') {
    const architecture = gpu.architecture!.name;
    const current = profile.driverVersion ? branchOf(data, profile.driverVersion) : undefined;
    // A kept driver below the last branch is not about to cross it: the warning matters when a driver is installed or
    // upgraded, or the kept one is already at (or past) that branch.
    const keptBelowLast = decision.action === 'keep' && current !== undefined && Number(current.branch) < Number(last);
    if (!keptBelowLast) warnings.push(say('warning.lastDriverBranch', { branch: last, architecture }));
    if (current && Number(current.branch) > Number(last)) {
      warnings.push(say('warning.driverPastLastBranch', { driver: profile.driverVersion!, branch: last, architecture }));
    }
  }
}

/** Where the CUDA Toolkit and cuDNN come from, and why. */
export function toolkitReasons(
  ctx: Context,
  build: FrameworkBuild,
  method: InstallMethod,
  decision: DriverDecision,
  toolkits: ToolkitChoice,
  fw: string,
  reasons: string[],
  warnings: string[],
): void {
  const { profile, say } = ctx;
  const series = build.cuda ? cudaSeries(build.cuda) : undefined;
  if (build.kind === 'cuda' && series) {
    const cudnnSeries = majorMinor(build.cudnn ?? '');
    if (method === 'system') {
      const kept = toolkits.cudaToolkit.action === 'keep';
      const others = (profile.cudaToolkits ?? []).filter((v) => cudaSeries(v) !== series);
      const systemKey = kept
        ? build.needsSystemCuda
          ? 'method.system.keepForTensorflow'
          : 'method.system.keep'
        : build.needsSystemCuda
          ? 'method.system.installForTensorflow'
          : 'method.system.install';
      reasons.push(say(systemKey, { fw, series, toolkit: String(toolkits.cudaToolkit.version), cudnn: cudnnSeries, variant: build.variant, version: build.version }));
      const floor = toolkits.cudaToolkit.action === 'install' ? seriesNotInRepo(ctx.data, profile, series) : undefined;
      if (floor && profile.linuxRepo) {
        const installed = cudaSeries(String(toolkits.cudaToolkit.version));
        warnings.push(
          installed === series
            ? say('warning.toolkitNotInRepoRunfile', { repo: profile.linuxRepo, first: floor, series })
            : say('warning.toolkitNotInRepo', { repo: profile.linuxRepo, first: floor, series, installed }),
        );
      }
      const unpinned = cudnnWithoutPinnedBuild(ctx.data, profile, toolkits);
      if (unpinned) warnings.push(say('warning.cudnnNoPinnedBuild', unpinned));
      if (others.length) reasons.push(say('method.system.sideBySide', { others: others.join(say('list.and')), series }));
      else reasons.push(say('method.system.active', { series }));
      reasons.push(...debianToolkitReasons(ctx.data, profile, series, toolkits.cudaToolkit, say));
      // Only a toolkit being installed has a bundled driver to leave out.
      if (toolkits.cudaToolkit.action === 'install' && decision.action !== 'none') {
        // A plan that keeps the driver has no driver step to point at: the driver already installed is the one.
        warnings.push(say(decision.action === 'keep' ? 'warning.toolkitWithoutDriverKept' : 'warning.toolkitWithoutDriver'));
      }
    } else if (method === 'conda') {
      if (build.needsSystemCuda) {
        reasons.push(say('method.conda.cudaInEnvironment', { series, cudnn: cudnnSeries, packages: toolkits.condaCudaPackages.join(' ') }));
      } else {
        reasons.push(say('method.conda.wheel', { fw }));
      }
    } else {
      reasons.push(build.cudnn ? say('method.wheelsWithCudnn', { series, cudnn: build.cudnn }) : say('method.wheels', { series }));
    }
  } else if (build.kind === 'rocm' && method === 'system') {
    warnings.push(say('warning.rocmSystem'));
  }
}
