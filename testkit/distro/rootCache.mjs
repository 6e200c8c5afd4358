// The lane's Debian root: built once with debootstrap from RECIPE and kept in ~/.cache/dlsetup-distro/<recipe hash>/,
// so a change to the recipe builds a new one and an unchanged recipe reuses it (warm run).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inChroot, mountSystemDirs } from './chroot.mjs';

/** Everything the root is made from; its hash names the cache folder. */
export const RECIPE = {
  version: 1,
  suite: 'bookworm',
  mirror: 'http://deb.debian.org/debian',
  variant: 'minbase',
  // A fresh Debian has python3 but not python3-venv; sudo is the CLI's way to the elevated helper (no polkit here).
  include: ['sudo', 'python3', 'ca-certificates'],
  // A kernel without its headers, as on a fresh install: DKMS has a kernel to build for and nothing to build with.
  afterwards: ['linux-image-amd64'],
  components: ['main'],
  user: 'student',
};

export const CACHE_ROOT = process.env.DLSETUP_DISTRO_CACHE ?? path.join(os.homedir(), '.cache', 'dlsetup-distro');
/** apt's downloaded .debs, shared by every root: the driver's ~200 MB are fetched once. */
export const ARCHIVES = path.join(CACHE_ROOT, 'archives');

export function recipeHash(recipe = RECIPE) {
  return createHash('sha256').update(JSON.stringify(recipe)).digest('hex').slice(0, 16);
}

export function sourcesLine(recipe = RECIPE, components = recipe.components) {
  return `deb ${recipe.mirror} ${recipe.suite} ${components.join(' ')}\n`;
}

/** apt in the root goes through the lane's counting proxy (sudo drops http_proxy, so it is apt configuration). */
export function writeAptProxy(root, proxyUrl) {
  writeFileSync(path.join(root, 'etc/apt/apt.conf.d/00distro-lane-proxy'), `Acquire::http::Proxy "${proxyUrl}";\n`);
}

/** The cached root for RECIPE, built when missing. Returns its folder (read-only use: runs mount an overlay on it). */
export function ensureRoot(proxyUrl, log = (line) => process.stdout.write(`${line}\n`)) {
  const dir = path.join(CACHE_ROOT, recipeHash());
  const root = path.join(dir, 'root');
  mkdirSync(path.join(ARCHIVES, 'partial'), { recursive: true });
  if (existsSync(path.join(dir, 'ready'))) return { root, built: false };
  rmSync(dir, { recursive: true, force: true });
  const building = path.join(dir, 'building');
  mkdirSync(building, { recursive: true });
  log(`distro lane: building the ${RECIPE.suite} root (debootstrap --variant=${RECIPE.variant}) in ${dir}`);
  execFileSync('debootstrap', [`--variant=${RECIPE.variant}`, `--include=${RECIPE.include.join(',')}`, `--components=${RECIPE.components.join(',')}`, RECIPE.suite, building, RECIPE.mirror], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, http_proxy: proxyUrl },
  });
  writeFileSync(path.join(building, 'etc/apt/sources.list'), sourcesLine());
  writeAptProxy(building, proxyUrl);
  const unmount = mountSystemDirs(building, { archives: ARCHIVES });
  try {
    inChroot(building, ['apt-get', 'update', '-q']);
    inChroot(building, ['apt-get', 'install', '-y', '-q', '--no-install-recommends', ...RECIPE.afterwards], { env: { DEBIAN_FRONTEND: 'noninteractive' } });
    inChroot(building, ['useradd', '--create-home', '--shell', '/bin/bash', RECIPE.user]);
  } finally {
    unmount();
  }
  writeFileSync(path.join(building, 'etc/sudoers.d/distro-lane'), `${RECIPE.user} ALL=(root) NOPASSWD: ALL\n`, { mode: 0o440 });
  rmSync(path.join(building, 'etc/apt/apt.conf.d/00distro-lane-proxy'));
  // debootstrap's own .debs join the shared archive; the root keeps an empty archives folder to mount it on.
  execFileSync('sh', ['-c', `mv "${building}"/var/cache/apt/archives/*.deb "${ARCHIVES}"/ 2>/dev/null || true`]);
  mkdirSync(path.join(building, 'opt/dlsetup-node'), { recursive: true });
  writeFileSync(path.join(building, 'opt/dlsetup-node/node'), '');
  writeFileSync(path.join(dir, 'recipe.json'), `${JSON.stringify(RECIPE, null, 2)}\n`);
  renameSync(building, root);
  writeFileSync(path.join(dir, 'ready'), new Date().toISOString());
  return { root, built: true };
}
