import type { InstallMethod, Plan } from '../types/plan.js';
import { defaultMethod } from './frameworkBuilds.js';
import { buildReasons, driverReasons, releaseReasons, toolkitReasons } from './gpuReasons.js';
import { assemblePlan, driverField, frameworkField } from './planAssembly.js';
import { pythonReason } from './planReasons.js';
import { planSteps } from './planSteps.js';
import { pinnedVersion, withVersion } from './releasePins.js';
import { driverChangeAlternative, keepDriverAlternative } from './driverPreference.js';
import type { Chosen, Context, PlanBase, ReleaseGroup } from './resolverTypes.js';
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
  const alternatives = {
    keepDriver: keepDriverAlternative(ctx, decision, allGroups, forcedVariant),
    changeDriver: chosen.keptByPreference ? driverChangeAlternative(ctx, groups, forcedVariant, candidate) : undefined,
  };
  // The driver chose the release only when a driver change would plan another build.
  releaseReasons(ctx, chosen, build, fw, base.dataReviewedAt, alternatives.changeDriver !== undefined, reasons);
  buildReasons(ctx, candidate, build, groups, fw, reasons, warnings);
  driverReasons(ctx, decision, alternatives, fw, reasons, warnings);
  const toolkits = chooseToolkits(data, profile, build, method, candidate.toolkit);
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
