import { copyFileSync, existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APP, bootMachine, type DistroMachine } from '../distro/machine.js';
import { ARCHIVES } from '../distro/rootCache.mjs';

/** Hard-links (or copies, across file systems) every .deb of `from` that `to` lacks. */
function shareDebs(from: string, to: string): void {
  for (const name of readdirSync(from)) {
    if (!name.endsWith('.deb') || existsSync(path.join(to, name))) continue;
    try {
      linkSync(path.join(from, name), path.join(to, name));
    } catch {
      copyFileSync(path.join(from, name), path.join(to, name));
    }
  }
}

/**
 * A fleet host: the distro lane's machine with an apt archive of its own (seeded from the lane's shared one, new .debs
 * given back on close), since apt locks its archive folder and one host's held lock must not reach the others, and
 * with DL Setup's CLI on PATH as an admin who installed it there would have it.
 */
export function bootFleetMachine(): DistroMachine {
  const archives = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-fleet-archives-'));
  mkdirSync(path.join(archives, 'partial'));
  shareDebs(ARCHIVES, archives);
  const machine = bootMachine({ archives });
  writeFileSync(path.join(machine.root, 'usr/local/bin/dlsetup'), `#!/bin/sh\nexec /opt/dlsetup-node/node ${APP}/bin/dlsetup.js "$@"\n`, { mode: 0o755 });
  return {
    ...machine,
    close() {
      machine.close();
      shareDebs(archives, ARCHIVES);
      rmSync(archives, { recursive: true, force: true });
    },
  };
}
