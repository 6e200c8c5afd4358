import { errorText } from '../../shared/errorText.js';
import { BUNDLED_MIRRORS } from '../../shared/mirrors/bundledMirrors.js';
import { presetsByIdOnly, resolvePipIndexes } from '../../shared/mirrors/pipIndexes.js';
import { shComment, shWord as quote } from '../../shared/quote/sh.js';
import { PLAN_STEP_KINDS } from '../../shared/schema/stepSchemas.js';
import type { Plan, PlanStep } from '../../shared/types/plan.js';
import { hasUserinfo, withoutUserinfo } from '../../shared/text/urlUserinfo.js';

/** Debian package names (Policy §5.6.1): nothing apt could read as an option. */
const DEB_PACKAGE = /^[a-z0-9][a-z0-9+.-]+$/;

/** Folders from the plan: absolute, so a command named after one never runs from wherever the script is pasted. */
function absolute(value: string): string {
  if (!value.startsWith('/')) throw errorText.error('INVALID_ARGUMENT', 'planScript.envNotAbsolute', { value: JSON.stringify(value).slice(0, 80) });
  return value;
}

/** A value for an operand position: quoting keeps it one word, but a leading - would still be read as an option. */
function operand(value: string, refusal: 'planScript.envStartsWithDash' | 'planScript.pipStartsWithDash'): string {
  if (value.startsWith('-')) throw errorText.error('INVALID_ARGUMENT', refusal, { value: JSON.stringify(value).slice(0, 80) });
  return quote(value);
}

function list(value: PlanStep['params'][string] | undefined): string[] {
  return Array.isArray(value) ? value : typeof value === 'string' && value ? [value] : [];
}

function text(value: PlanStep['params'][string] | undefined): string | null {
  return typeof value === 'string' && value ? value : null;
}

/** The engine's mirror presets, from the same table it reads (data/mirrors.json built into the page). */
const PRESETS = presetsByIdOnly(BUNDLED_MIRRORS);

