#!/usr/bin/env node
// Builds everything the app and the CLI run from: the catalogs' key types, main/ + shared/ + locales/ (tsc → dist/), the renderer (Vite), the preload (one CommonJS file), the CLI bundle.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { cliBundleOptions } from './cliBundleOptions.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const step = (label, run) => {
  const started = Date.now();
  try {
    run();
  } catch {
    process.stderr.write(`build: ${label} failed (see the messages above)\n`);
    process.exit(1);
  }
  process.stdout.write(`build: ${label} (${Date.now() - started} ms)\n`);
};

// From empty: output of a file since moved or deleted (a test kit once under main/) must not linger into the package.
rmSync(path.join(root, 'dist'), { recursive: true, force: true });
// The catalogs' key types come from locales/en/*.json; regenerate them so a catalog edit never builds against stale ones.
step('catalog types', () => execFileSync(process.execPath, [path.join(root, 'scripts', 'generateCatalogTypes.mjs')], { cwd: root, stdio: 'inherit' }));
// Emit only: type errors are `npm run typecheck`'s job, so a build never stops on one.
step('main + shared', () => execFileSync(bin('tsc'), ['-p', 'main/tsconfig.json', '--noCheck'], { cwd: root, stdio: 'inherit' }));
step('renderer', () => execFileSync(bin('vite'), ['build', '--config', 'renderer/vite.config.ts', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' }));
await build({
  entryPoints: [path.join(root, 'main', 'electron', 'preload.ts')],
  outfile: path.join(root, 'dist', 'preload', 'preload.cjs'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: ['electron'],
  logLevel: 'warning',
});
process.stdout.write('build: preload\n');
await build(cliBundleOptions(root, path.join(root, 'dist', 'cli')));
process.stdout.write('build: cli bundle\n');
