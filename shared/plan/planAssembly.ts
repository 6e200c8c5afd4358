import type { Plan } from '../types/plan.js';
import type { FrameworkBuild } from './frameworkBuilds.js';
import type { DriverDecision, PlanBase } from './resolverTypes.js';

/** What a plan decides; the rest comes from the resolution's PlanBase. */
export type PlanDecisions = Omit<Plan, keyof PlanBase | 'download'>;

/**
 * The one place a Plan object is built, so every plan has the same fields in the same order. Copied field by field:
 * an object spread here cost more than the rest of plan assembly.
 */
export function assemblePlan(base: PlanBase, decisions: PlanDecisions): Plan {
  return {
    request: base.request,
    profile: base.profile,
    gpu: base.gpu,
    dataReviewedAt: base.dataReviewedAt,
    status: decisions.status,
    method: decisions.method,
    framework: decisions.framework,
    python: decisions.python,
    driver: decisions.driver,
    cudaToolkit: decisions.cudaToolkit,
    cudnn: decisions.cudnn,
    steps: decisions.steps,
    reasons: decisions.reasons,
    warnings: decisions.warnings,
    blockers: decisions.blockers,
  };
}

/** The plan's framework field for the chosen build: only the facts the build has. */
export function frameworkField(build: FrameworkBuild): Plan['framework'] {
  return {
    name: build.framework,
    version: build.version,
    variant: build.variant,
    ...(build.indexUrl ? { indexUrl: build.indexUrl } : {}),
    ...(build.extraIndexUrl ? { extraIndexUrl: build.extraIndexUrl } : {}),
    ...(build.findLinks ? { findLinks: build.findLinks } : {}),
    ...(build.cuda ? { cuda: build.cuda } : {}),
    ...(build.cudnn ? { cudnn: build.cudnn } : {}),
    ...(build.rocm ? { rocm: build.rocm } : {}),
    packages: build.packages,
  };
}

/** The plan's driver field: what happens to the driver, the machine's current one, the floor and the target. */
export function driverField(decision: DriverDecision, current: string | null): Plan['driver'] {
  if (decision.action === 'keep') return { action: 'keep', current: current!, minimum: decision.floor.version };
  if (decision.action === 'none') return { action: 'none', ...(current ? { current } : {}) };
  return { action: decision.action, ...(current ? { current } : {}), minimum: decision.floor.version, target: decision.target.minimumVersion };
}
