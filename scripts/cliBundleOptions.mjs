// The esbuild settings of the CLI bundle, shared by the build and the test that runs `dlsetup` exactly as installed.
import path from 'node:path';

/** One ESM bundle with lazy chunks: loading ~100 small modules (execa's tree) cost more than detection itself. */
export function cliBundleOptions(root, outdir) {
  return {
    entryPoints: [path.join(root, 'main', 'cli', 'main.ts')],
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    logLevel: 'warning',
  };
}
