#!/usr/bin/env node
// `npm start`: the desktop app where the Electron binary exists; otherwise the same wizard through `dlsetup serve` in a browser.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findElectron } from './findElectron.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const display = process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);

const electron = findElectron();
const run = (command, args) => {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.pid && child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
};

if (electron.path && display) {
  run(electron.path, [root]);
} else {
  const why = electron.path ? 'no display was found' : electron.skip;
  process.stdout.write(`DL Setup: starting the wizard in your browser instead of a desktop window (${why}).\n`);
  run(process.execPath, [path.join(root, 'bin', 'dlsetup.js'), 'serve', '--open', ...process.argv.slice(2)]);
}
