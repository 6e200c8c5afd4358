import { accessSync, constants } from 'node:fs';
import path from 'node:path';

/**
 * Finds an executable on PATH the way a shell would (commands are never sysroot'd: DESIGN.md §4). Synchronous on
 * purpose: detection asks for a dozen tools across a dozen PATH folders, and a hundred thread-pool round trips for
 * "not here" answers cost more than the checks themselves.
 */
export async function findOnPath(name: string, env: NodeJS.ProcessEnv = process.env): Promise<string | null> {
  const dirs = (env.PATH ?? env.Path ?? '').split(path.delimiter).filter(Boolean);
  const suffixes = process.platform === 'win32' ? (env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';').map((ext) => ext.toLowerCase()) : [''];
  for (const dir of dirs) {
    for (const suffix of suffixes) {
      const candidate = path.join(dir, name + suffix);
      try {
        accessSync(candidate, constants.X_OK);
        return candidate;
      } catch {
        // not here: keep looking
      }
    }
  }
  return null;
}
