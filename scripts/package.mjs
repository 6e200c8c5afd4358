#!/usr/bin/env node
// `npm run package`: installers for the host OS with electron-builder; says in one line why it cannot run without Electron.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findElectron } from './findElectron.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const electron = findElectron();
if ('skip' in electron) {
  process.stderr.write(`npm run package: cannot package here because ${electron.skip}; run \`npm install\` where the Electron release host is reachable, then try again.\n`);
  process.exit(1);
}
const run = (command, args) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
run(process.execPath, [path.join(root, 'scripts', 'build.mjs')]);
// Icons are rendered by a browser: use the system Chromium, or fetch Playwright's on release machines that can.
if (!process.env.DLSETUP_CHROMIUM && !existsSync('/usr/bin/chromium')) run(process.execPath, [path.join(root, 'node_modules', '@playwright', 'test', 'cli.js'), 'install', 'chromium']);
run(process.execPath, [path.join(root, 'scripts', 'makeIcons.mjs')]);
const target = { linux: '--linux', darwin: '--mac', win32: '--win' }[process.platform];
run(path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'electron-builder.cmd' : 'electron-builder'), [target, '--publish', 'never', ...process.argv.slice(2)]);
