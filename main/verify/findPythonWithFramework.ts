import { DlsetupError } from '../../shared/errors.js';
import { runCommand } from '../system/runCommand.js';
import { hostPathExists, sysrootPath } from '../system/sysroot.js';
import { ALL_FRAMEWORK_SPECS } from '../../shared/frameworks/registry.js';

/** Every framework's import name as a Python tuple: ("torch", "tensorflow", "jax", ). */
const IMPORT_NAMES = `(${ALL_FRAMEWORK_SPECS.map((spec) => JSON.stringify(spec.importName)).join(', ')}, )`;
const PROBE =
  'import importlib.util as u, json, sys\n' +
  `print(json.dumps({"frameworks": [m for m in ${IMPORT_NAMES} if u.find_spec(m)], "version": sys.version.split()[0]}))`;

export interface PythonChoice {
  python: string;
  /** Importable frameworks found there by import name (torch, tensorflow, jax), in the registry's order. */
  frameworks: string[];
  version: string | null;
}

/** Asks one interpreter which frameworks it can import; null when it does not run. */
export async function probePython(python: string, signal?: AbortSignal): Promise<PythonChoice | null> {
  try {
    const result = await runCommand([python, '-c', PROBE], { timeoutMs: 20_000, signal });
    if (result.exitCode !== 0) return null;
    const line = result.stdout.trim().split('\n').pop() ?? '';
    const parsed = JSON.parse(line) as { frameworks?: string[]; version?: string };
    return { python, frameworks: parsed.frameworks ?? [], version: parsed.version ?? null };
  } catch (error) {
    if (error instanceof DlsetupError && error.code === 'CANCELLED') throw error;
    return null;
  }
}

/**
 * The default interpreter for `dlsetup verify`: the first candidate that has a framework, else the system
 * Python (/usr/bin/python3), else `python3` from PATH so the check can still say "no framework".
 */
export async function findPythonWithFramework(options: { candidates?: string[]; signal?: AbortSignal } = {}): Promise<PythonChoice> {
  const systemPython = (await hostPathExists('/usr/bin/python3')) ? sysrootPath('/usr/bin/python3') : null;
  const candidates = options.candidates ?? ['python3', 'python', ...(systemPython ? [systemPython] : [])];
  let firstRunning: PythonChoice | null = null;
  for (const candidate of [...new Set(candidates)]) {
    const choice = await probePython(candidate, options.signal);
    if (!choice) continue;
    if (choice.frameworks.length > 0) return choice;
    firstRunning ??= choice;
  }
  if (systemPython) return { python: systemPython, frameworks: [], version: null };
  return firstRunning ?? { python: 'python3', frameworks: [], version: null };
}
