// Foundation figures: CLI cold start, renderer bundle size, first paint and time to interactive in headless Chromium.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import { measureCommand } from './measure.mjs';

export const title = 'Foundation: start-up and renderer';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

function gzipKiB(dir) {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.js'))
    .reduce((sum, file) => sum + gzipSync(readFileSync(path.join(dir, file))).length, 0) / 1024;
}

/** The floor any React UI pays: a hello-world React app built with the same Vite. */
async function helloReactKiB() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-bench-react-'));
  try {
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="./main.jsx"></script>');
    writeFileSync(path.join(dir, 'main.jsx'), "import { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')).render(<h1>Hello</h1>);\n");
    await build({ root: dir, logLevel: 'silent', resolve: { alias: { react: path.join(root, 'node_modules/react'), 'react-dom': path.join(root, 'node_modules/react-dom') } }, build: { outDir: path.join(dir, 'dist'), reportCompressedSize: false }, oxc: { jsx: { runtime: 'automatic' } } });
    return gzipKiB(path.join(dir, 'dist', 'assets'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function startServe() {
  const child = spawn(process.execPath, [path.join(root, 'bin', 'dlsetup.js'), 'serve', '--port', '0'], { env: { ...process.env, DISPLAY: '' }, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /http:\/\/\S+token=\S+/.exec(output);
      if (match) resolve(match[0]);
    });
    child.on('exit', () => reject(new Error('dlsetup serve exited')));
  });
  return { url, stop: () => child.kill('SIGTERM') };
}

async function staticPeer() {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html' });
    response.end('<!doctype html><title>peer</title><h1>Hello</h1><button>Start</button>');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/`, stop: () => server.close() };
}

async function paintTimes(browser, url, readySelector, runs = 5) {
  const paints = [];
  const ready = [];
  for (let index = 0; index < runs; index++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const started = Date.now();
    await page.goto(url);
    await page.locator(readySelector).first().waitFor();
    ready.push(Date.now() - started);
    paints.push(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN));
    await context.close();
  }
  const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return { paint: median(paints), ready: median(ready) };
}

export async function run() {
  const node = process.execPath;
  const cli = path.join(root, 'bin', 'dlsetup.js');
  const version = measureCommand([node, cli, '--version'], { runs: 7 });
  const collectEnv = measureCommand(['/usr/bin/python3', '-m', 'torch.utils.collect_env'], { runs: 3 });
  const ours = gzipKiB(path.join(root, 'dist', 'renderer', 'assets'));
  const floor = await helloReactKiB();

  const browser = await chromium.launch({ executablePath: process.env.DLSETUP_CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const serve = await startServe();
  const peer = await staticPeer();
  try {
    const wizard = await paintTimes(browser, serve.url, 'button.primary');
    const plain = await paintTimes(browser, peer.url, 'button');
    mkdirSync(path.join(root, '.bench'), { recursive: true });
    return [
      { name: 'cold start: dlsetup --version', ours: version.ms, peer: collectEnv.ms, peerName: 'python3 -m torch.utils.collect_env', unit: 'ms', note: `peak RSS ${version.peakRssMiB?.toFixed(0)} vs ${collectEnv.peakRssMiB?.toFixed(0)} MiB` },
      { name: 'renderer JS (gzip)', ours, peer: floor, peerName: 'hello-world React, same Vite', unit: 'KiB', note: 'budget 250 KB; ratio < 1 means larger than the floor' },
      { name: 'first contentful paint', ours: wizard.paint, peer: plain.paint, peerName: 'static HTML page', unit: 'ms', note: 'budget 500 ms' },
      { name: 'wizard interactive (entry button visible)', ours: wizard.ready, peer: plain.ready, peerName: 'static HTML page', unit: 'ms', note: 'budget 1000 ms' },
    ];
  } finally {
    serve.stop();
    peer.stop();
    await browser.close();
  }
}
