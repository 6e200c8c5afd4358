import type { Plan, PlanStep } from '../../shared/types/plan.js';
import type { StepParams } from './installStep.js';

/** User settings that override what the plan says (mirrors and proxy are the user's choice, not the resolver's). */
export interface InstallOverrides {
  pypiMirror?: string;
  pytorchMirror?: string;
  proxy?: string;
  /** CUDA repository mirror base URL. */
  cudaMirror?: string;
}

/**
 * Fills a step's params from the plan where the step itself is silent (framework packages and index URL,
 * the environment path), then applies the user's overrides.
 */
export function planStepParams(plan: Plan, step: PlanStep, overrides: InstallOverrides = {}): StepParams {
  const params: StepParams = { ...(step.params ?? {}) };
  if (step.kind === 'framework') {
    if (params.packages === undefined && Array.isArray(plan.framework?.packages)) params.packages = plan.framework.packages;
    if (params.indexUrl === undefined && plan.framework?.indexUrl) params.indexUrl = plan.framework.indexUrl;
    if (params.envPath === undefined && params.venvPath === undefined) {
      const envStep = plan.steps.find((candidate) => candidate.kind === 'python-env');
      if (typeof envStep?.params?.path === 'string') params.envPath = envStep.params.path;
    }
    if (overrides.pypiMirror) params.pypiMirror = overrides.pypiMirror;
    if (overrides.pytorchMirror) params.pytorchMirror = overrides.pytorchMirror;
    if (overrides.proxy) params.proxy = overrides.proxy;
  }
  if (step.kind === 'python-env' && params.python === undefined && plan.python?.version) params.python = plan.python.version;
  if (step.kind === 'cuda-toolkit' && params.version === undefined && plan.cudaToolkit?.version) params.version = plan.cudaToolkit.version;
  if (step.kind === 'cuda-repo' && overrides.cudaMirror) params.mirror = overrides.cudaMirror;
  return params;
}
