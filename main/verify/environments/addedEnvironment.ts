import path from 'node:path';
import { hostPathExists, listHostDir, readHostFile } from '../../system/sysroot.js';
import type { PythonEnv } from '../../../shared/types/hardware.js';

/** An environment folder the user names (`--env`, the wizard's input): read from its layout, nothing started. */
const MAX_PATH = 1024;

/** "3.11.2" from pyvenv.cfg's `version = ` / `version_info = ` line (venv, virtualenv, uv). */
function pyvenvVersion(cfg: string | null): string | null {
  return cfg ? (/^\s*version(?:_info)?\s*=\s*(\d+\.\d+(?:\.\d+)?)/m.exec(cfg)?.[1] ?? null) : null;
}

/**
 * The environment at a prefix (or its bin/python): the interpreter, its Python version (pyvenv.cfg, conda-meta's python
 * record, else the lib/pythonX.Y folder) and site-packages. Null when the folder holds no Python environment.
 */
export async function addedEnvironment(given: string): Promise<PythonEnv | null> {
  if (given.length > MAX_PATH || !path.isAbsolute(given) || given.includes('\0')) return null;
  const prefix = /\/bin\/python[\d.]*$/.test(given) ? path.dirname(path.dirname(given)) : path.resolve(given);
  const interpreter = path.join(prefix, 'bin', 'python');
  if (!(await hostPathExists(interpreter))) return null;
  const libs = (await listHostDir(path.join(prefix, 'lib'))).filter((name) => /^python\d+\.\d+$/.test(name)).sort();
  const lib = libs.at(-1);
  if (!lib) return null;
  const condaPython = (await listHostDir(path.join(prefix, 'conda-meta'))).map((name) => /^python-(\d+\.\d+\.\d+)-/.exec(name)?.[1]).find(Boolean);
  const version = pyvenvVersion(await readHostFile(path.join(prefix, 'pyvenv.cfg'))) ?? condaPython ?? lib.slice('python'.length);
  return { path: interpreter, version, kind: condaPython ? 'conda' : 'venv', packages: {}, sitePackages: [path.join(prefix, 'lib', lib, 'site-packages')] };
}
