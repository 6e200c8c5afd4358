import path from 'node:path';
import { packageRoot } from '../../main/appPaths.js';

/**
 * Tests run from source: bundle the elevated helper entry so `node <file>` runs it as the dist build would.
 * The bundle lives inside the package (node_modules/.cache) so it finds package.json and node_modules like dist does.
 */
export async function buildHelperBundle(): Promise<string> {
  const esbuild = await import('esbuild');
  const outfile = path.join(packageRoot, 'node_modules', '.cache', 'dlsetup-tests', `elevatedHelper-${process.pid}.mjs`);
  await esbuild.build({
    entryPoints: [path.join(packageRoot, 'main', 'install', 'elevation', 'elevatedHelper.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    packages: 'external',
    logLevel: 'silent',
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
  return outfile;
}
