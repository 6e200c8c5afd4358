import type { InstallStep } from './installStep.js';
import type { PlanStepKind } from '../../shared/schema/stepSchemas.js';
import { installText } from '../system/installText.js';
import { cudaRepoStep } from './steps/cudaRepoStep.js';
import { cudaToolkitStep } from './steps/cudaToolkitStep.js';
import { cudnnStep } from './steps/cudnnStep.js';
import { driverStep } from './steps/driverStep.js';
import { envVarsStep } from './steps/envVarsStep.js';
import { frameworkStep } from './steps/frameworkStep.js';
import { pythonEnvStep } from './steps/pythonEnvStep.js';
import { systemPythonStep } from './steps/systemPythonStep.js';

/** One implementation per plan step kind (shared/schema/stepSchemas.ts): a kind without its step does not compile. */
const STEPS = {
  driver: driverStep,
  'cuda-repo': cudaRepoStep,
  'cuda-toolkit': cudaToolkitStep,
  cudnn: cudnnStep,
  'env-vars': envVarsStep,
  'system-python': systemPythonStep,
  'python-env': pythonEnvStep,
  framework: frameworkStep,
} satisfies Record<PlanStepKind, { kind: string }>;

/** The step implementation for a plan step's kind; unknown kinds are refused, never guessed. */
export function stepForKind(kind: string): InstallStep<unknown> {
  // Own keys only: a kind such as "constructor" or "__proto__" is unknown, not an Object method.
  if (!Object.prototype.hasOwnProperty.call(STEPS, kind)) throw installText.error('INVALID_ARGUMENT', 'params.unknownKind', { kind });
  return STEPS[kind as PlanStepKind] as unknown as InstallStep<unknown>;
}
