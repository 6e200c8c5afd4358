import type { Plan, PlanStep } from '../../shared/types/plan.js';
import { PYPI_MIRRORS, PYTORCH_MIRRORS, type MirrorChoice } from './mirrorPresets.js';

/** POSIX single-quoting: safe for any text, including paths with spaces. */
function quote(value: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

function list(value: PlanStep['params'][string] | undefined): string[] {
  return Array.isArray(value) ? value : typeof value === 'string' && value ? [value] : [];
}

function text(value: PlanStep['params'][string] | undefined): string | null {
  return typeof value === 'string' && value ? value : null;
}

function mirrorOf(value: string | null, presets: readonly MirrorChoice[]): { url: string; style: 'index' | 'find-links' } | null {
  if (!value) return null;
  const preset = presets.find((candidate) => candidate.id !== 'official' && (candidate.value === value || candidate.id === value));
  if (preset) return { url: preset.url.replace(/\/+$/, ''), style: preset.style ?? 'index' };
  return value.includes('://') ? { url: value.replace(/\/+$/, ''), style: 'index' } : null;
}

/** Where pip looks, with the chosen mirrors: the same rule as the install engine (a PyTorch mirror keeps the plan's variant). */
function pipSources(planIndex: string | null, pypiMirror: string | null, pytorchMirror: string | null): { index?: string; extra: string[]; findLinks: string[] } {
  const pypi = mirrorOf(pypiMirror, PYPI_MIRRORS)?.url;
  if (!planIndex) return { index: pypi, extra: [], findLinks: [] };
  const variant = /download\.pytorch\.org\/whl\/([A-Za-z0-9.]+)\/?$/.exec(planIndex)?.[1];
  const pytorch = variant ? mirrorOf(pytorchMirror, PYTORCH_MIRRORS) : null;
  if (!variant || !pytorch) return { index: planIndex, extra: pypi ? [pypi] : [], findLinks: [] };
  if (pytorch.style === 'find-links') return { index: pypi, extra: [], findLinks: [`${pytorch.url}/${variant}/`] };
  return { index: `${pytorch.url}/${variant}`, extra: pypi ? [pypi] : [], findLinks: [] };
}

function stepCommands(step: PlanStep, plan: Plan): string[] {
  const { params } = step;
  const envParams = plan.steps.find((candidate) => candidate.kind === 'python-env')?.params;
  const planEnv = text(envParams?.path);
  // Without a chosen folder the engine picks one; the script names it after the plan's environment.
  const defaultEnv = `"$HOME/${text(envParams?.name) ?? 'dlsetup-env'}"`;
  switch (step.kind) {
    case 'python-env': {
      const python = text(params.python) ? `python${text(params.python)}` : 'python3';
      return [`${python} -m venv ${planEnv ? quote(planEnv) : defaultEnv}`];
    }
    case 'framework': {
      const envDir = text(params.envPath) ?? planEnv;
      const python = envDir ? quote(`${envDir}/bin/python`) : `${defaultEnv.slice(0, -1)}/bin/python"`;
      const sources = pipSources(text(params.indexUrl) ?? plan.framework.indexUrl ?? null, text(params.pypiMirror), text(params.pytorchMirror));
      const argv = [python, '-m', 'pip', 'install'];
      if (sources.index) argv.push('--index-url', quote(sources.index));
      for (const url of [...sources.extra, ...list(params.extraIndexUrls)]) argv.push('--extra-index-url', quote(url));
      for (const url of sources.findLinks) argv.push('--find-links', quote(url));
      if (text(params.proxy)) argv.push('--proxy', quote(text(params.proxy)!));
      argv.push(...list(params.packages).map(quote));
      return [argv.join(' ')];
    }
    default: {
      const packages = list(params.packages);
      return packages.length > 0 ? [`${step.elevated ? 'sudo ' : ''}apt-get install -y ${packages.map(quote).join(' ')}`] : [];
    }
  }
}

/**
 * The plan as a shell script a person can read or run by hand. The engine's --dry-run is the exact list; this is the
 * readable version, with every step's parameters as comments where no command can be written down.
 */
export function planToShellScript(plan: Plan): string {
  const lines = [
    '#!/bin/sh',
    `# DL Setup plan: ${plan.framework.name} ${plan.framework.version} (${plan.framework.variant}), Python ${plan.python.version}, method ${plan.method}`,
    '# Steps marked (admin) need administrator rights.',
    'set -e',
  ];
  for (const [index, step] of plan.steps.entries()) {
    lines.push('', `# ${index + 1}. ${step.title}${step.elevated ? ' (admin)' : ''}`);
    const commands = stepCommands(step, plan);
    if (commands.length > 0) lines.push(...commands);
    else for (const [key, value] of Object.entries(step.params)) lines.push(`#    ${key}: ${Array.isArray(value) ? value.join(' ') : String(value)}`);
  }
  return `${lines.join('\n')}\n`;
}
