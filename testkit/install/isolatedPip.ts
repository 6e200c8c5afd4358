import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const NAMES = ['DLSETUP_HOME', 'PIP_EXTRA_INDEX_URL', 'PIP_FIND_LINKS'] as const;

/**
 * A temporary DLSETUP_HOME, and pip pointed at an empty folder for its extra index and find-links, so a test's loopback
 * index is the only place pip finds anything (this machine's own pip configuration must not hand it other files).
 * `restore()` puts the environment back and removes the folder.
 */
export function isolatedPip(prefix: string): { tmp: string; restore: () => void } {
  const saved = NAMES.map((name) => [name, process.env[name]] as const);
  const tmp = mkdtempSync(path.join(os.tmpdir(), prefix));
  process.env.DLSETUP_HOME = path.join(tmp, 'home');
  mkdirSync(path.join(tmp, 'empty'));
  process.env.PIP_EXTRA_INDEX_URL = `file://${path.join(tmp, 'empty')}`;
  process.env.PIP_FIND_LINKS = path.join(tmp, 'empty');
  return {
    tmp,
    restore: () => {
      rmSync(tmp, { recursive: true, force: true });
      for (const [name, value] of saved) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    },
  };
}
