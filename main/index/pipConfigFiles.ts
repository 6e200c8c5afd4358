import path from 'node:path';
import { readUntrustedFile } from '../system/readUntrustedFile.js';
import { sysrootPath } from '../system/sysroot.js';
import { normalizePipKey, pipConfigEntry, type PipConfigEntry } from './pipConfigEntry.js';
import { parsePipIni } from './pipIni.js';

/** A pip.conf is a few lines; a larger file is not one. */
const MAX_CONFIG_BYTES = 1024 * 1024;
const DEV_NULL = '/dev/null';

const isTrue = (value: string | undefined) => /^(y|yes|t|true|on|1)$/i.test(value ?? '');

/**
 * The files pip reads on Linux, first to last (pip's configuration docs, "Location" and "Loading order"):
 * PIP_CONFIG_FILE; global: `pip/pip.conf` under each XDG_CONFIG_DIRS folder (default /etc/xdg), then /etc/pip.conf;
 * user: the legacy ~/.pip/pip.conf, then $XDG_CONFIG_HOME/pip/pip.conf (~/.config); site: the environment's
 * pip.conf. PIP_CONFIG_FILE=/dev/null loads none; isolated mode skips the user's files.
 */
export function pipConfigFilePaths(envPath: string, env: NodeJS.ProcessEnv): string[] {
  const named = env.PIP_CONFIG_FILE;
  if (named === DEV_NULL) return [];
  const isolated = isTrue(env.PIP_ISOLATED_MODE);
  const xdgDirs = (env.XDG_CONFIG_DIRS || '/etc/xdg').split(':').filter((dir) => path.isAbsolute(dir));
  const home = env.HOME && path.isAbsolute(env.HOME) ? env.HOME : null;
  const xdgHome = env.XDG_CONFIG_HOME && path.isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : home && path.join(home, '.config');
  return [
    ...(named && path.isAbsolute(named) ? [named] : []),
    ...xdgDirs.map((dir) => path.join(dir, 'pip', 'pip.conf')),
    '/etc/pip.conf',
    ...(isolated || !home ? [] : [path.join(home, '.pip', 'pip.conf')]),
    ...(isolated || !xdgHome ? [] : [path.join(xdgHome, 'pip', 'pip.conf')]),
    path.join(envPath, 'pip.conf'),
  ];
}

/** PIP_* variables as pip's `:env:` section (PIP_EXTRA_INDEX_URL → extra-index-url); none in isolated mode. */
export function pipEnvEntries(env: NodeJS.ProcessEnv): PipConfigEntry[] {
  if (isTrue(env.PIP_ISOLATED_MODE)) return [];
  return Object.entries(env)
    .filter(([name, value]) => name.startsWith('PIP_') && value !== undefined && !['PIP_VERSION', 'PIP_HELP'].includes(name))
    .map(([name, value]) => pipConfigEntry(':env:', normalizePipKey(name.slice(4)), value!))
    .filter((entry): entry is PipConfigEntry => entry !== null);
}

async function readConfigFile(file: string): Promise<PipConfigEntry[]> {
  try {
    return parsePipIni(await readUntrustedFile(sysrootPath(file), { maxBytes: MAX_CONFIG_BYTES, utf8: 'lenient', refuseBinary: true }));
  } catch {
    // Missing, unreadable, a FIFO, binary, too large: pip reads nothing from it either (or refuses to start).
    return [];
  }
}

/**
 * pip's merged configuration read from its files, for a pip without `pip config list` (< 10): each file's value
 * replaces the one before it (section and key alike), then PIP_* variables. Files are read through DLSETUP_SYSROOT.
 */
export async function pipConfigFromFiles(envPath: string, env: NodeJS.ProcessEnv): Promise<PipConfigEntry[]> {
  const merged = new Map<string, PipConfigEntry>();
  for (const file of pipConfigFilePaths(envPath, env)) {
    for (const entry of await readConfigFile(file)) merged.set(`${entry.section}.${entry.key}`, entry);
  }
  return [...merged.values(), ...pipEnvEntries(env)];
}
