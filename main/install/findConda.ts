import os from 'node:os';
import path from 'node:path';
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { commandOnPath } from './commandOnPath.js';

/** Where the usual installers put conda; `conda init` only edits ~/.bashrc, so a desktop app's PATH often lacks it. */
function usualPlaces(home: string): string[] {
  const roots = ['miniforge3', 'mambaforge', 'miniconda3', 'anaconda3'].map((name) => path.join(home, name));
  return [...roots, '/opt/conda', '/opt/miniforge3', '/opt/miniconda3'].map((root) => path.join(root, 'bin', 'conda'));
}

/** The conda to run: on PATH, else the one an activated shell named (CONDA_EXE), else a usual install place. */
export async function findConda(env: NodeJS.ProcessEnv = process.env): Promise<string | null> {
  const onPath = await commandOnPath('conda', env.PATH ?? '');
  if (onPath) return onPath;
  for (const candidate of [env.CONDA_EXE, ...usualPlaces(env.HOME ?? os.homedir())]) {
    if (!candidate) continue;
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not installed there.
    }
  }
  return null;
}
