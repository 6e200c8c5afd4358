import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../main/appPaths.js';
import { cliBundleOptions } from '../scripts/cliBundleOptions.mjs';

/**
 * `dlsetup` exactly as installed (bin/dlsetup.js importing ../dist/cli/main.js), with the CLI bundle built from the current
 * source by the same esbuild settings as scripts/build.mjs, so a test never runs a stale dist/. Returns the folder.
 */
export async function buildInstalledCli(name: string): Promise<string> {
  const esbuild = await import('esbuild');
  const dir = path.join(packageRoot, 'node_modules', '.cache', 'dlsetup-tests', `${name}-${process.pid}`);
  await esbuild.build({ ...cliBundleOptions(packageRoot, path.join(dir, 'dist', 'cli')), logLevel: 'silent' });
  mkdirSync(path.join(dir, 'bin'), { recursive: true });
  // The launcher and the Node version check it runs first.
  for (const file of ['dlsetup.js', 'nodeVersionCheck.mjs']) copyFileSync(path.join(packageRoot, 'bin', file), path.join(dir, 'bin', file));
  return dir;
}
