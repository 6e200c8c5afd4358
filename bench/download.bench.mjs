// Downloads: a torch-like set of wheels (one 1 GB wheel and smaller ones) from a loopback index that caps each
// connection at 8 MB/s and all of them at 64 MB/s, fetched by our downloader (ranges, adaptive connections) and by
// `pip download` of the same set from the same server, side by side; our peak RSS; a cut mid-way and bytes fetched twice.
// Alone: `node bench/run.mjs download` (after `node scripts/build.mjs` is not needed: the modules are bundled here).
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { loadTestkit } from './testkit.mjs';

export const title = 'download: segmented ranges vs pip download, capped loopback server (8 MB/s per connection, 64 MB/s total)';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PER_CONNECTION = 8e6;
const TOTAL = 64e6;
/** The set: name, version, payload bytes (torch's wheel is ~900 MB; the rest stand in for triton, numpy, sympy …). */
const WHEELS = [
  ['torch', '9.0.0', 1_000_000_000],
  ['triton', '9.0.0', 40_000_000],
  ['numpy', '9.0.0', 16_000_000],
  ['sympy', '9.0.0', 6_000_000],
  ['networkx', '9.0.0', 2_000_000],
  ['jinja2', '9.0.0', 1_000_000],
];

// A real wheel written as a stream: deterministic bytes (a 1 MiB block, each MiB stamped with its index), no file held in memory.
const BUILD_WHEEL = `
import base64, hashlib, random, sys, zipfile
out, name, version, size = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
dist = name.replace('-', '_')
block = random.Random(name).randbytes(1 << 20)
payload = hashlib.sha256()
target = f'{out}/{dist}-{version}-py3-none-any.whl'
with zipfile.ZipFile(target, 'w', zipfile.ZIP_STORED, allowZip64=True) as z:
    with z.open(f'{dist}/payload.bin', 'w', force_zip64=True) as f:
        written = 0
        while written < size:
            piece = (written.to_bytes(8, 'little') + block[8:])[: size - written]
            f.write(piece); payload.update(piece); written += len(piece)
    meta = {
        f'{dist}/__init__.py': f'__version__ = "{version}"\\n'.encode(),
        f'{dist}-{version}.dist-info/METADATA': f'Metadata-Version: 2.1\\nName: {name}\\nVersion: {version}\\n'.encode(),
        f'{dist}-{version}.dist-info/WHEEL': b'Wheel-Version: 1.0\\nGenerator: dlsetup-bench\\nRoot-Is-Purelib: true\\nTag: py3-none-any\\n',
    }
    digest = lambda d: base64.urlsafe_b64encode(d).rstrip(b'=').decode()
    record = f'{dist}/payload.bin,sha256={digest(payload.digest())},{size}\\n'
    for p, data in meta.items():
        z.writestr(p, data); record += f'{p},sha256={digest(hashlib.sha256(data).digest())},{len(data)}\\n'
    z.writestr(f'{dist}-{version}.dist-info/RECORD', record + f'{dist}-{version}.dist-info/RECORD,,\\n')
print(target)
`;

async function sha256Of(file) {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  return hash.digest('hex');
}

/** The wheel set, built once into .bench/download-set/ (ignored by git) and reused: the 1 GB wheel takes a while. */
async function wheelSet() {
  const dir = path.join(root, '.bench', 'download-set');
  const manifest = path.join(dir, 'manifest.json');
  if (existsSync(manifest)) return JSON.parse(readFileSync(manifest, 'utf8'));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const wheels = [];
  for (const [name, version, bytes] of WHEELS) {
    const file = execFileSync('python3', ['-c', BUILD_WHEEL, dir, name, version, String(bytes)], { encoding: 'utf8' }).trim();
    wheels.push({ name, file, size: statSync(file).size, sha256: await sha256Of(file) });
  }
  writeFileSync(manifest, JSON.stringify(wheels));
  return wheels;
}

