// Install engine: a plan's Python packages through the runner vs plain sequential `pip install` from the same loopback
// index; re-running an installed plan (every step skipped); bytes fetched twice when a download is resumed (must be 0).
import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { downloadFile } from '../dist/main/download/download.js';
import { loadTestkit } from './testkit.mjs';

const { buildTestWheel, startTestIndex } = await loadTestkit('install/wheelIndex.ts');

export const title = 'install: runner vs plain pip, skipped re-run, resume';
const ENGINE_CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'installEngineChild.mjs');

const PACKAGES = 6;
const WHEEL_BYTES = 1_000_000;

function venv(dir) {
  execFileSync('python3', ['-m', 'venv', dir], { stdio: 'ignore' });
  return path.join(dir, 'bin', 'python');
}

function plan(envPath, index, names) {
  return {
    status: 'ok',
    request: { framework: 'pytorch' },
    profile: { os: 'linux', arch: 'x86_64', gpuVendor: 'nvidia', driverVersion: null },
    method: 'wheels',
    framework: { name: 'pytorch', version: '0', variant: 'cpu', packages: [] },
    python: { version: '3' },
    driver: { action: 'none' },
    cudaToolkit: { action: 'none' },
    cudnn: { action: 'none' },
    steps: [{ id: 'fw', kind: 'framework', title: 'packages', elevated: false, params: { envPath, packages: names, pypiMirror: `${index.url}/simple` } }],
    reasons: [],
    warnings: [],
    blockers: [],
  };
}

async function timed(fn) {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

/**
 * The engine in a node process of its own (installEngineChild.mjs): its install and re-run times and its own peak RSS,
 * apart from this process, which holds the index server, the built wheels and whatever earlier benches left. GNU time
 * adds the largest process of the whole tree (the engine or a pip it started), the peer's measure.
 */
async function runEngine(planToRun) {
  const argv = [process.execPath, ENGINE_CHILD];
  const command = existsSync('/usr/bin/time') ? ['/usr/bin/time', '-f', '__RSS_KIB=%M', ...argv] : argv;
  // Async: the index answers from this very process, so a blocking spawn would deadlock.
  const { code, stdout, stderr } = await new Promise((resolve, reject) => {
    const child = spawn(command[0], command.slice(1), { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('error', reject);
    child.on('close', (exitCode) => resolve({ code: exitCode, stdout: out, stderr: err }));
    child.stdin.end(JSON.stringify(planToRun));
  });
  if (code !== 0) throw new Error(`install engine exited ${code}: ${stderr.trim()}`);
  const treeRss = /__RSS_KIB=(\d+)/.exec(stderr);
  return { ...JSON.parse(stdout.trim().split('\n').pop()), treeMaxRssKiB: treeRss ? Number(treeRss[1]) : null };
}

async function resumeBytes(tmp) {
  const file = randomBytes(4_000_000);
  const sha = createHash('sha256').update(file).digest('hex');
  let dropped = false;
  let firstAttempt = 0;
  let retried = false;
  const server = http.createServer((request, response) => {
    const start = Number(/bytes=(\d+)-/.exec(request.headers.range ?? '')?.[1] ?? 0);
    const body = file.subarray(start);
    const range = start ? { 'Content-Range': `bytes ${start}-${file.length - 1}/${file.length}` } : {};
    response.writeHead(start ? 206 : 200, { 'Content-Length': body.length, ...range });
    if (!dropped) {
      dropped = true;
      response.write(body.subarray(0, 2_500_000), () => response.socket?.destroy());
      return;
    }
    response.end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}/toolkit.run`;
  const result = await downloadFile({
    url,
    sha256: sha,
    cacheDir: path.join(tmp, 'cache'),
    backoffMs: 10,
    onRetry: () => (retried = true),
    onProgress: (p) => {
      if (!retried) firstAttempt = p.done;
    },
  });
  server.closeAllConnections();
  server.close();
  // A client without Range support fetches the whole file again after the cut: the part it had is fetched twice.
  return { ours: result.bytesFetched - file.length, partial: firstAttempt };
}

export async function run() {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-bench-install-'));
  const savedHome = process.env.DLSETUP_HOME;
  process.env.DLSETUP_HOME = path.join(tmp, 'home');
  const wheels = path.join(tmp, 'wheels');
  mkdirSync(wheels);
  const names = [];
  for (let i = 0; i < PACKAGES; i++) {
    buildTestWheel(wheels, `dlsetup-bench-${i}`, '1.0', WHEEL_BYTES);
    names.push(`dlsetup-bench-${i}==1.0`);
  }
  const index = await startTestIndex(wheels);
  try {
    venv(path.join(tmp, 'ours'));
    const peerPython = venv(path.join(tmp, 'peer'));
    const before = index.bytesServed();
    const engine = await runEngine(plan(path.join(tmp, 'ours'), index, names));
    if (engine.install.state !== 'succeeded') throw new Error(`runner install ${engine.install.state}: ${engine.install.error}`);
    if (!engine.rerun.allSkipped) throw new Error('re-run did not skip');
    // The re-run skips every step without asking the index: these bytes are the install's.
    const oursBytes = index.bytesServed() - before;
    const peerStart = index.bytesServed();
    let peerRssKiB = 0;
    const peer = await timed(async () => {
      for (const name of names) {
        // Async: the index answers from this very process, so a blocking spawn would deadlock.
        const stderr = await new Promise((resolve) => {
          const child = spawn('/usr/bin/time', ['-f', '__RSS_KIB=%M', peerPython, '-m', 'pip', 'install', '--disable-pip-version-check', '--no-input', '--index-url', `${index.url}/simple`, name], { stdio: ['ignore', 'ignore', 'pipe'] });
          let text = '';
          child.stderr.on('data', (chunk) => (text += chunk));
          child.on('close', () => resolve(text));
        });
        const rss = /__RSS_KIB=(\d+)/.exec(stderr);
        if (rss) peerRssKiB = Math.max(peerRssKiB, Number(rss[1]));
      }
    });
    const peerBytes = index.bytesServed() - peerStart;
    const resume = await resumeBytes(tmp);
    return [
      { name: `install: ${PACKAGES} packages × ${WHEEL_BYTES / 1e6} MB, runner (one pip, progress parsed) vs sequential pip install, wall time`, ours: Math.round(engine.install.ms), peer: Math.round(peer.ms), unit: 'ms' },
      { name: 'install: bytes fetched from the index', ours: oursBytes, peer: peerBytes, unit: 'B' },
      { name: 'install: peak RSS (ours: the engine in a process of its own, without the pip it starts; peer: largest pip process)', ours: Math.round(engine.installMaxRssKiB / 1024), peer: peerRssKiB ? Math.round(peerRssKiB / 1024) : null, unit: 'MiB', note: engine.treeMaxRssKiB ? `largest process of ours, engine or its pip: ${Math.round(engine.treeMaxRssKiB / 1024)} MiB` : '' },
      { name: 'install: re-run of an installed plan (all steps skipped), wall time (target < 2000)', ours: Math.round(engine.rerun.ms), peer: null, unit: 'ms' },
      { name: 'install: bytes fetched twice when resuming a cut 4 MB download (peer: a client without Range)', ours: resume.ours, peer: resume.partial, unit: 'B' },
    ];
  } finally {
    await index.close();
    rmSync(tmp, { recursive: true, force: true });
    if (savedHome === undefined) delete process.env.DLSETUP_HOME;
    else process.env.DLSETUP_HOME = savedHome;
  }
}
