// Wizard: the Install screen's main thread under 20 engine:events (install progress) events/s for 5 s (events of a real install run:
// venv + pip from a trickling loopback index, replayed to the page at that rate) vs the same page idle as long; and the
// renderer's JS size after gzip.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import WebSocket from 'ws';
import { loadTestkit } from './testkit.mjs';

const { pythonWithRawProgress } = await loadTestkit('install/realPython.ts');
const { buildTestWheel, startTestIndex } = await loadTestkit('install/wheelIndex.ts');
const { createSimulatedHost } = await loadTestkit('simulatedHost.ts');

export const title = 'wizard: Install screen main thread at 20 progress events/s, renderer size';

const root = path.resolve(import.meta.dirname, '..');
const RATE = 20;
const SECONDS = 5;
// The flags of playwright.config.ts: Debian's Chromium, kept off the network.
const CHROMIUM = process.env.DLSETUP_CHROMIUM ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

async function startServe(env) {
  const child = spawn(process.execPath, [path.join(root, 'bin', 'dlsetup.js'), 'serve', '--port', '0'], { cwd: root, env: { ...process.env, ...env, DISPLAY: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const url = await new Promise((resolve, reject) => {
    const read = (chunk) => {
      output += chunk;
      const match = /http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]+/.exec(output);
      if (match) resolve(match[0]);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => reject(new Error(`dlsetup serve exited with ${code}: ${output}`)));
  });
  const parsed = new URL(url);
  const token = parsed.hash.slice('#token='.length);
  const invoke = async (channel, arg) => {
    const response = await fetch(`${parsed.origin}/api/invoke/${channel}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, Origin: parsed.origin },
      body: JSON.stringify({ arg }),
    });
    const result = await response.json();
    if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
    return result.value;
  };
  return { url, origin: parsed.origin, token, invoke, stop: () => child.kill('SIGTERM') };
}

/** A real install (new venv, pip from a loopback index trickling a 3 MB wheel) on a simulated RTX 4090; every event it emitted. */
async function recordRealRun(tmp) {
  const python = pythonWithRawProgress();
  const host = await createSimulatedHost({
    isolatePath: true,
    files: {
      '/etc/os-release': 'NAME="Ubuntu"\nVERSION_ID="22.04"\nID=ubuntu\nID_LIKE=debian\n',
      '/sys/bus/pci/devices/0000:01:00.0/class': '0x030000\n',
      '/sys/bus/pci/devices/0000:01:00.0/vendor': '0x10de\n',
      '/sys/bus/pci/devices/0000:01:00.0/device': '0x2684\n',
    },
    tools: { 'nvidia-smi': { stdout: { fixture: 'nvidia-smi-xml/rtx4090_driver535.86.05.xml' } } },
  });
  symlinkSync(python.path, path.join(host.binDir, `python${python.version}`));
  const serve = await startServe({ ...host.env, PIP_CONFIG_FILE: os.devNull, PIP_FIND_LINKS: '', PIP_EXTRA_INDEX_URL: '', PIP_CONSTRAINT: '' });
  const wheels = path.join(tmp, 'wheels');
  try {
    const plan = await serve.invoke('plan:resolve', { framework: 'pytorch', python: python.version });
    const variant = plan.framework.variant;
    mkdirSync(wheels, { recursive: true });
    buildTestWheel(wheels, 'torch', plan.framework.version, 3_000_000);
    const index = await startTestIndex(wheels, { root: `/whl/${variant}` });
    index.trickleBytesPerSecond = 1_000_000;
    const env = `${host.env.DLSETUP_HOME}/envs/bench`;
    const planned = {
      ...plan,
      steps: plan.steps.map((step) =>
        step.kind === 'python-env' ? { ...step, params: { ...step.params, path: env } } : step.kind === 'framework' ? { ...step, params: { ...step.params, pytorchMirror: `${index.url}/whl` } } : step,
      ),
    };
    const events = [];
    const socket = new WebSocket(`${serve.origin.replace('http', 'ws')}/api/events`, { headers: { Authorization: `Bearer ${serve.token}`, Origin: serve.origin } });
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const finished = new Promise((resolve) =>
      socket.on('message', (data) => {
        const event = JSON.parse(String(data));
        events.push(event);
        if (event.type === 'run-finished') resolve(event);
      }),
    );
    const { runId } = await serve.invoke('install:start', { plan: planned });
    const end = await finished;
    socket.close();
    await index.close();
    if (end.state !== 'succeeded') throw new Error(`the recorded install ended ${end.state}: ${end.message}`);
    return { serve, host, runId, plan: planned, events: events.filter((event) => event.runId === runId) };
  } catch (error) {
    serve.stop();
    await host.cleanup();
    throw error;
  }
}

/** RATE × SECONDS events: the run's own, in order, its download stretch repeated (fresh seq) until there are enough. */
function replayEvents(events) {
  const download = events.filter((event) => event.type === 'step-progress' && event.bytes);
  const head = events.slice(0, events.indexOf(download[0]));
  const wanted = RATE * SECONDS;
  const out = [...head];
  for (let i = 0; out.length < wanted; i += 1) out.push(download[i % download.length]);
  return out.slice(0, wanted).map((event, seq) => ({ ...event, seq }));
}

/** Long tasks (> 50 ms, PerformanceObserver 'longtask') and the longest gap between frames while `during` runs. */
async function mainThread(page, during) {
  await page.evaluate(() => {
    if (!window.PerformanceObserver.supportedEntryTypes.includes('longtask')) throw new Error('this Chromium reports no long tasks');
    window.__longTasks = [];
    window.__observer = new window.PerformanceObserver((list) => window.__longTasks.push(...list.getEntries().map((entry) => entry.duration)));
    window.__observer.observe({ type: 'longtask' });
    window.__frameGap = 0;
    window.__frames = true;
    let last = performance.now();
    const frame = (now) => {
      window.__frameGap = Math.max(window.__frameGap, now - last);
      last = now;
      if (window.__frames) window.requestAnimationFrame(frame);
    };
    window.requestAnimationFrame(frame);
  });
  await during();
  return page.evaluate(() => {
    window.__observer.disconnect();
    window.__frames = false;
    return { longTasks: window.__longTasks, frameGap: window.__frameGap };
  });
}

function rendererGzipBytes() {
  const assets = path.join(root, 'dist', 'renderer', 'assets');
  return readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .reduce((sum, file) => sum + gzipSync(readFileSync(path.join(assets, file)), { level: 9 }).length, 0);
}

export async function run() {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-wizard-bench-'));
  const recorded = await recordRealRun(tmp);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1180, height: 800 } });
    // The page reattaches to the recorded run, as a reload does, and gets its events from us instead of the server.
    await context.addInitScript((saved) => window.sessionStorage.setItem('dlsetup.installRun', saved), JSON.stringify({ runId: recorded.runId, plan: recorded.plan }));
    const page = await context.newPage();
    let socket = null;
    await page.routeWebSocket(/\/api\/events/, (ws) => {
      socket = ws;
    });
    await page.goto(recorded.serve.url);
    await page.getByRole('heading', { level: 1, name: 'Installing' }).waitFor();
    await page.getByTestId('run-state').waitFor();
    await page.locator('[data-step-id="framework"] summary').click();

    const idle = await mainThread(page, () => new Promise((resolve) => setTimeout(resolve, SECONDS * 1000)));
    const events = replayEvents(recorded.events);
    const busy = await mainThread(page, async () => {
      const started = performance.now();
      for (const [index, event] of events.entries()) {
        const due = started + (index * 1000) / RATE;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
        socket.send(JSON.stringify(event));
      }
      await new Promise((resolve) => setTimeout(resolve, 1000 / RATE));
    });
    const shown = await page.locator('[data-step-id="framework"] [data-testid="step-bytes"]').textContent();
    if (!/ of /.test(shown ?? '')) throw new Error(`the Install screen did not show the replayed progress (bytes: "${shown}")`);
    const longest = (tasks) => (tasks.length ? Math.max(...tasks) : 0);
    const note = `${events.length} events of a real run (${recorded.events.length} recorded) in ${SECONDS} s; peer: the same screen idle`;
    return [
      { name: 'Install screen: longest long task (> 50 ms)', ours: longest(busy.longTasks), peer: longest(idle.longTasks), peerName: 'idle', unit: 'ms', note: '0: none' },
      { name: 'Install screen: long tasks over 50 ms', ours: busy.longTasks.length, peer: idle.longTasks.length, peerName: 'idle', unit: 'tasks', note: 'issue 7 wants none' },
      { name: 'Install screen: longest gap between frames', ours: busy.frameGap, peer: idle.frameGap, peerName: 'idle', unit: 'ms', note },
      { name: 'renderer JS, gzip', ours: rendererGzipBytes() / 1024, peer: null, unit: 'KiB', note: 'issue 7 budget: 250 KB' },
    ];
  } finally {
    await browser.close();
    recorded.serve.stop();
    await recorded.host.cleanup();
    rmSync(tmp, { recursive: true, force: true });
  }
}
