import { accessSync, constants } from 'node:fs';
import path from 'node:path';

/** Whether a file exists and may be run by this user. */
export function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Finds an executable on PATH the way a shell would (commands are never sysroot'd: docs/design.md §4), so optional tools
 * (uv, ubuntu-drivers, nvcc) can be chosen before running. Synchronous on purpose: detection asks for a dozen tools
 * across a dozen PATH folders, and a hundred thread-pool round trips for "not here" answers cost more than the checks.
 */
export async function findOnPath(name: string, env: NodeJS.ProcessEnv = process.env): Promise<string | null> {
  const dirs = (env.PATH ?? env.Path ?? '').split(path.delimiter).filter(Boolean);
  const suffixes = process.platform === 'win32' ? (env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';').map((ext) => ext.toLowerCase()) : [''];
  for (const dir of dirs) {
    for (const suffix of suffixes) {
      const candidate = path.join(dir, name + suffix);
      if (isExecutable(candidate)) return candidate;
    }
  }
  return null;
}
