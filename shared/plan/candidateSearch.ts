/*
 * How the best build is found: releases newest first, the first with a candidate wins, candidates ranked within it.
 * A scan allocates nothing for builds that fail; failures with their messages are collected only where a plan shows them.
 */
import { compareDotted, parseDotted } from '../versions/dottedVersion.js';
import { cudaRelease, evaluateCuda } from './cudaCandidates.js';
import type { FrameworkBuild } from './frameworkBuilds.js';
import { FRAMEWORK_NAMES } from './frameworkNames.js';
import { majorMinorParts } from './majorMinor.js';
import { choosePython, machinePythons } from './pythonRange.js';
import type { Candidate, Chosen, Context, CudaRelease, Failure, NearerSkip, ReleaseGroup, SearchResult } from './resolverTypes.js';
import { evaluateRocm } from './rocmCandidates.js';

/** The first release (newest first) with a candidate; failures are collected only when no release has one. */
export function search(ctx: Context, groups: ReleaseGroup[], forcedVariant: string | undefined): SearchResult {
  for (let index = 0; index < groups.length; index++) {
    const best = scanRelease(ctx, groups[index]!, forcedVariant);
    if (!best) continue;
    // The newest release was skipped: say why.
    const skipped = index > 0 ? skippedReleases(ctx, groups, index, forcedVariant) : undefined;
    return { chosen: { candidate: best, skipped }, failures: NO_FAILURES };
  }
  const all: Failure[] = [];
  for (const group of groups) all.push(...releaseFailures(ctx, group, forcedVariant));
  return { failures: all };
}

const NO_FAILURES: Failure[] = [];

function skippedReleases(ctx: Context, groups: ReleaseGroup[], index: number, forcedVariant: string | undefined): NonNullable<Chosen['skipped']> {
  const failures = releaseFailures(ctx, groups[0]!, forcedVariant);
  // Built only when the plan's reasons are written: bulk searches never read it.
  const nearer = (): NearerSkip | undefined => {
    if (index < 2) return undefined;
    const kind = (group: ReleaseGroup) => {
      const failure = tellingFailure(releaseFailures(ctx, group, forcedVariant));
      return { failure, kind: failure ? (failure.cause ?? failure.code) : undefined };
    };
    const newest = tellingFailure(failures);
    const nearest = kind(groups[index - 1]!);
    if (!nearest.failure || nearest.kind === (newest?.cause ?? newest?.code)) return undefined;
    let top = index - 1;
    while (top > 1 && kind(groups[top - 1]!).kind === nearest.kind) top--;
    return { from: groups[index - 1]!.builds[0]!.version, to: groups[top]!.builds[0]!.version, failure: nearest.failure };
  };
  return { release: groups[0]!.builds[0]!.version, failures, nearer };
}

/** The failure that says most about a release: a build with code for the GPU that something else rules out, else the first. */
export function tellingFailure(failures: readonly Failure[]): Failure | undefined {
  return failures.find((f) => f.cause !== 'noKernels') ?? failures[0];
}

/** The best candidate of one release, if any. */
function scanRelease(ctx: Context, group: ReleaseGroup, forcedVariant: string | undefined): Candidate | undefined {
  let best: Candidate | undefined;
  if (ctx.gpuKind === 'cuda') {
    const release = cudaRelease(ctx, group);
    if (release.onlyFailures) return undefined;
    // Keeping the driver: a release whose every floor is above it (or with no readable driver) has no candidate.
    if (ctx.request.allowDriverChange === false && (!ctx.driverParts || (release.lowestFloor && compareDotted(ctx.driverParts, release.lowestFloor) < 0))) return undefined;
    const python = choosePython(group.python, ctx.request.python, machinePythons(ctx.profile));
    if (!python) return undefined;
    const only = pinnedCudaVariant(release.items, forcedVariant);
    for (const item of release.items) if (!('code' in item) && (!only || item.build.variant === only)) best = keepBetter(best, evaluateCuda(ctx, item, python, false), forcedVariant, ctx.leastDriverChange);
  } else if (ctx.gpuKind === 'rocm') {
    const python = choosePython(group.python, ctx.request.python, machinePythons(ctx.profile));
    if (!python) return undefined;
    for (const build of group.builds) best = keepBetter(best, evaluateRocm(ctx, build, python, false), forcedVariant);
  }
  return best;
}

