/*
 * A plan for this machine checked against its package index (issue 32): the check's answer goes into the plan, and a
 * file that does not exist for this machine blocks it at plan time with the nearest plan whose files do exist.
 */
import type { Locale } from '../../shared/i18n/localize.js';
import type { CompatData } from '../../shared/plan/compatData.js';
import { frameworkBuilds } from '../../shared/plan/frameworkBuilds.js';
import { FRAMEWORK_NAMES } from '../../shared/plan/frameworkNames.js';
import { planText } from '../../shared/plan/planText.js';
import { resolvePlan } from '../../shared/plan/resolvePlan.js';
import type { HardwareProfile, IndexCheck, Plan, PlanRequest } from '../../shared/types/plan.js';
import { checkPlanIndex, type IndexCheckOptions } from './indexCheck.js';

/** Older releases tried for a file this machine can install: each is one more look at the index. */
const OLDER_RELEASES_TRIED = 3;

export interface PlanIndexContext extends IndexCheckOptions {
  data: CompatData;
  profile: HardwareProfile;
  request: PlanRequest;
  locale?: Locale;
  /** Why the index is not asked: `offline` (asked for), `whatIf` (a machine that is not this one). */
  skip?: 'offline' | 'whatIf';
}

/** The highest Python a "need" names ("Python 3.9-3.13 (cp39…cp313)" → "3.13"). */
function highestPython(need: string | undefined): string | undefined {
  const minors = [...(need ?? '').matchAll(/\b3\.(\d{1,2})\b/g)].map((match) => Number(match[1]));
  return minors.length ? `3.${Math.max(...minors)}` : undefined;
}

/** The newest older release whose plan is ok and whose files the index has for this machine. */
async function olderReleaseThatInstalls(context: PlanIndexContext, plan: Plan): Promise<PlanRequest | undefined> {
  // Newest first, as the data lists them; the plan's own release is found by its series ("2.7" holds "2.7.0").
  const releases = frameworkBuilds(context.data, plan.framework.name, context.profile).map((builds) => builds[0]!.release);
  const own = releases.findIndex((release) => plan.framework.version === release || plan.framework.version.startsWith(`${release}.`));
  if (own === -1) return undefined;
  for (const release of releases.slice(own + 1, own + 1 + OLDER_RELEASES_TRIED)) {
    const request = { ...context.request, frameworkVersion: release };
    const candidate = resolvePlan(context.data, context.profile, request, { locale: context.locale });
    if (candidate.status !== 'ok') continue;
    if ((await checkPlanIndex(context.data, candidate, context))?.status === 'resolved') return { framework: request.framework, frameworkVersion: candidate.framework.version };
  }
  return undefined;
}

/** The blocked plan a missing file makes: which file, why, and the nearest request that installs. */
async function blockedByIndex(context: PlanIndexContext, plan: Plan, check: IndexCheck): Promise<Plan> {
  const say = planText(context.locale);
  const missing = check.missing!;
  const need = missing.need ?? (missing.missing === 'version' ? say('index.missing.noVersions') : say('index.missing.unknownNeed'));
  const message = say(`index.missing.${missing.missing}`, {
    package: missing.name,
    version: missing.version,
    index: check.indexes.join(', '),
    python: plan.python.version,
    arch: plan.profile.arch,
    need,
    available: need,
  });
  const python = missing.missing === 'python' ? highestPython(missing.need) : undefined;
  const alternative = python ? { framework: plan.request.framework, ...(plan.request.frameworkVersion ? { frameworkVersion: plan.request.frameworkVersion } : {}), python } : await olderReleaseThatInstalls(context, plan);
  const reason = alternative?.frameworkVersion && !python ? say('index.alternative.release', { fw: FRAMEWORK_NAMES[plan.framework.name], version: alternative.frameworkVersion }) : python ? say('index.alternative.python', { python }) : null;
  return {
    ...plan,
    status: 'blocked',
    index: check,
    blockers: [...plan.blockers, { code: 'WHEEL_NOT_ON_INDEX', message: reason ? `${message} ${reason}` : message, ...(alternative ? { alternative } : {}) }],
  };
}

export async function withIndexCheck(context: PlanIndexContext, plan: Plan): Promise<Plan> {
  if (plan.status !== 'ok' || !plan.steps.some((step) => step.kind === 'framework')) return plan;
  if (context.skip) return { ...plan, index: { status: 'dataOnly', reason: context.skip, indexes: [], requests: 0, ms: 0 } };
  const check = await checkPlanIndex(context.data, plan, context);
  if (!check) return plan;
  return check.status === 'missing' ? blockedByIndex(context, plan, check) : { ...plan, index: check };
}
