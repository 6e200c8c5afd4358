#!/usr/bin/env node
// `npm start`: the desktop app where the Electron binary exists; otherwise the same wizard through `dlsetup serve` in a browser.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const display = process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);

/** The Electron binary's path, or why there is none (its download is blocked on some machines). */
function findElectron() {
  try {
    const binary = createRequire(import.meta.url)('electron');
    return typeof binary === 'string' && existsSync(binary) ? { binary } : { reason: 'the Electron binary was not downloaded' };
  } catch {
    return { reason: 'the Electron binary is not installed' };
  }
}

const electron = findElectron();
const run = (command, args) => {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
};

if (electron.binary && display) {
  run(electron.binary, [root]);
} else {
  const why = electron.binary ? 'no display was found' : electron.reason;
  process.stdout.write(`DL Setup: starting the wizard in your browser instead of a desktop window (${why}).\n`);
  run(process.execPath, [path.join(root, 'bin', 'dlsetup.js'), 'serve', '--open', ...process.argv.slice(2)]);
}
