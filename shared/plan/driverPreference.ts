/*
 * A working driver is kept unless the user asks for a driver change (issue 30): the plan is the newest release the
 * installed driver runs, and each "if you cannot ..." / "to use newer ..." sentence names what resolving again under
 * the other choice plans, found by the same search.
 */
import { driverVersion } from '../versions/driverVersion.js';
import { search } from './candidateSearch.js';
import { defaultMethod } from './frameworkBuilds.js';
import type { Candidate, Context, DriverDecision, ReleaseGroup, SearchResult } from './resolverTypes.js';

/** Whether the installed driver can stay: readable, not past the GPU's last branch, not older than its first driver. */
export function installedDriverUsable(ctx: Context): boolean {
  const current = ctx.profile.driverVersion;
  if (ctx.gpuKind !== 'cuda' || !ctx.driverParts || !current) return false;
  const architecture = ctx.gpu.architecture;
  const last = architecture?.lastDriverBranch;
  if (last && ctx.driverParts[0]! > Number(last)) return false;
  const first = architecture?.firstDriver?.[ctx.driverOs];
  return !first || driverVersion.compare(current, first) >= 0;
}

/**
 * The search a plan is made from. With no ask either way and a usable driver, the newest release that keeps it wins,
 * unless keeping it would add a system CUDA Toolkit; a pinned variant ("2.7+cu126") names its build, whose plan installs
 * the series' newest toolkit update (conformance cuda-12.6-win-below-floor-upgrades).
 */
export function preferredSearch(ctx: Context, groups: ReleaseGroup[], forcedVariant: string | undefined): SearchResult {
  if (ctx.request.allowDriverChange === undefined && forcedVariant === undefined && installedDriverUsable(ctx)) {
    const kept = search({ ...ctx, request: { ...ctx.request, allowDriverChange: false }, keepPreferred: true }, groups, undefined);
    if (kept.chosen) {
      const newest = addsSystemCuda(ctx, kept.chosen.candidate) ? search(ctx, groups, forcedVariant) : undefined;
      // Keeping the driver must not change more: not a system CUDA Toolkit and cuDNN where the newest build brings its own.
      if (!newest?.chosen || addsSystemCuda(ctx, newest.chosen.candidate)) return { chosen: { ...kept.chosen, keptByPreference: true }, failures: kept.failures };
      return newest;
    }
  }
  return search(ctx, groups, forcedVariant);
}

/** Whether the plan for a candidate installs a CUDA Toolkit the request did not ask for (TensorFlow 2.0 on driver 410). */
function addsSystemCuda(ctx: Context, candidate: Candidate): boolean {
  return ctx.request.method === undefined && defaultMethod(candidate.build) !== 'wheels';
}

/**
 * For a plan kept by preference: the build resolving with a driver change allowed plans, when that changes the driver,
 * and the build of that release needing the least change (its floor is what "the driver must be …" names).
 */
export function driverChangeAlternative(ctx: Context, groups: ReleaseGroup[], forcedVariant: string | undefined, kept: Candidate): { planned: Candidate; least: Candidate } | undefined {
  const allowed = { ...ctx, request: { ...ctx.request, allowDriverChange: true } };
  const planned = search(allowed, groups, forcedVariant).chosen?.candidate;
  if (!planned || planned.driver.action !== 'upgrade') return undefined;
  // The same release with a newer build: the alternative is that build, not a smaller change to a plan already made.
  if (planned.build.version === kept.build.version) return { planned, least: planned };
  const release = groups.filter((group) => group.builds[0]!.version === planned.build.version);
  const least = search({ ...allowed, leastDriverChange: true }, release, forcedVariant).chosen?.candidate ?? planned;
  return { planned, least };
}

/** For a driver change: the build resolving with the driver kept plans (of any release), to name as the alternative. */
export function keepDriverAlternative(ctx: Context, decision: DriverDecision, allGroups: ReleaseGroup[], forcedVariant: string | undefined): Candidate | undefined {
  if (decision.action !== 'install' && decision.action !== 'upgrade') return undefined;
  // Not for a pinned version. Without a readable current driver no build can keep it, so that search would find nothing.
  if (ctx.request.frameworkVersion || !ctx.driverParts) return undefined;
  return search({ ...ctx, request: { ...ctx.request, allowDriverChange: false } }, allGroups, forcedVariant).chosen?.candidate;
}
