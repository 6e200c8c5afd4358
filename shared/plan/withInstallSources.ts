import type { Plan } from '../types/plan.js';

type StepParams = Plan['steps'][number]['params'];

/**
 * Where to install and which package sources to use: `undefined` keeps what the plan says, `null` removes it, text
 * sets it. The install engine reads (and validates) these step params: python-env `path`; framework `pypiMirror`,
 * `pytorchMirror` (a preset id such as "tuna", or an index URL) and `proxy`.
 */
export interface InstallSources {
  envPath?: string | null;
  pypiMirror?: string | null;
  pytorchMirror?: string | null;
  proxy?: string | null;
}

/** The plan with the sources written into its steps; the wizard's Choose screen and `dlsetup install` both use it. */
export function withInstallSources(plan: Plan, sources: InstallSources): Plan {
  const apply = (params: StepParams, entries: [string, string | null | undefined][]): StepParams => {
    const next = { ...params };
    for (const [key, value] of entries) {
      if (value === null) delete next[key];
      else if (value !== undefined) next[key] = value;
    }
    return next;
  };
  return {
    ...plan,
    steps: plan.steps.map((step) => {
      if (step.kind === 'python-env') return { ...step, params: apply(step.params, [['path', sources.envPath]]) };
      if (step.kind !== 'framework') return step;
      return { ...step, params: apply(step.params, [['pypiMirror', sources.pypiMirror], ['pytorchMirror', sources.pytorchMirror], ['proxy', sources.proxy]]) };
    }),
  };
}
