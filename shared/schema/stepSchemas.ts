import * as v from 'valibot';
import {
  bool,
  condaPackage,
  debPackage,
  driverVersion,
  hostPath,
  hostPathOrHome,
  hostPathUnder,
  list,
  matching,
  mirror,
  name,
  numberIn,
  oneOf,
  pathOrHome,
  pathUnder,
  pipRequirement,
  proxy,
  pythonVersion,
  record,
  safePath,
  sentence,
  sha256,
  url,
  version,
  windowsPath,
} from './safeText.js';
import { FRAMEWORK_IDS } from '../frameworks/registry.js';

/**
 * Every install step kind with the params its parse() reads (main/install/steps/*), the names the resolver writes
 * (shared/plan/planSteps.ts) and the ones the engine fills in (planStepParams, withInstallSources). Each value has an
 * enum or a pattern; a param no step reads is refused, so a plan cannot carry something nobody checked.
 */

const optional = v.optional;
/** Where CUDA may live on Linux (env-vars CUDA_HOME, library paths). */
const CUDA_ROOTS = ['/usr/local', '/opt'];
const series = matching(/^\d{1,2}\.\d{1,2}$/, 'problem.version', 5);
const cudaVersion = matching(/^\d{1,2}\.\d{1,2}(?:\.\d{1,3})?$/, 'problem.version', 10);

export const driverParams = record({
  action: optional(oneOf(['install', 'upgrade'])),
  os: optional(oneOf(['linux', 'windows'])),
  branch: optional(matching(/^\d{3}(?:-server)?$/, 'problem.driverVersion', 10)),
  minimumVersion: optional(driverVersion),
  minimum: optional(driverVersion),
  // WSL2: the user updates the Windows driver; nothing is installed inside WSL.
  manual: optional(bool),
  rebootRequired: optional(bool),
  open: optional(bool),
  ubuntuPackage: optional(debPackage),
  package: optional(debPackage),
});

export const cudaRepoParams = record({
  os: optional(oneOf(['linux'])),
  purpose: optional(oneOf(['cuda-toolkit'])),
  // WSL2 needs NVIDIA's WSL-Ubuntu repository, which has no driver.
  wsl: optional(bool),
  distro: optional(matching(/^[a-z][a-z-]{0,30}\d{0,4}$/, 'problem.name', 40)),
  arch: optional(oneOf(['x86_64', 'sbsa'])),
  mirror: optional(url),
  keyringVersion: optional(matching(/^\d{1,3}\.\d{1,3}-\d{1,3}$/, 'problem.version', 20)),
  keyringSha256: optional(sha256),
  keyringFile: optional(safePath),
});

export const cudaToolkitParams = record({
  version: cudaVersion,
  series: optional(series),
  os: optional(oneOf(['linux', 'windows'])),
  installPath: optional(hostPathUnder(['/usr/local'])),
  withoutDriver: optional(bool),
  makeActive: optional(bool),
  setActive: optional(bool),
  // Toolkits already installed that stay side by side.
  keep: optional(list(version, 32)),
  package: optional(debPackage),
  method: optional(oneOf(['auto', 'apt', 'runfile'])),
  runfileUrl: optional(url),
  runfileSha256: optional(sha256),
  runfile: optional(safePath),
  useRunfile: optional(bool),
});

export const cudnnParams = record({
  version: matching(/^\d{1,3}\.\d{1,3}(?:\.\d{1,4}){0,2}$/, 'problem.version', 30),
  cudaMajor: matching(/^\d{1,2}$/, 'problem.version', 2),
  cudaSeries: optional(series),
  os: optional(oneOf(['linux', 'windows'])),
  method: optional(oneOf(['apt', 'archive'])),
  package: optional(debPackage),
  archiveUrl: optional(url),
  archiveSha256: optional(sha256),
  installDir: optional(pathUnder(['/opt/dlsetup'])),
  archive: optional(safePath),
});

