import { replacesNewerDriver } from './driverReplacement.js';
import type { PlanSay } from './planText.js';
import type { PlanStepKind } from '../schema/stepSchemas.js';

/** What stepTitle reads of a step: a plan file's step is untrusted, so every field is checked before it is used. */
export interface TitledStep {
  kind: unknown;
  params?: unknown;
  title?: unknown;
}

type Params = Record<string, unknown>;

function text(params: Params, name: string): string | undefined {
  const value = params[name];
  return typeof value === 'string' && value.length > 0 ? value : typeof value === 'number' ? String(value) : undefined;
}

function texts(params: Params, name: string): string[] | undefined {
  const value = params[name];
  if (typeof value === 'string' && value.length > 0) return [value];
  return Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string' && item.length > 0) ? (value as string[]) : undefined;
}

/** The CUDA series of a toolkit folder: /usr/local/cuda-12.6 or C:\…\CUDA\v12.6. */
function seriesOf(home: string): string | undefined {
  return /(?:cuda-|[\\/]v)(\d+\.\d+)[\\/]?$/.exec(home)?.[1];
}

function envVarsTitle(params: Params, say: PlanSay): string | undefined {
  const home = text(params, 'CUDA_HOME') ?? text(params, 'cudaHome') ?? text(params, 'CUDA_PATH');
  if (!home) return undefined;
  const scope = text(params, 'scope') ?? 'user';
  if (scope === 'system') return say('step.envVars.system', { home });
  if (scope === 'user') return say('step.envVars.user', { home });
  const series = seriesOf(home);
  return series ? say('step.envVars', { series }) : say('step.envVars.home', { home });
}

function frameworkTitle(params: Params, say: PlanSay): string | undefined {
  const packages = texts(params, 'packages');
  if (!packages) return undefined;
  const index = text(params, 'indexUrl');
  const extra = text(params, 'extraIndexUrl');
  const links = texts(params, 'findLinks') ?? [];
  const command = [`pip install ${packages.join(' ')}`, index ? ` --index-url ${index}` : '', extra ? ` --extra-index-url ${extra}` : '', ...links.map((link) => ` -f ${link}`)].join('');
  return say('step.framework', { command });
}

/** What stepTitle reads of the plan around a step (untrusted too): the installed driver the driver step changes. */
export interface TitledPlan {
  driver?: unknown;
}

/** The installed driver's version when it is a plain dotted version ("595.45.04"); anything else says nothing. */
function installedDriver(plan: TitledPlan | undefined): string | undefined {
  const driver = plan?.driver;
  const current = driver && typeof driver === 'object' ? (driver as Params).current : undefined;
  return typeof current === 'string' && /^\d{2,4}(?:\.\d{1,4}){0,3}$/.test(current) ? current : undefined;
}

function driverTitle(params: Params, say: PlanSay, plan: TitledPlan | undefined): string | undefined {
  const branch = text(params, 'branch');
  const target = text(params, 'minimumVersion');
  if (!branch || !target) return undefined;
  if (params.manual === true) return say('step.driver.wsl', { branch, target });
  if (params.action === 'install') return say('step.driver.install', { branch, target });
  // An "upgrade" to an older branch replaces a driver past the GPU's last branch (595 ignores Pascal): never "upgrade".
  const current = installedDriver(plan);
  if (current && replacesNewerDriver(current, branch)) return say('step.driver.replace', { current, currentBranch: current.split('.')[0] as string, branch, target });
  return say('step.driver.upgrade', { branch, target });
}

type TitleOf = (params: Params, say: PlanSay, plan: TitledPlan | undefined) => string | undefined;

/** Each kind's title from its params: a kind added to PLAN_STEP_KINDS without its title does not compile. */
const TITLES = {
  driver: driverTitle,
  'cuda-repo': (params, say) => say(params.wsl === true ? 'step.cudaRepo.wsl' : 'step.cudaRepo'),
  'cuda-toolkit': (params, say) => {
    const version = text(params, 'version');
    return version ? say('step.cudaToolkit', { version }) : undefined;
  },
  cudnn: (params, say) => {
    const version = text(params, 'version');
    const series = text(params, 'cudaSeries') ?? text(params, 'cudaMajor');
    return version && series ? say('step.cudnn', { version, series }) : undefined;
  },
  'env-vars': envVarsTitle,
  'system-python': (params, say) => {
    const python = text(params, 'python');
    return python ? say('step.systemPython', { python }) : undefined;
  },
  'python-env': (params, say) => {
    const name = text(params, 'name');
    const python = text(params, 'python');
    if (!name || !python) return undefined;
    return say(params.manager === 'conda' ? 'step.pythonEnv.conda' : 'step.pythonEnv.venv', { name, python });
  },
  framework: frameworkTitle,
} satisfies Record<PlanStepKind, TitleOf>;

function titleFromParams(kind: string, params: Params, say: PlanSay, plan: TitledPlan | undefined): string | undefined {
  // Own keys only: an unknown kind (or "constructor") has no title of its own.
  if (!Object.prototype.hasOwnProperty.call(TITLES, kind)) return undefined;
  return (TITLES[kind as PlanStepKind] as TitleOf)(params, say, plan);
}

/**
 * A step's title in the reader's language, made from its kind and params through the plan catalog, so a plan written
 * in one language (`dlsetup plan --json`) reads in another at install time. The plan's own title is only the fallback,
 * for a kind or params no catalog sentence describes. The plan, when given, tells an upgrade from a replacement.
 */
export function stepTitle(step: TitledStep, say: PlanSay, plan?: TitledPlan): string {
  const params = step.params && typeof step.params === 'object' && !Array.isArray(step.params) ? (step.params as Params) : {};
  const derived = typeof step.kind === 'string' ? titleFromParams(step.kind, params, say, plan) : undefined;
  if (derived !== undefined) return derived;
  return typeof step.title === 'string' && step.title.length > 0 ? step.title : String(step.kind);
}
