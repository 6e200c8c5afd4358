// `npm run test:fleet`: the exported Ansible role and shell script applied with Ansible to three throwaway Debian roots
// (docs/testing.md, "fleet lane"). Needs root. Like the distro lane it re-runs itself in a private mount namespace,
// installs what it needs with apt-get (debootstrap, Debian's `ansible` for community.general.chroot), reuses the
// distro lane's cached root, bundles the CLI from source, starts the counting proxy to Debian's archive, runs
// e2e/fleet/, and prints the time and the bytes downloaded.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inOwnMountNamespace } from './laneNamespace.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();
const CHROOT_PLUGIN = '/usr/lib/python3/dist-packages/ansible_collections/community/general/plugins/connection/chroot.py';

inOwnMountNamespace('fleet', 'DLSETUP_FLEET_NS');

const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
const missing = [...(has('debootstrap') ? [] : ['debootstrap']), ...(has('ansible-playbook') && existsSync(CHROOT_PLUGIN) ? [] : ['ansible'])];
if (missing.length) {
  process.stdout.write(`fleet lane: installing ${missing.join(', ')} with apt-get\n`);
  execFileSync('apt-get', ['install', '-y', '-q', '--no-install-recommends', ...missing], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

const { startProxyProcess } = await import('../testkit/distro/proxyProcess.mjs');
const { ensureRoot, recipeHash } = await import('../testkit/distro/rootCache.mjs');
const { cliBundleOptions } = await import('./cliBundleOptions.mjs');
const esbuild = await import('esbuild');

// The CLI exactly as installed (bin/dlsetup.js + dist/cli), from this checkout's source: the control machine's
// `dlsetup plan/export/fleet report` and, through a wrapper in each root, the hosts' `dlsetup verify`.
const laneCache = path.join(root, 'node_modules', '.cache', 'dlsetup-fleet');
const runDir = path.join(laneCache, 'runs', String(process.pid));
const app = path.join(runDir, 'app');
rmSync(runDir, { recursive: true, force: true });
await esbuild.build({ ...cliBundleOptions(root, path.join(app, 'dist', 'cli')), logLevel: 'warning' });
mkdirSync(path.join(app, 'bin'), { recursive: true });
for (const file of ['dlsetup.js', 'nodeVersionCheck.mjs']) copyFileSync(path.join(root, 'bin', file), path.join(app, 'bin', file));

// Each playbook run's whole output, kept after the lane for reading (the last run's only).
const logs = path.join(laneCache, 'logs');
rmSync(logs, { recursive: true, force: true });
mkdirSync(logs, { recursive: true });
const tally = path.join(runDir, 'bytes.tally');
writeFileSync(tally, '');
const proxy = await startProxyProcess(tally);
let code = 1;
const bytes = () => readFileSync(tally, 'utf8').split('\n').filter(Boolean).reduce((sum, line) => sum + Number(line), 0);
try {
  const cached = ensureRoot(proxy.url);
  const rootBytes = bytes();
  const vitest = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--config', 'e2e/fleet/vitest.config.ts', ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      DLSETUP_DISTRO_ROOT: cached.root,
      DLSETUP_DISTRO_PROXY: proxy.url,
      DLSETUP_DISTRO_TALLY: tally,
      DLSETUP_DISTRO_APP: app,
      DLSETUP_FLEET_RUN: runDir,
      DLSETUP_FLEET_LOGS: logs,
    },
  });
  code = vitest.status ?? 1;
  const seconds = Math.round((Date.now() - started) / 1000);
  // Each test file appends its ansible recaps here; the summary keeps them beside time and bytes.
  const recapsFile = path.join(runDir, 'recaps.jsonl');
  const recaps = existsSync(recapsFile) ? readFileSync(recapsFile, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line)) : [];
  const summary = { date: new Date().toISOString(), files: process.argv.slice(2), recipe: recipeHash(), rootBuilt: cached.built, seconds, bytesDownloaded: bytes(), bytesForRoot: rootBytes, passed: code === 0, recaps };
  writeFileSync(path.join(laneCache, 'last-run.json'), `${JSON.stringify(summary, null, 2)}\n`);
  process.stdout.write(`fleet lane: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s (${cached.built ? 'cold: root built' : 'warm: cached root'}), ${(summary.bytesDownloaded / 1e6).toFixed(1)} MB downloaded from Debian's archive\n`);
  for (const recap of recaps) process.stdout.write(`  ${recap.label}: ${Object.entries(recap.hosts).map(([host, r]) => `${host} changed=${r.changed} failed=${r.failed}`).join(', ')}\n`);
} finally {
  await proxy.stop();
  rmSync(runDir, { recursive: true, force: true });
}
process.exit(code);
