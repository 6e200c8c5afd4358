import type { InstallMethod, Plan } from '../types/plan.js';
import { search } from './candidateSearch.js';
import { defaultMethod } from './frameworkBuilds.js';
import { buildReasons, driverReasons, releaseReasons, toolkitReasons } from './gpuReasons.js';
import { assemblePlan, driverField, frameworkField } from './planAssembly.js';
import { pythonReason } from './planReasons.js';
import { planSteps } from './planSteps.js';
import { pinnedVersion, withVersion } from './releasePins.js';
import type { Candidate, Chosen, Context, DriverDecision, PlanBase, ReleaseGroup } from './resolverTypes.js';
import { chooseToolkits } from './toolkitChoice.js';

/** The plan for a chosen GPU build: its driver, CUDA Toolkit and cuDNN, steps, and why. */
export function gpuPlan(
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
  const { data, profile, request, say } = ctx;
  const { candidate } = chosen;
  const build = withVersion(candidate.build, pinnedVersion(request.framework, candidate.build, request.frameworkVersion));
  const method: InstallMethod = request.method ?? defaultMethod(build);
  const decision = candidate.driver;
  releaseReasons(ctx, chosen, build, fw, base.dataReviewedAt, reasons);
  buildReasons(ctx, candidate, build, groups, fw, reasons, warnings);
  driverReasons(ctx, decision, keepDriverAlternative(ctx, decision, allGroups, forcedVariant), fw, reasons, warnings);
  const toolkits = chooseToolkits(data, profile, build, method);
  toolkitReasons(ctx, build, method, decision, toolkits, fw, reasons, warnings);
  if (request.framework === 'tensorflow' && profile.os === 'windows') reasons.push(say('tensorflow.windowsLastGpuRelease'));
  reasons.push(pythonReason(candidate.python, build.python, request, profile, say));

  const driver = driverField(decision, profile.driverVersion);
  const effectiveMethod: InstallMethod = build.kind === 'rocm' && method === 'system' ? 'wheels' : method;
  const { cudaToolkit, cudnn, condaCudaPackages } = toolkits;
  return assemblePlan(base, {
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
      driverBranch: decision.action === 'install' || decision.action === 'upgrade' ? decision.target.branch : undefined,
      cudaToolkit,
      cudnn,
      condaCudaPackages,
      branches: data.driverBranches,
      openModules: ctx.gpu.openModulesOnly,
      driverPackages: data.installSources?.driverPackages,
      say,
    }),
    reasons,
    warnings,
    blockers: [],
  });
}

/** For a driver change: the build (of any release) that runs on the current driver, to name as the alternative. */
function keepDriverAlternative(ctx: Context, decision: DriverDecision, allGroups: ReleaseGroup[], forcedVariant: string | undefined): Candidate | undefined {
  if (decision.action !== 'install' && decision.action !== 'upgrade') return undefined;
  // Not for a pinned version. Without a readable current driver no build can keep it, so that search would find nothing.
  if (ctx.request.frameworkVersion || !ctx.driverParts) return undefined;
  return search({ ...ctx, request: { ...ctx.request, allowDriverChange: false } }, allGroups, forcedVariant).chosen?.candidate;
}
