// The lanes that mount (distro, fleet): root only, and each re-runs itself in a private mount namespace so every mount
// it makes goes away with it, whatever way it ends.
import { spawnSync } from 'node:child_process';

/** Returns in the namespace; the first process waits for the second and exits with its status. */
export function inOwnMountNamespace(lane, marker) {
  if (process.getuid?.() !== 0) {
    process.stderr.write(`test:${lane} needs root (debootstrap, chroot, mounts). Run it as root or with sudo.\n`);
    process.exit(2);
  }
  if (process.env[marker]) return;
  const again = spawnSync('unshare', ['--mount', '--propagation', 'private', process.execPath, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, [marker]: '1' },
  });
  process.exit(again.status ?? 1);
}
