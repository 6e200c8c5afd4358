// Plan figures over the whole data matrix (every GPU x every driver branch's first release and none x Linux/Windows/WSL
// x framework), and, for PyTorch, against uv's `--torch-backend=auto` rule run over the same cells in the same run.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolvePlan } from '../dist/shared/plan/resolvePlan.js';
import { matchCapability } from '../dist/shared/plan/computeCapability.js';
import { loadCompatData } from '../dist/main/plan/loadCompatData.js';

export const title = 'Plan: resolver over the data matrix vs uv --torch-backend=auto';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FACTS = path.join(root, 'data', 'sources', 'compat-facts.json');
const OSES = ['linux', 'windows', 'wsl'];
const FRAMEWORKS = ['pytorch', 'tensorflow', 'jax'];

/** uv's minimum driver per backend, newest backend first, from the facts file's `uv_torch_backend` (its source named there). */
function uvTables() {
  const facts = JSON.parse(readFileSync(FACTS, 'utf8')).uv_torch_backend;
  return { source: facts.source, linux: facts.linux_min_driver_by_backend, windows: facts.windows_min_driver_by_backend };
}

const parseDotted = (text) => text.split('.').map(Number);

function compareDotted(a, b) {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const diff = (a[i] ?? 0) - (b[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

/**
 * The port: uv reads only the driver version and keeps every backend whose minimum driver is at or below it, newest
 * first; with its first-index strategy torch comes from the first of those indexes that has torch at all, else the
 * CPU index. Inside WSL2 uv is a Linux binary, so it uses the Linux table (with the Windows driver WSL2 reports).
 * Like uv's static tables, the minimums are parsed once.
 */
function uvRule(tables, hasTorch) {
  const parsed = (table, os) => Object.entries(table).filter(([backend]) => hasTorch(os, backend)).map(([backend, minimum]) => [backend, parseDotted(minimum)]);
  const byOs = { linux: parsed(tables.linux, 'linux'), wsl: parsed(tables.linux, 'wsl'), windows: parsed(tables.windows, 'windows') };
  return (os, driver) => {
    if (!driver) return 'cpu';
    const version = parseDotted(driver);
    for (const [backend, minimum] of byOs[os]) if (compareDotted(version, minimum) >= 0) return backend;
    return 'cpu';
  };
}

function matrix(data) {
  const drivers = [null, ...data.driverBranches.branches.map((b) => b.minimumVersion.linux).filter(Boolean)];
  const cases = [];
  for (const gpu of data.gpus.gpus) {
    for (const os of OSES) {
      for (const driverVersion of gpu.vendor === 'nvidia' ? drivers : [null]) {
        for (const framework of FRAMEWORKS) {
          cases.push({ gpu, profile: { os, arch: 'x86_64', gpuVendor: gpu.vendor, gpuName: gpu.name, driverVersion }, request: { framework } });
        }
      }
    }
  }
  return cases;
}

/** Per our data: the newest PyTorch release with this CUDA variant on this OS, and whether its wheels run the GPU. */
function wheelJudge(data) {
  const newest = new Map();
  for (const release of data.pytorch.releases) {
    for (const variant of release.variants) {
      if (variant.kind !== 'cuda' || !variant.computeCapabilities) continue;
      for (const platform of variant.platforms) {
        const key = `${platform}|${variant.name}`;
        if (!newest.has(key)) newest.set(key, { release, variant });
      }
    }
  }
  const platformOf = (os) => (os === 'windows' ? 'windows' : 'linux');
  const find = (os, variant, version) =>
    version
      ? data.pytorch.releases.find((r) => r.latestPatch === version)?.variants.find((v) => v.name === variant)
      : newest.get(`${platformOf(os)}|${variant}`)?.variant;
  return {
    hasTorch: (os, variant) => newest.has(`${platformOf(os)}|${variant}`),
    newestVersion: (os, variant) => newest.get(`${platformOf(os)}|${variant}`)?.release.latestPatch,
    /** null when the variant is not in our data. */
    runs: (os, variant, version, capability) => {
      const row = find(os, variant, version);
      if (!row) return null;
      const ptx = !row.ptxOnlyOn || row.ptxOnlyOn.includes(platformOf(os));
      return matchCapability(row.computeCapabilities, capability, ptx) !== null;
    },
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function timed(fn) {
  const started = performance.now();
  const result = fn();
  return { ms: performance.now() - started, result };
}

export async function run() {
  const data = loadCompatData();
  const cases = matrix(data);

  // First pass: a fresh process resolving the whole matrix, JIT warm-up included, as the issue's target counts it.
  const first = timed(() => cases.reduce((count, { profile, request }) => count + (resolvePlan(data, profile, request).status === 'ok' ? 1 : 0), 0));
  const ok = first.result;
  // Fresh copies of the data defeat the per-data indexes, so these passes measure cold resolution on warm code.
  const coldMs = median(
    [0, 1, 2].map(() => {
      const cold = JSON.parse(JSON.stringify(data));
      return timed(() => cases.forEach(({ profile, request }) => resolvePlan(cold, profile, request))).ms;
    }),
  );

  // PyTorch: ours and the uv rule over the same GPU x driver x OS cells.
  const tables = uvTables();
  const judge = wheelJudge(data);
  const torchCases = cases.filter((c) => c.request.framework === 'pytorch');
  const uvBackend = uvRule(tables, judge.hasTorch);
  const uvPick = (c) => uvBackend(c.profile.os, c.profile.driverVersion);
  torchCases.forEach(uvPick);
  // Medians: the peer's pass takes a few milliseconds, so it runs more often.
  const peerRuns = Array.from({ length: 11 }, () => timed(() => torchCases.map(uvPick)));
  const uvPicks = peerRuns[0].result;
  const peerMs = median(peerRuns.map((r) => r.ms));
  const oursTorch = [0, 1, 2].map(() => {
    const cold = JSON.parse(JSON.stringify(data));
    return timed(() => torchCases.map(({ profile, request }) => resolvePlan(cold, profile, request)));
  });
  const oursTorchMs = median(oursTorch.map((r) => r.ms));
  const torchPlans = oursTorch[0].result;

  // Correctness on NVIDIA cells that get a CUDA build: do its wheels carry kernels (or usable PTX) for the GPU?
  let oursCuda = 0;
  let oursWrong = 0;
  let uvCuda = 0;
  let uvWrong = 0;
  let uvOutside = 0;
  let example;
  torchCases.forEach((c, index) => {
    if (c.gpu.vendor !== 'nvidia') return;
    const capability = c.gpu.computeCapability;
    const plan = torchPlans[index];
    if (plan.status === 'ok' && plan.framework.variant.startsWith('cu')) {
      oursCuda++;
      if (judge.runs(c.profile.os, plan.framework.variant, plan.framework.version, capability) !== true) oursWrong++;
    }
    const backend = uvPicks[index];
    if (backend === 'cpu') return;
    const runs = judge.runs(c.profile.os, backend, undefined, capability);
    if (runs === null) {
      uvOutside++;
      return;
    }
    uvCuda++;
    if (!runs) {
      uvWrong++;
      const wanted = c.gpu.name === 'GeForce GTX 1080 Ti' && c.profile.os === 'linux' && c.profile.driverVersion?.startsWith('580');
      if (!example || wanted) example = `${c.gpu.name} (sm_${capability.replace('.', '')}), driver ${c.profile.driverVersion}, ${c.profile.os} -> ${backend} (torch ${judge.newestVersion(c.profile.os, backend)})`;
    }
  });
  const percent = (good, all) => (all ? Math.round((1000 * good) / all) / 10 : null);

  return [
    {
      name: `plan: full matrix (${cases.length} plans, ${ok} ok), first pass in a fresh process`,
      ours: Math.round(first.ms),
      peer: null,
      unit: 'ms',
      note: 'target < 1000 ms; no peer plans TensorFlow or JAX, see the PyTorch rows',
    },
    { name: 'plan: full matrix, plans per second (cold data indexes, warm code)', ours: Math.round((cases.length / coldMs) * 1000), peer: null, unit: 'plans/s' },
    {
      name: `plan: PyTorch cells (${torchCases.length}), plans per second`,
      ours: Math.round((torchCases.length / oursTorchMs) * 1000),
      peer: Math.round((torchCases.length / peerMs) * 1000),
      peerName: 'uv --torch-backend=auto rule',
      unit: 'plans/s',
      note: 'uv reads only the driver; ours also checks kernels, floors, Python and writes the steps and reasons',
    },
    {
      name: 'plan: NVIDIA PyTorch cells given CUDA wheels that have kernels for the GPU',
      ours: percent(oursCuda - oursWrong, oursCuda),
      peer: percent(uvCuda - uvWrong, uvCuda),
      peerName: 'uv rule',
      unit: '%',
      note: `wrong: ours ${oursWrong} of ${oursCuda}, uv ${uvWrong} of ${uvCuda}${uvOutside ? ` (+${uvOutside} uv picks older than our data)` : ''}${example ? `; e.g. ${example}` : ''}; uv table: data/sources/compat-facts.json`,
    },
  ];
}
