// Running commands in the lane's root: a plain chroot with /proc, /sys, /dev and /run mounted. The lane runs in its own
// mount namespace (scripts/testDistro.mjs), so whatever is mounted here disappears with the lane, even when killed.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';

function mount(args) {
  execFileSync('mount', args, { stdio: 'pipe' });
}

/** Mounts what apt, dpkg and DKMS expect under `root`; returns the unmount (deepest first). */
export function mountSystemDirs(root, { archives, binds = [] } = {}) {
  const mounted = [];
  const at = (relative) => {
    const target = path.join(root, relative);
    mkdirSync(target, { recursive: true });
    mounted.push(target);
    return target;
  };
  mount(['-t', 'proc', 'proc', at('proc')]);
  mount(['--rbind', '/sys', at('sys')]);
  mount(['--make-rslave', path.join(root, 'sys')]);
  mount(['--rbind', '/dev', at('dev')]);
  mount(['--make-rslave', path.join(root, 'dev')]);
  mount(['-t', 'tmpfs', '-o', 'mode=0755', 'tmpfs', at('run')]);
  if (archives) mount(['--bind', archives, at('var/cache/apt/archives')]);
  for (const { from, to, readOnly } of binds) {
    const target = path.join(root, to);
    mkdirSync(statSync(from).isDirectory() ? target : path.dirname(target), { recursive: true });
    mount(['--bind', from, target]);
    if (readOnly) mount(['-o', 'remount,bind,ro', target]);
    mounted.push(target);
  }
  return () => {
    for (const target of mounted.reverse()) spawnSync('umount', ['--recursive', '--lazy', target]);
  };
}

const PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

/** Runs argv as root in the root, output to the lane's terminal; throws when it fails. */
export function inChroot(root, argv, { env = {} } = {}) {
  execFileSync('chroot', [root, 'env', '-i', `PATH=${PATH}`, 'HOME=/root', 'LC_ALL=C', ...Object.entries(env).map(([k, v]) => `${k}=${v}`), ...argv], { stdio: ['ignore', 'inherit', 'inherit'] });
}
