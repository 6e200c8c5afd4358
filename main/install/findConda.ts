import os from 'node:os';
import path from 'node:path';
import { findOnPath, isExecutable } from '../system/findOnPath.js';

/** Where the usual installers put conda; `conda init` only edits ~/.bashrc, so a desktop app's PATH often lacks it. */
function usualPlaces(home: string): string[] {
  const roots = ['miniforge3', 'mambaforge', 'miniconda3', 'anaconda3'].map((name) => path.join(home, name));
  return [...roots, '/opt/conda', '/opt/miniforge3', '/opt/miniconda3'].map((root) => path.join(root, 'bin', 'conda'));
}

/**
 * The conda command to run: plain `conda` when it is on PATH (messages stay short), else the one an activated shell
 * named (CONDA_EXE), else a usual install place; null when there is none. Detection asks the same through `onHost`
 * (sysrootPath), so a plan says conda is missing exactly when the install's python-env step would.
 */
export async function findConda(env: NodeJS.ProcessEnv = process.env, onHost: (hostPath: string) => string = (hostPath) => hostPath): Promise<string | null> {
  if (await findOnPath('conda', env)) return 'conda';
  return [env.CONDA_EXE, ...usualPlaces(env.HOME ?? os.homedir())].find((candidate) => candidate && isExecutable(onHost(candidate))) ?? null;
}
