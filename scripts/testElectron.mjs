#!/usr/bin/env node
// `npm run test:electron`: the Electron e2e lane alone, under Xvfb on a Linux machine without a display.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (command, args) => spawnSync(command, args, { cwd: root, stdio: 'inherit' }).status ?? 1;
if (run(process.execPath, [path.join(root, 'scripts', 'build.mjs')]) !== 0) process.exit(1);
const playwright = [path.join(root, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', 'e2e/electron'];
const headless = process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY;
process.exit(headless ? run('xvfb-run', ['-a', process.execPath, ...playwright]) : run(process.execPath, playwright));
