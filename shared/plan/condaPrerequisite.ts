// A conda plan on a machine without conda: the install's python-env step would stop (pythonEnv.condaMissing), so the plan says so first.
import type { Plan } from '../types/plan.js';
import type { PlanSay } from './planText.js';

/**
 * Adds the CONDA_MISSING warning and prerequisite to an ok conda plan when detection found no conda. The fix it names is
 * Miniforge, conda-forge's own installer (official page: https://conda-forge.org/download/, source
 * https://github.com/conda-forge/miniforge), or the wheels method, which needs no conda. Unknown (condaFound absent) says nothing.
 */
export function withCondaPrerequisite(plan: Plan, say: PlanSay): Plan {
  if (plan.status !== 'ok' || plan.method !== 'conda' || plan.profile.condaFound !== false) return plan;
  const message = say('warning.condaMissing');
  plan.warnings.push(message);
  plan.missingPrerequisites = [{ code: 'CONDA_MISSING', message, alternative: { ...plan.request, method: 'wheels' } }];
  return plan;
}
