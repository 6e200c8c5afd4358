import os from 'node:os';
import path from 'node:path';
import { findOnPath, isExecutable } from './findOnPath.js';

/** The install folders conda's installers (Miniforge, Mambaforge, Miniconda, Anaconda) name after themselves. */
const INSTALL_NAMES = ['miniforge3', 'mambaforge', 'miniconda3', 'anaconda3'];

/**
 * Windows installers (all built by conda/constructor) put the base env at %USERPROFILE%\<name> ("Just Me"),
 * %LOCALAPPDATA%\<name> (domain users) or %ALLUSERSPROFILE%\<name> ("All Users", C:\ProgramData); sources:
 * constructor's construct.yaml keys default_prefix / default_prefix_domain_user / default_prefix_all_users
 * (github.com/conda/constructor, constructor/_schema.py), and conda's "Installing on Windows" page
 * (docs.conda.io, user-guide/install/windows.rst): AddToPath defaults to 0 and is disabled for All Users, so PATH
 * often lacks conda. conda.exe lives in Scripts\ (condabin\ holds conda.bat, which needs a shell to run).
 */
function windowsPlaces(env: NodeJS.ProcessEnv): string[] {
  const parents = [env.USERPROFILE ?? os.homedir(), env.LOCALAPPDATA, env.ALLUSERSPROFILE ?? env.ProgramData ?? 'C:\\ProgramData'];
  const roots = parents.filter((parent): parent is string => Boolean(parent)).flatMap((parent) => INSTALL_NAMES.map((name) => path.win32.join(parent, name)));
  return roots.map((root) => path.win32.join(root, 'Scripts', 'conda.exe'));
}

/**
 * Where the usual installers put conda on Linux and macOS; `conda init` only edits ~/.bashrc (~/.zshrc), so a desktop
 * app's PATH often lacks it. Homebrew's miniforge and miniconda casks install to <brew prefix>/Caskroom/<cask>/base
 * (github.com/Homebrew/homebrew-cask, Casks/m/miniforge.rb and miniconda.rb: `-b -p #{caskroom_path}/base`); the
 * prefix is /opt/homebrew on Apple Silicon and /usr/local on Intel (docs.brew.sh/Installation).
 */
function unixPlaces(home: string, platform: NodeJS.Platform): string[] {
  const roots = [...INSTALL_NAMES.map((name) => path.join(home, name)), '/opt/conda', '/opt/miniforge3', '/opt/miniconda3'];
  if (platform === 'darwin') {
    for (const prefix of ['/opt/homebrew', '/usr/local']) roots.push(...['miniforge', 'miniconda'].map((cask) => `${prefix}/Caskroom/${cask}/base`));
  }
  return roots.map((root) => path.posix.join(root, 'bin', 'conda'));
}

/**
 * On Windows a PATH with Scripts\ (the installer's "add to PATH") runs `conda` as it is; one with only condabin\
 * (`conda init`, the condabin option) has conda.bat, which a process cannot start without a shell, so its
 * install's Scripts\conda.exe is named instead. Commands on PATH are never sysroot'd (docs/design.md §4).
 */
function windowsPath(env: NodeJS.ProcessEnv): { onPath: boolean; fromCondabin: string[] } {
  const dirs = (env.PATH ?? env.Path ?? '').split(';').filter(Boolean);
  const onPath = dirs.some((dir) => isExecutable(path.win32.join(dir, 'conda.exe')));
  const fromCondabin = dirs.filter((dir) => /[\\/]condabin[\\/]?$/i.test(dir)).map((dir) => path.win32.join(dir, '..', 'Scripts', 'conda.exe'));
  return { onPath, fromCondabin };
}

/**
 * The conda command to run: plain `conda` when it is on PATH (messages stay short), else the one an activated shell
 * named (CONDA_EXE), else a usual install place; null when there is none. Detection asks the same through `onHost`
 * (sysrootPath) and its platform, so a plan says conda is missing exactly when the install's python-env step would.
 */
export async function findConda(
  env: NodeJS.ProcessEnv = process.env,
  onHost: (hostPath: string) => string = (hostPath) => hostPath,
  platform: NodeJS.Platform = process.platform,
): Promise<string | null> {
  if (platform === 'win32') {
    const { onPath, fromCondabin } = windowsPath(env);
    if (onPath) return 'conda';
    return [env.CONDA_EXE, ...fromCondabin, ...windowsPlaces(env)].find((candidate) => candidate && isExecutable(onHost(candidate))) ?? null;
  }
  if (await findOnPath('conda', env)) return 'conda';
  return [env.CONDA_EXE, ...unixPlaces(env.HOME ?? os.homedir(), platform)].find((candidate) => candidate && isExecutable(onHost(candidate))) ?? null;
}