/** The child that runs our downloader: a bundle of main/download/downloadSet.ts and a driver that reads the index. */
async function oursScript() {
  const bundle = path.join(root, '.bench', 'main', 'downloadSet.mjs');
  await build({ entryPoints: [path.join(root, 'main', 'download', 'downloadSet.ts')], outfile: bundle, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' });
  const driver = path.join(root, '.bench', 'main', 'downloadDriver.mjs');
  writeFileSync(
    driver,
    `import { downloadSet } from ${JSON.stringify(pathToFileURL(bundle).href)};
const [index, names, cacheDir] = [process.argv[2], process.argv[3].split(','), process.argv[4]];
const started = performance.now();
const files = [];
for (const name of names) {
  const page = await (await fetch(index + '/' + name + '/')).text();
  for (const [, href, sha256] of page.matchAll(/href="([^"#]+)#sha256=([0-9a-f]{64})"/g)) files.push({ url: new URL(href, index).href, sha256 });
}
let retries = 0;
let peakConnections = 1;
const results = await downloadSet(files, { cacheDir, backoffMs: 50, onRetry: () => retries++, onProgress: (p) => { for (const f of p.files) peakConnections = Math.max(peakConnections, f?.connections ?? 1); } });
process.stdout.write(JSON.stringify({ ms: performance.now() - started, fetched: results.reduce((s, r) => s + r.bytesFetched, 0), size: results.reduce((s, r) => s + r.size, 0), retries, peakConnections }));
`,
  );
  return driver;
}

/** argv under GNU time, asynchronously (the server answers from this process): wall ms, peak RSS MiB, stdout. */
function timedChild(argv, env = process.env) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn('/usr/bin/time', ['-f', '__RSS_KIB=%M', ...argv], { stdio: ['ignore', 'pipe', 'pipe'], env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - started;
      if (code !== 0) return reject(new Error(`${path.basename(argv[0])} exited ${code}: ${stderr.slice(-800)}`));
      const rss = /__RSS_KIB=(\d+)/.exec(stderr);
      resolve({ ms, rssMiB: rss ? Number(rss[1]) / 1024 : null, stdout });
    });
  });
}

/** pip as a fresh install has it: no site config (this machine's pins, local wheel folders, extra indexes). */
function pipEnvironment() {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PIP_')));
  return { ...env, PIP_CONFIG_FILE: '/dev/null', PIP_DISABLE_PIP_VERSION_CHECK: '1' };
}

export async function run() {
  const { startCappedServer } = await loadTestkit('network/cappedRangeServer.ts');
  const wheels = await wheelSet();
  const driver = await oursScript();
  const files = Object.fromEntries(wheels.map((wheel) => [`/files/${path.basename(wheel.file)}`, { path: wheel.file, size: wheel.size }]));
  const simple = Object.fromEntries(wheels.map((wheel) => [wheel.name, [{ urlPath: `/files/${path.basename(wheel.file)}`, sha256: wheel.sha256 }]]));
  const server = await startCappedServer(files, { perConnection: PER_CONNECTION, total: TOTAL, simple });
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-bench-download-'));
  const names = wheels.map((wheel) => wheel.name);
  const setBytes = wheels.reduce((sum, wheel) => sum + wheel.size, 0);
  const load = os.loadavg()[0];
  try {
    const oursRun = await timedChild([process.execPath, driver, `${server.url}/simple`, names.join(','), path.join(tmp, 'ours')]);
    const ours = JSON.parse(oursRun.stdout);
    rmSync(path.join(tmp, 'ours'), { recursive: true, force: true });
    const pip = await timedChild(['python3', '-m', 'pip', 'download', '--no-deps', '--no-cache-dir', '--disable-pip-version-check', '--progress-bar', 'off', '-d', path.join(tmp, 'pip'), '--index-url', `${server.url}/simple`, ...WHEELS.map(([name, version]) => `${name}==${version}`)], pipEnvironment());
    rmSync(path.join(tmp, 'pip'), { recursive: true, force: true });
    // A cut mid-way: every connection dropped once half the set is sent; the retry resumes from the saved ranges.
    server.resetCounts();
    server.cutAfter = setBytes / 2;
    const cutRun = await timedChild([process.execPath, driver, `${server.url}/simple`, names.join(','), path.join(tmp, 'cut')]);
    const cut = JSON.parse(cutRun.stdout);
    const mbps = (ms) => setBytes / 1e6 / (ms / 1000);
    const note = `load avg ${load.toFixed(2)} at start; ${ours.peakConnections} connections at most`;
    return [
      { name: `download: ${(setBytes / 1e9).toFixed(2)} GB wheel set (1 GB + 5 smaller), wall time`, ours: Math.round(oursRun.ms), peer: Math.round(pip.ms), peerName: 'pip download', unit: 'ms', note },
      { name: 'download: throughput (server total cap 64 MB/s; goal ≥ 90 % = 57.6)', ours: Number(mbps(oursRun.ms).toFixed(1)), peer: Number(mbps(pip.ms).toFixed(1)), peerName: 'pip download', unit: 'MB/s', note: `${((100 * mbps(oursRun.ms)) / (TOTAL / 1e6)).toFixed(1)} % of the cap` },
      { name: 'download: peak RSS of the downloading process (goal < 150)', ours: Math.round(oursRun.rssMiB), peer: pip.rssMiB === null ? null : Math.round(pip.rssMiB), peerName: 'pip download', unit: 'MiB' },
      { name: 'download: bytes received twice after every connection is cut mid-way (client side)', ours: cut.fetched - cut.size, peer: null, unit: 'B', note: `${cut.retries} retry; server sent ${server.bytesServedTwice()} B twice (in flight when cut)` },
    ];
  } finally {
    await server.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}
