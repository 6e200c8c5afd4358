import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package root and its manifest, found by walking up from this file: the same code runs from source (tests) and from dist/. */
function findPackageRoot(): { dir: string; version: string } {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifestPath = path.join(dir, 'package.json');
    // Parsed once: every CLI start (even `--version`) reads it.
    const manifest = existsSync(manifestPath) ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as { name?: string; version: string }) : null;
    if (manifest?.name === 'dlsetup') return { dir, version: manifest.version };
    const parent = path.dirname(dir);
    // Invariant: package.json ships in the app itself; without it the install is broken, nothing a user's input can cause.
    if (parent === dir) throw new Error('DL Setup cannot find its own package.json.');
    dir = parent;
  }
}

const found = findPackageRoot();
export const packageRoot = found.dir;
export const dataDir = path.join(packageRoot, 'data');
export const rendererDistDir = path.join(packageRoot, 'dist', 'renderer');
export const appVersion: string = found.version;

/** What the per-user folders depend on; tests pass another system's to check its rules on this one. */
export interface UserDirsHost {
  platform: NodeJS.Platform;
  env: Readonly<Record<string, string | undefined>>;
  homedir: string;
}

/** DL Setup's per-user folders: data (journals, reports), Python environments, cache (downloads) and logs. */
export interface UserDirs {
  data: string;
  envs: string;
  cache: string;
  logs: string;
}

function thisHost(): UserDirsHost {
  return { platform: process.platform, env: process.env, homedir: os.homedir() };
}

/** An environment variable that names a folder: the XDG Base Directory spec ignores a value that is empty or relative. */
function absoluteOr(value: string | undefined, fallback: string, paths: path.PlatformPath): string {
  return value && paths.isAbsolute(value) ? value : fallback;
}

/**
 * DLSETUP_HOME (tests, portable installs) holds everything; otherwise each system's convention: XDG on Linux,
 * %LOCALAPPDATA% on Windows (gigabytes of environments and downloads must not roam with the profile) and ~/Library on macOS.
 */
function baseDirs({ platform, env, homedir }: UserDirsHost, paths: path.PlatformPath): Omit<UserDirs, 'envs'> {
  if (env.DLSETUP_HOME) return { data: env.DLSETUP_HOME, cache: paths.join(env.DLSETUP_HOME, 'cache'), logs: paths.join(env.DLSETUP_HOME, 'logs') };
  if (platform === 'win32') {
    // No "Data" level: pip's deep site-packages paths must stay under Windows' 260-character limit.
    const root = paths.join(absoluteOr(env.LOCALAPPDATA, paths.join(homedir, 'AppData', 'Local'), paths), 'dlsetup');
    return { data: root, cache: paths.join(root, 'Cache'), logs: paths.join(root, 'Logs') };
  }
  if (platform === 'darwin') {
    const library = paths.join(homedir, 'Library');
    return { data: paths.join(library, 'Application Support', 'dlsetup'), cache: paths.join(library, 'Caches', 'dlsetup'), logs: paths.join(library, 'Logs', 'dlsetup') };
  }
  const xdg = (name: string, ...fallback: string[]) => paths.join(absoluteOr(env[name], paths.join(homedir, ...fallback), paths), 'dlsetup');
  return { data: xdg('XDG_DATA_HOME', '.local', 'share'), cache: xdg('XDG_CACHE_HOME', '.cache'), logs: paths.join(xdg('XDG_STATE_HOME', '.local', 'state'), 'logs') };
}

/** The folders for `host` (this machine when absent); environments live in the data folder, as the exports put them. */
export function userDirs(host: UserDirsHost = thisHost()): UserDirs {
  const paths = host.platform === 'win32' ? path.win32 : path.posix;
  const dirs = baseDirs(host, paths);
  return { ...dirs, envs: paths.join(dirs.data, 'envs') };
}

/** Where DL Setup keeps journals, reports and the install lock. */
export function appDataDir(host?: UserDirsHost): string {
  return userDirs(host).data;
}

/** Where DL Setup keeps what it can fetch again (downloads): the system may clear it. */
export function appCacheDir(host?: UserDirsHost): string {
  return userDirs(host).cache;
}

/** Where the app, `dlsetup serve` and the CLI write their log files. */
export function appLogDir(host?: UserDirsHost): string {
  return userDirs(host).logs;
}

/** Where DL Setup creates Python environments unless the user picks a place. */
export function defaultEnvRoot(host?: UserDirsHost): string {
  return userDirs(host).envs;
}

/**
 * Where DL Setup versions before the per-OS folders (commit 20150b6) created environments: ~/.dlsetup/envs. Nothing is
 * created there any more; detection still lists what it holds, so an environment made there stays found (and verifiable).
 */
export function legacyEnvRoots(host: UserDirsHost = thisHost()): string[] {
  const paths = host.platform === 'win32' ? path.win32 : path.posix;
  const legacy = paths.join(host.homedir, '.dlsetup', 'envs');
  return legacy === defaultEnvRoot(host) ? [] : [legacy];
}
