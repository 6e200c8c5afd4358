import type { InstallStep } from './installStep.js';
import { installText } from '../system/installText.js';
import { cudaRepoStep } from './steps/cudaRepoStep.js';
import { cudaToolkitStep } from './steps/cudaToolkitStep.js';
import { cudnnStep } from './steps/cudnnStep.js';
import { driverStep } from './steps/driverStep.js';
import { envVarsStep } from './steps/envVarsStep.js';
import { frameworkStep } from './steps/frameworkStep.js';
import { pythonEnvStep } from './steps/pythonEnvStep.js';
import { systemPythonStep } from './steps/systemPythonStep.js';

const STEPS: readonly InstallStep<never>[] = [driverStep, cudaRepoStep, cudaToolkitStep, cudnnStep, envVarsStep, systemPythonStep, pythonEnvStep, frameworkStep] as unknown as InstallStep<never>[];

export const STEP_KINDS = STEPS.map((step) => step.kind);

/** The step implementation for a plan step's kind; unknown kinds are refused, never guessed. */
export function stepForKind(kind: string): InstallStep<unknown> {
  const step = STEPS.find((candidate) => candidate.kind === kind);
  if (!step) throw installText.error('INVALID_ARGUMENT', 'params.unknownKind', { kind });
  return step as unknown as InstallStep<unknown>;
}
