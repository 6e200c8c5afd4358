import type { InstallMethod, Plan } from '../types/plan.js';
import type { FrameworkBuild } from './frameworkBuilds.js';
import { assemblePlan, driverField, frameworkField } from './planAssembly.js';
import { cpuBuildReasons, pythonReason } from './planReasons.js';
import { planSteps } from './planSteps.js';
import { choosePython, machinePythons } from './pythonRange.js';
import { pinnedVersion, withVersion } from './releasePins.js';
import type { Context, Failure, PlanBase, ReleaseGroup } from './resolverTypes.js';
import { FRAMEWORK_SPECS } from '../frameworks/registry.js';

export function cpuBuild(group: ReleaseGroup): FrameworkBuild | undefined {
  return group.builds.find((build) => build.kind === 'cpu');
}

/**
 * The CPU (or Apple MPS) plan from the newest release with a CPU build for the chosen Python; undefined when there is
 * none. `noGpuBuild`: the failure that rules out every GPU build, when the machine has a GPU the search tried.
 */
export function cpuPlan(
  ctx: Context,
  base: PlanBase,
  groups: ReleaseGroup[],
  pin: string | undefined,
  noGpuBuild: Failure | undefined,
  reasons: string[],
  warnings: string[],
  fw: string,
): Plan | undefined {
  const { profile, request, say } = ctx;
  for (const group of groups) {
    const python = choosePython(group.python, request.python, machinePythons(profile));
    const build = cpuBuild(group);
    if (!python || !build) continue;
    if (noGpuBuild) warnings.push(say('warning.cpuBuildNoGpuBuild', { fw, why: noGpuBuild.message(say) }));
    return cpuBuildPlan(ctx, base, withVersion(build, pinnedVersion(request.framework, build, pin)), python, reasons, warnings, fw, noGpuBuild !== undefined);
  }
  return undefined;
}

function cpuBuildPlan(ctx: Context, base: PlanBase, build: FrameworkBuild, python: string, reasons: string[], warnings: string[], fw: string, noGpuBuild: boolean): Plan {
  const { profile, request, say } = ctx;
  const macArm = profile.os === 'macos' && (profile.arch === 'arm64' || profile.arch === 'aarch64');
  const mps = FRAMEWORK_SPECS[request.framework].gpu.mps && macArm;
  cpuBuildReasons(ctx, fw, mps, noGpuBuild, reasons, warnings);
  reasons.push(pythonReason(python, build.python, request, profile, say));
  const method: InstallMethod = request.method === 'conda' ? 'conda' : 'wheels';
  if (request.method === 'system') warnings.push(say('warning.systemMethodOnCpu'));
  const finalBuild = { ...build, variant: mps ? 'mps' : 'cpu' };
  const driver = driverField({ action: 'none' }, profile.driverVersion);
  const cudaToolkit: Plan['cudaToolkit'] = { action: 'none' };
  const cudnn: Plan['cudnn'] = { action: 'none' };
  return assemblePlan(base, {
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
  });
}
