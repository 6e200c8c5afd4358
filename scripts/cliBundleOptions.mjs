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
    // require for the CommonJS packages inside (ws, undici...), made on first use: every chunk runs this banner at start.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; let __requireMade; const require = (id) => (__requireMade ??= __createRequire(import.meta.url))(id);" },
    logLevel: 'warning',
  };
}