/**
 * A pinned variant ("2.9+cu130") the release builds with CUDA: only that build may be planned, so a driver that cannot run
 * it blocks the plan instead of swapping in another variant. A pin the release has no CUDA build for (+cpu) limits nothing.
 */
function pinnedCudaVariant(items: CudaRelease['items'], forcedVariant: string | undefined): string | undefined {
  return forcedVariant && items.some((item) => item.build?.variant === forcedVariant) ? forcedVariant : undefined;
}

/** Why a release has no candidate: every failure, in build order (call only for a release the scan rejected). */
function releaseFailures(ctx: Context, group: ReleaseGroup, forcedVariant: string | undefined): Failure[] {
  const python = choosePython(group.python, ctx.request.python, machinePythons(ctx.profile));
  if (!python) return [pythonUnsupported(group, ctx.request.python)];
  const failures: Failure[] = [];
  const add = (outcome: Candidate | Failure | null): void => {
    if (outcome && 'code' in outcome) failures.push(outcome);
  };
  if (ctx.gpuKind === 'cuda') {
    const release = cudaRelease(ctx, group);
    const only = pinnedCudaVariant(release.items, forcedVariant);
    if (release.onlyFailures && !only) return release.onlyFailures;
    for (const item of release.items) {
      if (only && item.build?.variant !== only) continue;
      add('code' in item ? item : evaluateCuda(ctx, item, python, true));
    }
  } else if (ctx.gpuKind === 'rocm') {
    for (const build of group.builds) add(evaluateRocm(ctx, build, python, true));
  }
  return failures;
}

/** The release has no build for the requested Python. */
export function pythonUnsupported(group: ReleaseGroup, requested: string | undefined): Failure {
  const build = group.builds[0]!;
  const { min, max } = group.python;
  const python = String(requested);
  return { code: 'PYTHON_UNSUPPORTED', message: (say) => say('failure.pythonUnsupported', { fw: FRAMEWORK_NAMES[build.framework], version: build.version, min, max, python }) };
}

function keepBetter(best: Candidate | undefined, outcome: Candidate | Failure | null, forcedVariant: string | undefined, leastDriverChange = false): Candidate | undefined {
  if (!outcome || 'code' in outcome) return best;
  return !best || better(outcome, best, forcedVariant, leastDriverChange) ? outcome : best;
}

function better(a: Candidate, b: Candidate, forced: string | undefined, leastDriverChange: boolean): boolean {
  const ka = rankKey(a, forced);
  const kb = rankKey(b, forced);
  // An alternative that changes the driver names the build needing the smallest change (cu126 at 561.17, not cu132 at R580).
  if (leastDriverChange && ka >> 1 === kb >> 1) {
    const floors = compareFloors(a, b);
    if (floors !== 0) return floors < 0;
  }
  if (ka !== kb) return ka < kb;
  return compareCuda(a.build, b.build) < 0;
}

function compareFloors(a: Candidate, b: Candidate): number {
  if (a.driver.action === 'none' || b.driver.action === 'none') return 0;
  const [fa, fb] = [parseDotted(a.driver.floor.version), parseDotted(b.driver.floor.version)];
  return fa && fb ? compareDotted(fa, fb) : 0;
}

/** The first rank keys of a candidate, lower is better: forced variant, no driver change, native code, pip default (the last bit). */
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
  const [a1, a2] = a.cuda ? majorMinorParts(a.cuda) : ZERO_PARTS;
  const [b1, b2] = b.cuda ? majorMinorParts(b.cuda) : ZERO_PARTS;
  if (a1 !== b1) return b1 - a1;
  return b2 - a2;
}
