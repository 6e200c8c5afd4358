import { rmSync } from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../main/appPaths.js';

/**
 * A TypeScript snippet bundled into one .mjs that `node` runs as a separate process (tests run from source), its
 * imports resolved from `resolveDir`. Returns the file and a function that removes it.
 */
export async function bundleScript(name: string, source: string, resolveDir: string): Promise<{ file: string; remove: () => void }> {
  const esbuild = await import('esbuild');
  const file = path.join(packageRoot, 'node_modules', '.cache', 'dlsetup-tests', `${name}-${process.pid}.mjs`);
  await esbuild.build({ stdin: { contents: source, resolveDir, loader: 'ts' }, bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile: file, packages: 'external', logLevel: 'silent' });
  return { file, remove: () => rmSync(file, { force: true }) };
}
