import type { Plan, PlanStep } from '../../shared/types/plan.js';

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
      const index = text(params.indexUrl) ?? plan.framework.indexUrl;
      const argv = [python, '-m', 'pip', 'install'];
      if (index) argv.push('--index-url', quote(index));
      for (const url of list(params.extraIndexUrls)) argv.push('--extra-index-url', quote(url));
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
