import path from 'node:path';
import { defaultEnvRoot } from '../appPaths.js';
import { NAME_PATTERN } from '../../shared/schema/patterns.js';
import type { Plan, PlanStep } from '../../shared/types/plan.js';
import type { StepParams } from './installStep.js';
import { cudaRepoStep, publishedKeyringSha256 } from './steps/cudaRepoStep.js';

/** User settings that override what the plan says (mirrors and proxy are the user's choice, not the resolver's). */
export interface InstallOverrides {
  pypiMirror?: string;
  pytorchMirror?: string;
  proxy?: string;
  /** CUDA repository mirror base URL. */
  cudaMirror?: string;
  /** sha256 of NVIDIA's cuda-keyring .deb when the plan does not carry it. */
  cudaKeyringSha256?: string;
  /** Folder the user chose for Python environments (each plan's env is <envRoot>/<name>). */
  envRoot?: string;
}

/** Where a plan's Python environment goes: its own path, else <envRoot>/<name> (default: defaultEnvRoot()). */
export function pythonEnvPath(step: PlanStep | undefined, overrides: InstallOverrides = {}): string | undefined {
  if (!step) return undefined;
  if (typeof step.params?.path === 'string') return step.params.path;
  // NAME_PATTERN starts with a letter or digit, so ".." cannot climb out of the environment root.
  const name = typeof step.params?.name === 'string' && NAME_PATTERN.test(step.params.name) ? step.params.name : 'dlsetup-env';
  return path.join(overrides.envRoot ?? defaultEnvRoot(), name);
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
      const envPath = pythonEnvPath(plan.steps.find((candidate) => candidate.kind === 'python-env'), overrides);
      if (envPath) params.envPath = envPath;
    }
    if (overrides.pypiMirror) params.pypiMirror = overrides.pypiMirror;
    if (overrides.pytorchMirror) params.pytorchMirror = overrides.pytorchMirror;
    if (overrides.proxy) params.proxy = overrides.proxy;
  }
  if (step.kind === 'python-env') {
    if (params.python === undefined && plan.python?.version) params.python = plan.python.version;
    params.path = pythonEnvPath(step, overrides)!;
  }
  if (step.kind === 'env-vars' && params.scope === 'environment' && params.envPath === undefined) {
    const envPath = pythonEnvPath(plan.steps.find((candidate) => candidate.kind === 'python-env'), overrides);
    if (envPath) params.envPath = envPath;
  }
  if (step.kind === 'cuda-toolkit' && params.version === undefined && plan.cudaToolkit?.version) params.version = plan.cudaToolkit.version;
  if (step.kind === 'cuda-repo' && overrides.cudaMirror) params.mirror = overrides.cudaMirror;
  if (step.kind === 'cuda-repo' && params.keyringSha256 === undefined) {
    const sha256 = overrides.cudaKeyringSha256 ?? planKeyringSha256(params);
    if (sha256) params.keyringSha256 = sha256;
  }
  return params;
}

/** NVIDIA's published keyring checksum (data/) when the step names its distro; otherwise the step looks it up on the host. */
function planKeyringSha256(params: StepParams): string | undefined {
  try {
    return publishedKeyringSha256(cudaRepoStep.parse(params));
  } catch {
    // Bad params are reported by the runner's own parse.
    return undefined;
  }
}
