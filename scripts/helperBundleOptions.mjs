// The esbuild settings that bundle the elevated helper for tests that run it from source (the unit/integration
// lanes and the distro lane): one ESM file that finds package.json and node_modules from inside the package.
import path from 'node:path';

export function helperBundleOptions(root, outfile) {
  return {
    entryPoints: [path.join(root, 'main', 'install', 'elevation', 'elevatedHelper.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    packages: 'external',
    logLevel: 'silent',
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  };
}
