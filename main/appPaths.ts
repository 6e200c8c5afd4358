import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package root, found by walking up from this file: the same code runs from source (tests) and from dist/. */
function findPackageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === 'dlsetup') return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('DL Setup cannot find its own package.json.');
    dir = parent;
  }
}

export const packageRoot = findPackageRoot();
export const dataDir = path.join(packageRoot, 'data');
export const rendererDistDir = path.join(packageRoot, 'dist', 'renderer');
export const appVersion: string = JSON.parse(readFileSync(path.join(packageRoot, 'package.json'), 'utf8')).version;

/** Where DL Setup keeps journals, reports and caches: DLSETUP_HOME, else the platform's per-user data dir. */
export function appDataDir(): string {
  if (process.env.DLSETUP_HOME) return process.env.DLSETUP_HOME;
  if (process.platform === 'win32') return path.join(process.env.APPDATA ?? os.homedir(), 'dlsetup');
  if (process.platform === 'darwin') return path.join(os.homedir(), 'Library', 'Application Support', 'dlsetup');
  return path.join(process.env.XDG_DATA_HOME ?? path.join(os.homedir(), '.local', 'share'), 'dlsetup');
}

/** Where DL Setup creates Python environments unless the user picks a place: short, so `source …/bin/activate` is easy to type. */
export function defaultEnvRoot(): string {
  if (process.env.DLSETUP_HOME) return path.join(process.env.DLSETUP_HOME, 'envs');
  return path.join(os.homedir(), '.dlsetup', 'envs');
}
