// The benches drive test kits (a loopback wheel index, a real Python, a simulated host) from testkit/, which the build
// leaves out of dist/ so the package never carries them: each kit is bundled here on first use, into .bench/ (ignored).
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The module `testkit/<file>` (e.g. 'install/wheelIndex.ts'), bundled with its imports; packages stay external. */
export async function loadTestkit(file) {
  const outfile = path.join(root, '.bench', 'testkit', file.replace(/\.ts$/, '.mjs'));
  await build({ entryPoints: [path.join(root, 'testkit', file)], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' });
  return import(pathToFileURL(outfile).href);
}
