import type { Plan } from '../../shared/types/plan.js';
import type { InstallStep } from './installStep.js';
import { installText, type InstallSay } from '../system/installText.js';
import { planStepParams, type InstallOverrides } from './planStepParams.js';
import { errorIn } from '../../shared/i18n/sayError.js';
import { stepForKind } from './stepRegistry.js';
import { planText } from '../../shared/plan/planText.js';
import { stepTitle } from '../../shared/plan/stepTitle.js';

/** A plan step with its implementation and parsed params, ready to run. */
export interface PreparedStep {
  id: string;
  kind: string;
  title: string;
  impl: InstallStep<unknown>;
  params: unknown;
  elevated: boolean;
}

/** Checks the plan's shape and every step's params before anything runs: a bad plan changes nothing. */
export function prepareSteps(plan: Plan, overrides: InstallOverrides = {}, say: InstallSay = installText()): PreparedStep[] {
  if (!plan || typeof plan !== 'object' || !Array.isArray(plan.steps)) throw say.error('INVALID_ARGUMENT', 'run.notAPlan');
  if (plan.status === 'blocked') {
    const reasons = plan.blockers?.map((b) => b.message).join(' ');
    throw reasons ? say.error('PLAN_BLOCKED', 'run.planBlocked', { reasons }) : say.error('PLAN_BLOCKED', 'run.planBlockedNoReason');
  }
  const ids = new Set<string>();
  const titleSay = planText(say.locale);
  const prepared = plan.steps.map((step) => {
    if (typeof step.id !== 'string' || !/^[A-Za-z0-9._:-]{1,80}$/.test(step.id) || ids.has(step.id)) {
      throw say.error('INVALID_ARGUMENT', 'run.badStepId', { id: String(JSON.stringify(step.id)) });
    }
    ids.add(step.id);
    let impl: InstallStep<unknown>;
    let params: unknown;
    try {
      impl = stepForKind(step.kind);
      params = impl.parse(planStepParams(plan, step, overrides));
    } catch (error) {
      throw errorIn(error, say.locale);
    }
    const elevated = typeof impl.elevated === 'function' ? impl.elevated(params) : impl.elevated;
    return { id: step.id, kind: step.kind, title: stepTitle(step, titleSay, plan), impl, params, elevated };
  });
  // Variables for the Python environment can only be written once that environment exists.
  const envIndex = prepared.findIndex((step) => step.kind === 'python-env');
  const late = prepared.filter((step, index) => step.kind === 'env-vars' && (step.params as { scope?: string }).scope === 'environment' && index < envIndex);
  if (!late.length) return prepared;
  const rest = prepared.filter((step) => !late.includes(step));
  rest.splice(rest.findIndex((step) => step.kind === 'python-env') + 1, 0, ...late);
  return rest;
}
