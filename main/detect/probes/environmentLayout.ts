import os from 'node:os';
import path from 'node:path';
import type { PythonEnv } from '../../../shared/types/hardware.js';
import { hostPathExists } from '../../system/sysroot.js';
import { ENVIRONMENT_READ_LIMITS, listDirBounded, readFilePrefix, type ReadBudget } from '../readEnvironmentFiles.js';

/** What an environment's files say about it, without starting it. */
export interface EnvironmentLayout {
  version: string;
  /** Its site-packages first, then the user site when the environment sees it (sys.path order). */
  site: string[];
}

/** Only versions of this shape are taken from a file name or a config line: "3.11.9". */
const PYTHON_VERSION = /^\d{1,2}\.\d{1,3}\.\d{1,4}$/;

/** Where an environment keeps its files: prefix/bin/python (POSIX) or prefix/python.exe (conda on Windows). */
export function environmentPrefix(interpreter: string, platform: NodeJS.Platform): string {
  return platform === 'win32' ? path.dirname(interpreter) : path.dirname(path.dirname(interpreter));
}

/** "3.11.2" from pyvenv.cfg's `version = ` / `version_info = ` line (venv, virtualenv, uv); null when absent or odd. */
export function pyvenvVersion(cfg: string | null): string | null {
  const found = cfg ? /^[ \t]*version(?:_info)?[ \t]*=[ \t]*(\d+\.\d+\.\d+)(?![\d])/m.exec(cfg)?.[1] : undefined;
  return found && PYTHON_VERSION.test(found) ? found : null;
}

/** The python record conda keeps for the environment (conda-meta/python-3.11.9-h955ad1f_0.json): its version. */
export async function condaPythonVersion(prefix: string): Promise<string | null> {
  const { names } = await listDirBounded(path.join(prefix, 'conda-meta'));
  return names.map((entry) => /^python-(\d+\.\d+\.\d+)-[^/]*\.json$/.exec(entry)?.[1]).find((version) => version !== undefined && PYTHON_VERSION.test(version)) ?? null;
}

/** pyvenv.cfg, read as a small file; null when missing, not a regular file or over the budget. */
export async function readPyvenvCfg(prefix: string, budget: ReadBudget): Promise<string | null> {
  const read = await readFilePrefix(path.join(prefix, 'pyvenv.cfg'), ENVIRONMENT_READ_LIMITS.smallFileBytes, budget);
  return read.ok ? read.text : null;
}

/**
 * The common layouts (pyenv, conda, venv) state their version and site-packages on disk: pyvenv.cfg, conda-meta's
 * python record or pyenv's folder name, and exactly one lib/pythonX.Y/site-packages of that version. Null when they do
 * not: such an environment is reported as not checked, never started (issue 27 item 3).
 */
export async function environmentLayout(interpreter: string, kind: PythonEnv['kind'], platform: NodeJS.Platform, budget: ReadBudget): Promise<EnvironmentLayout | null> {
  const prefix = environmentPrefix(interpreter, platform);
  const cfg = await readPyvenvCfg(prefix, budget);
  const fromDir = kind === 'pyenv' ? /^(\d+\.\d+\.\d+)$/.exec(path.basename(prefix))?.[1] : undefined;
  const version = pyvenvVersion(cfg) ?? (await condaPythonVersion(prefix)) ?? (fromDir && PYTHON_VERSION.test(fromDir) ? fromDir : null);
  if (!version) return null;
  const majorMinor = version.split('.').slice(0, 2).join('.');
  let siteDir = path.join(prefix, 'Lib', 'site-packages');
  if (platform !== 'win32') {
    const libs = (await listDirBounded(path.join(prefix, 'lib'))).names.filter((entry) => /^python\d+\.\d+t?$/.test(entry));
    // Exactly one lib/pythonX.Y, of the version the files state ("t": a free-threaded build).
    if (libs.length !== 1 || !(libs[0] === `python${majorMinor}` || libs[0] === `python${majorMinor}t`)) return null;
    siteDir = path.join(prefix, 'lib', libs[0], 'site-packages');
  }
  if (!(await hostPathExists(siteDir))) return null;
  // A venv without system site packages sees only its own dir; others also see the user site.
  const isolated = cfg !== null && !/^[ \t]*include-system-site-packages[ \t]*=[ \t]*true/im.test(cfg);
  if (isolated || platform === 'win32') return { version, site: [siteDir] };
  return { version, site: [siteDir, path.join(os.homedir(), '.local', 'lib', `python${majorMinor}`, 'site-packages')] };
}
