import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import path from 'node:path';

/** Finds a command on PATH (as execa will), so optional tools (uv, ubuntu-drivers) can be chosen before running. */
export async function commandOnPath(name: string, envPath = process.env.PATH ?? ''): Promise<string | null> {
  for (const dir of envPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not here.
    }
  }
  return null;
}
