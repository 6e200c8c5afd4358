import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A real interpreter and its X.Y version. */
export interface RealPython {
  path: string;
  version: string;
}

/** pip learnt `--progress-bar raw` (bytes, speed, ETA in the UI) in 24.1. */
const RAW_PROGRESS_PIP = [24, 1];

function candidatePythons(): string[] {
  const fromEnv = process.env.DLSETUP_E2E_PYTHON ? [process.env.DLSETUP_E2E_PYTHON] : [];
  const minors = ['3.14', '3.13', '3.12'];
  const system = ['/usr/bin', '/usr/local/bin'].flatMap((dir) => minors.map((minor) => path.join(dir, `python${minor}`)));
  const pyenvRoot = process.env.PYENV_ROOT ?? path.join(os.homedir(), '.pyenv');
  const versions = path.join(pyenvRoot, 'versions');
  const pyenv = existsSync(versions)
    ? readdirSync(versions)
        .filter((name) => /^3\.\d+\.\d+$/.test(name))
        .sort((a, b) => b.localeCompare(a, undefined, { numeric: true }))
        .map((name) => path.join(versions, name, 'bin', `python${name.split('.').slice(0, 2).join('.')}`))
    : [];
  return [...fromEnv, ...system, ...pyenv].filter((file) => existsSync(file));
}

let found: RealPython | null | undefined;

/**
 * A real Python whose bundled pip (what `python -m venv` seeds) is new enough for byte progress, found on this machine
 * (DLSETUP_E2E_PYTHON first). Debian 12's own python3 seeds pip 23, which only gives line progress.
 */
export function pythonWithRawProgress(): RealPython {
  if (found === undefined) {
    found = null;
    for (const file of candidatePythons()) {
      try {
        const [version, pip] = execFileSync(file, ['-c', 'import ensurepip, sys; print("%d.%d" % sys.version_info[:2], ensurepip.version())'], { encoding: 'utf8' }).trim().split(' ');
        const [major = 0, minor = 0] = (pip ?? '').split('.').map(Number);
        if (major > RAW_PROGRESS_PIP[0]! || (major === RAW_PROGRESS_PIP[0] && minor >= RAW_PROGRESS_PIP[1]!)) {
          found = { path: file, version: version! };
          break;
        }
      } catch {
        // Not a working interpreter: try the next.
      }
    }
  }
  if (!found) throw new Error('The install e2e flows need a Python 3.12+ whose ensurepip bundles pip ≥ 24.1 (set DLSETUP_E2E_PYTHON).');
  return found;
}

/**
 * The interpreter for install tests: one with byte progress where this machine has it, else the system python3
 * (Debian 12 and Ubuntu 24.04 seed pip < 24.1, which reports progress line by line only).
 */
export function pythonForInstallTests(): RealPython & { rawProgress: boolean } {
  try {
    return { ...pythonWithRawProgress(), rawProgress: true };
  } catch {
    const system = '/usr/bin/python3';
    const version = execFileSync(system, ['-c', 'import sys; print("%d.%d" % sys.version_info[:2])'], { encoding: 'utf8' }).trim();
    return { path: system, version, rawProgress: false };
  }
}