export const envVarsParams = record({
  // environment: set when the DL Setup environment is activated (Windows: CUDA_PATH and PATH only).
  scope: optional(oneOf(['system', 'user', 'environment'])),
  CUDA_HOME: optional(pathUnder(CUDA_ROOTS)),
  cudaHome: optional(pathUnder(CUDA_ROOTS)),
  CUDA_PATH: optional(windowsPath),
  pathPrepend: optional(list(hostPath, 16)),
  libraryPathPrepend: optional(list(pathUnder(CUDA_ROOTS), 16)),
  libraryPaths: optional(list(pathUnder(CUDA_ROOTS), 16)),
  shellRc: optional(pathOrHome),
  envPath: optional(hostPath),
});

// The distribution's pythonX.Y-venv, elevated: a fresh Ubuntu/Debian lacks ensurepip.
export const systemPythonParams = record({
  python: matching(/^3\.\d{1,2}$/, 'problem.pythonVersion', 8),
});

export const pythonEnvParams = record({
  manager: optional(oneOf(['auto', 'venv', 'uv', 'conda'])),
  python: optional(pythonVersion),
  name: optional(name),
  path: optional(hostPathOrHome),
  interpreter: optional(matching(/^[A-Za-z0-9._/+-]{1,4096}$/, 'problem.commandOrPath', 4096)),
  minFreeBytes: optional(numberIn(0, 1e15)),
  condaChannel: optional(matching(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'problem.name', 64)),
  condaPackages: optional(list(condaPackage, 32)),
});

export const frameworkParams = record({
  framework: optional(oneOf(FRAMEWORK_IDS)),
  installer: optional(oneOf(['pip'])),
  // Exact pins.
  packages: optional(list(pipRequirement, 64)),
  variant: optional(matching(/^[a-z][a-z0-9._]{0,15}$/, 'problem.name', 16)),
  indexUrl: optional(url),
  extraIndexUrl: optional(url),
  extraIndexUrls: optional(list(url, 8)),
  findLinks: optional(list(url, 8)),
  envPath: optional(hostPath),
  venvPath: optional(hostPath),
  pypiMirror: optional(mirror),
  pytorchMirror: optional(mirror),
  proxy: optional(proxy),
});

const stepId = matching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'problem.name', 64);

/**
 * The one list of install step kinds. The plan's step type, the engine's step registry, the step titles and the
 * wizard's plan script each derive from it (`satisfies Record<PlanStepKind, …>`), so a new kind does not compile until
 * it has its params schema here, its step, its title and its script.
 */
export const PLAN_STEP_KINDS = ['driver', 'cuda-repo', 'cuda-toolkit', 'cudnn', 'env-vars', 'system-python', 'python-env', 'framework'] as const;
export type PlanStepKind = (typeof PLAN_STEP_KINDS)[number];

/** Each kind's params schema, by kind. */
export const STEP_PARAMS_SCHEMAS = {
  driver: driverParams,
  'cuda-repo': cudaRepoParams,
  'cuda-toolkit': cudaToolkitParams,
  cudnn: cudnnParams,
  'env-vars': envVarsParams,
  'system-python': systemPythonParams,
  'python-env': pythonEnvParams,
  framework: frameworkParams,
} as const satisfies Record<PlanStepKind, v.GenericSchema>;

/** A step's params as a plan may write them: the type inferred from the kind's schema (the steps derive theirs from it). */
export type PlanStepParamsOf<K extends PlanStepKind> = v.InferOutput<(typeof STEP_PARAMS_SCHEMAS)[K]>;

function step<K extends PlanStepKind>(kind: K) {
  return v.strictObject({ id: stepId, kind: v.literal(kind), title: sentence, elevated: bool, params: STEP_PARAMS_SCHEMAS[kind] }, 'problem.notObject');
}

/** One schema per kind, in the kinds' order (a tuple, so the variant's type keeps each kind's params). */
type StepSchemas<T extends readonly PlanStepKind[]> = { -readonly [I in keyof T]: T[I] extends PlanStepKind ? ReturnType<typeof step<T[I]>> : never };

/** One plan step: the params schema is chosen by `kind`, and a kind this version does not know is refused. */
export const planStepSchema = v.variant('kind', PLAN_STEP_KINDS.map((kind) => step(kind)) as unknown as StepSchemas<typeof PLAN_STEP_KINDS>, 'problem.notObject');
