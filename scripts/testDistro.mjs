// `npm run test:distro`: DL Setup on a real Debian bookworm root (docs/testing.md, "distro lane"). Needs root. It
// re-runs itself in a private mount namespace so every mount it makes goes away with it, installs debootstrap when
// missing, builds (or reuses) the cached root, bundles the CLI and the elevated helper from source, starts the
// counting proxy to Debian's archive, runs e2e/distro/, and prints the time and the bytes downloaded.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inOwnMountNamespace } from './laneNamespace.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();

inOwnMountNamespace('distro', 'DLSETUP_DISTRO_NS');

const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
if (!has('debootstrap')) {
  process.stdout.write('distro lane: installing debootstrap with apt-get\n');
  execFileSync('apt-get', ['install', '-y', '-q', 'debootstrap'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

const { startProxyProcess } = await import('../testkit/distro/proxyProcess.mjs');
const { ensureRoot, recipeHash } = await import('../testkit/distro/rootCache.mjs');
const { cliBundleOptions } = await import('./cliBundleOptions.mjs');
const { helperBundleOptions } = await import('./helperBundleOptions.mjs');
const esbuild = await import('esbuild');

// The CLI exactly as installed (bin/dlsetup.js + dist/cli) and the helper sudo starts, from this checkout's source.
// Per run, so two lane runs (one file each) never rebuild the bundle or reset the byte count under each other.
const runDir = path.join(root, 'node_modules', '.cache', 'dlsetup-distro', 'runs', String(process.pid));
const app = path.join(runDir, 'app');
rmSync(runDir, { recursive: true, force: true });
await esbuild.build({ ...cliBundleOptions(root, path.join(app, 'dist', 'cli')), logLevel: 'warning' });
await esbuild.build({ ...helperBundleOptions(root, path.join(app, 'helper', 'elevatedHelper.mjs')), logLevel: 'warning' });
mkdirSync(path.join(app, 'bin'), { recursive: true });
for (const file of ['dlsetup.js', 'nodeVersionCheck.mjs']) copyFileSync(path.join(root, 'bin', file), path.join(app, 'bin', file));

mkdirSync(runDir, { recursive: true });
const tally = path.join(runDir, 'bytes.tally');
writeFileSync(tally, '');
const proxy = await startProxyProcess(tally);
let code = 1;
let built = false;
const bytes = () => readFileSync(tally, 'utf8').split('\n').filter(Boolean).reduce((sum, line) => sum + Number(line), 0);
try {
  const cached = ensureRoot(proxy.url);
  built = cached.built;
  const rootBytes = bytes();
  const vitest = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--config', 'e2e/distro/vitest.config.ts', ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      DLSETUP_DISTRO_ROOT: cached.root,
      DLSETUP_DISTRO_PROXY: proxy.url,
      DLSETUP_DISTRO_TALLY: tally,
      DLSETUP_DISTRO_APP: app,
      DLSETUP_HELPER_ENTRY: path.join(app, 'helper', 'elevatedHelper.mjs'),
    },
  });
  code = vitest.status ?? 1;
  const seconds = Math.round((Date.now() - started) / 1000);
  const summary = { date: new Date().toISOString(), files: process.argv.slice(2), recipe: recipeHash(), rootBuilt: built, seconds, bytesDownloaded: bytes(), bytesForRoot: rootBytes, passed: code === 0 };
  writeFileSync(path.join(root, 'node_modules', '.cache', 'dlsetup-distro', 'last-run.json'), `${JSON.stringify(summary, null, 2)}\n`);
  process.stdout.write(`distro lane: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s (${built ? 'cold: root built' : 'warm: cached root'}), ${(summary.bytesDownloaded / 1e6).toFixed(1)} MB downloaded from Debian's archive\n`);
} finally {
  await proxy.stop();
  rmSync(runDir, { recursive: true, force: true });
}
process.exit(code);
