import path from 'node:path';
import { packageRoot } from '../../main/appPaths.js';
import { helperBundleOptions } from '../../scripts/helperBundleOptions.mjs';

/**
 * Tests run from source: bundle the elevated helper entry so `node <file>` runs it as the dist build would.
 * The bundle lives inside the package (node_modules/.cache) so it finds package.json and node_modules like dist does.
 */
export async function buildHelperBundle(): Promise<string> {
  const esbuild = await import('esbuild');
  const outfile = path.join(packageRoot, 'node_modules', '.cache', 'dlsetup-tests', `elevatedHelper-${process.pid}.mjs`);
  await esbuild.build(helperBundleOptions(packageRoot, outfile));
  return outfile;
}
