/*
 * How to use an environment already on the machine instead of installing (issue 30's reuse): the line a person types,
 * every path quoted for the shell it is typed in.
 */
import { powershellLiteral } from '../quote/powershell.js';
import { shCommand, shWord } from '../quote/sh.js';
import type { HardwareProfile, ReusableEnvironment } from '../types/plan.js';

/** The folder `levels` above an interpreter path, with the path's own separators. */
function parentOf(file: string, levels: number): string {
  let out = file;
  for (let i = 0; i < levels; i++) out = out.replace(/[\\/][^\\/]*$/, '');
  return out;
}

/** The command that makes `env` the active Python: conda's activate, a venv's activate script, or its interpreter. */
export function useEnvironmentCommand(env: ReusableEnvironment, os: HardwareProfile['os']): string {
  const windows = os === 'windows';
  // conda keeps python at the prefix's top on Windows and in bin/ elsewhere; a venv in Scripts\ or bin/.
  if (env.kind === 'conda') return windows ? `conda activate ${powershellLiteral(parentOf(env.path, 1))}` : shCommand(['conda', 'activate', parentOf(env.path, 2)]);
  if (env.kind === 'venv' || env.kind === 'dlsetup') {
    const prefix = parentOf(env.path, 2);
    return windows ? `& ${powershellLiteral(`${prefix}\\Scripts\\Activate.ps1`)}` : `. ${shWord(`${prefix}/bin/activate`)}`;
  }
  return windows ? `& ${powershellLiteral(env.path)}` : shWord(env.path);
}

/** The command that proves it on the GPU: `dlsetup verify` in that environment. */
export function verifyEnvironmentCommand(env: ReusableEnvironment, os: HardwareProfile['os']): string {
  return `dlsetup verify --python ${os === 'windows' ? powershellLiteral(env.path) : shWord(env.path)}`;
}
