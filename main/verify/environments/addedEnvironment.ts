import path from 'node:path';
import { hostPathExists } from '../../system/sysroot.js';
import type { PythonEnv } from '../../../shared/types/hardware.js';
import { listDirBounded, ReadBudget } from '../../detect/readEnvironmentFiles.js';
import { condaPythonVersion, readPyvenvCfg } from '../../detect/probes/environmentLayout.js';

/** An environment folder the user names (`--env`, the wizard's input): read from its layout, nothing started. */
const MAX_PATH = 1024;

/** "3.11.2" from pyvenv.cfg's `version = ` / `version_info = ` line (venv, virtualenv, uv). */
function pyvenvVersion(cfg: string | null): string | null {
  return cfg ? (/^[ \t]*version(?:_info)?[ \t]*=[ \t]*(\d{1,2}\.\d{1,3}(?:\.\d{1,4})?)(?![\d])/m.exec(cfg)?.[1] ?? null) : null;
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
  // Bounded like every environment read (docs/security.md): listings capped, pyvenv.cfg read up to 64 KiB.
  const libs = (await listDirBounded(path.join(prefix, 'lib'))).names.filter((name) => /^python\d{1,2}\.\d{1,3}$/.test(name)).sort();
  const lib = libs.at(-1);
  if (!lib) return null;
  const condaPython = await condaPythonVersion(prefix);
  const version = pyvenvVersion(await readPyvenvCfg(prefix, new ReadBudget())) ?? condaPython ?? lib.slice('python'.length);
  return { path: interpreter, version, kind: condaPython ? 'conda' : 'venv', packages: {}, sitePackages: [path.join(prefix, 'lib', lib, 'site-packages')] };
}