function stepCommands(step: PlanStep, plan: Plan): string[] {
  const { params } = step;
  const envParams = plan.steps.find((candidate) => candidate.kind === 'python-env')?.params;
  const planEnv = text(envParams?.path) && absolute(text(envParams?.path)!);
  // Without a chosen folder the engine picks one; the script names it after the plan's environment (one folder name).
  const envName = text(envParams?.name) ?? 'dlsetup-env';
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(envName)) throw errorText.error('INVALID_ARGUMENT', 'planScript.badEnvName', { name: JSON.stringify(envName).slice(0, 80) });
  const inHome = (tail: string) => `"$HOME"/${quote(`${envName}${tail}`)}`;
  switch (step.kind) {
    case 'python-env': {
      const version = text(params.python);
      // The version becomes part of a command name, so it must be a version and nothing else.
      if (version && !/^\d+\.\d+(\.\d+)?$/.test(version)) throw errorText.error('INVALID_ARGUMENT', 'planScript.badPython', { version: JSON.stringify(version).slice(0, 80) });
      const python = version ? `python${version}` : 'python3';
      return [`${python} -m venv ${planEnv ? operand(planEnv, 'planScript.envStartsWithDash') : inHome('')}`];
    }
    case 'system-python': {
      // Ubuntu's and Debian's package for the Python's venv module and ensurepip (data/nvidia-install-sources.json).
      const version = text(params.python);
      if (!version || !/^3\.\d{1,2}$/.test(version)) throw errorText.error('INVALID_ARGUMENT', 'planScript.badPython', { version: JSON.stringify(version).slice(0, 80) });
      return [`sudo apt-get install -y python${version}-venv`];
    }
    case 'framework': {
      const envDir = text(params.envPath) ? absolute(text(params.envPath)!) : planEnv;
      const python = envDir ? quote(`${envDir}/bin/python`) : inHome('/bin/python');
      // The install engine's rule (shared/mirrors/pipIndexes.ts): a PyTorch mirror keeps the plan's variant.
      const sources = resolvePipIndexes(PRESETS, text(params.indexUrl) ?? plan.framework.indexUrl ?? undefined, text(params.pypiMirror) ?? undefined, text(params.pytorchMirror) ?? undefined);
      // pip reads its proxy from PIP_PROXY (the environment, not a command line ps shows); its password is never written.
      const proxy = text(params.proxy);
      const argv = proxy ? [`PIP_PROXY=\${PIP_PROXY:-${quote(withoutUserinfo(proxy))}}`, python] : [python];
      argv.push('-m', 'pip', 'install');
      if (sources.indexUrl) argv.push('--index-url', quote(sources.indexUrl));
      for (const url of [...sources.extraIndexUrls, ...list(params.extraIndexUrls)]) argv.push('--extra-index-url', quote(url));
      for (const url of [...sources.findLinks, ...list(params.findLinks)]) argv.push('--find-links', quote(url));
      argv.push(...list(params.packages).map((name) => operand(name, 'planScript.pipStartsWithDash')));
      const note = proxy && hasUserinfo(proxy) ? [shComment(`The proxy's user name and password are not written here: export PIP_PROXY=http://USER:PASSWORD@${withoutUserinfo(proxy).replace(/^[a-z]+:\/\//i, '')} first.`)] : [];
      return [...note, argv.join(' ')];
    }
    // The system steps: the engine's --dry-run has their exact commands; here, their packages where the plan names them.
    case 'driver':
    case 'cuda-repo':
    case 'cuda-toolkit':
    case 'cudnn':
    case 'env-vars': {
      const packages = list(params.packages);
      const odd = packages.find((name) => !DEB_PACKAGE.test(name));
      if (odd !== undefined) throw errorText.error('INVALID_ARGUMENT', 'planScript.badPackage', { name: JSON.stringify(odd).slice(0, 80) });
      return packages.length > 0 ? [`${step.elevated ? 'sudo ' : ''}apt-get install -y ${packages.map(quote).join(' ')}`] : [];
    }
    default: {
      // Every kind has its case: a kind added to PLAN_STEP_KINDS without one does not compile.
      const unhandled: never = step.kind;
      throw errorText.error('INVALID_ARGUMENT', 'planScript.unknownStep', { kind: JSON.stringify(String(unhandled)).slice(0, 80) });
    }
  }
}

/**
 * The plan as a shell script a person can read or run by hand. The engine's --dry-run is the exact list; this is the
 * readable version, with every step's parameters as comments where no command can be written down. Every value from
 * the plan is one quoted word or part of a comment; a plan that cannot be written so is refused with INVALID_ARGUMENT.
 */
export function planToShellScript(plan: Plan): string {
  const lines = [
    '#!/bin/sh',
    shComment(`DL Setup plan: ${plan.framework.name} ${plan.framework.version} (${plan.framework.variant}), Python ${plan.python.version}, method ${plan.method}`),
    '# Steps marked (admin) need administrator rights.',
    'set -e',
  ];
  for (const [index, step] of plan.steps.entries()) {
    // An unknown kind would be written as the wrong commands; the engine refuses it too.
    if (!(PLAN_STEP_KINDS as readonly string[]).includes(step.kind)) throw errorText.error('INVALID_ARGUMENT', 'planScript.unknownStep', { kind: JSON.stringify(String(step.kind)).slice(0, 80) });
    lines.push('', shComment(`${index + 1}. ${step.title}${step.elevated ? ' (admin)' : ''}`));
    const commands = stepCommands(step, plan);
    if (commands.length > 0) lines.push(...commands);
    else for (const [key, value] of Object.entries(step.params)) lines.push(shComment(`   ${key}: ${Array.isArray(value) ? value.join(' ') : String(value)}`));
  }
  return `${lines.join('\n')}\n`;
}
