// Issue 32's bench rows: what checking a plan against its package index costs over the data-only plan, on a loopback
// index serving real index data (fixtures/pypi-index/): cold (empty cache), warm (the cache's fresh pages), requests.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolvePlan } from '../dist/shared/plan/resolvePlan.js';
import { loadCompatData } from '../dist/main/plan/loadCompatData.js';
import { withIndexCheck } from '../dist/main/plan/planWithIndex.js';
import { measureAsync } from './measure.mjs';
import { loadTestkit } from './testkit.mjs';

export const title = 'Index check: a plan resolved against its package index vs the data-only plan';
const PROFILE = { os: 'linux', arch: 'x86_64', gpuVendor: 'nvidia', gpuName: 'NVIDIA GeForce RTX 4090', computeCapability: '8.9', driverVersion: '570.124.04' };
const REQUEST = { framework: 'pytorch', frameworkVersion: '2.7.0', python: '3.12' };
const RUNS = 7;

export async function run() {
  const { startLoopbackIndex } = await loadTestkit('index/loopbackIndex.ts');
  const { realIndexProjects } = await loadTestkit('index/realIndexData.ts');
  const data = loadCompatData();
  const index = await startLoopbackIndex({ projects: realIndexProjects(), metadata: true });
  const caches = [];
  const freshCache = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-bench-index-'));
    caches.push(dir);
    return dir;
  };
  const context = (cacheDir) => ({ data, profile: PROFILE, request: REQUEST, pypiMirror: index.url, glibc: '2.36', cacheDir });
  const plan = () => resolvePlan(data, PROFILE, REQUEST);
  try {
    const dataOnly = await measureAsync(() => withIndexCheck({ ...context(null), skip: 'offline' }, plan()), RUNS);
    let coldRequests = 0;
    const cold = await measureAsync(async () => {
      coldRequests = (await withIndexCheck(context(freshCache()), plan())).index.requests;
    }, RUNS);
    const warmDir = freshCache();
    const first = await withIndexCheck(context(warmDir), plan());
    if (first.index?.status !== 'resolved') throw new Error(`the loopback index did not resolve the plan: ${JSON.stringify(first.index)}`);
    let warmRequests = 0;
    const warm = await measureAsync(async () => {
      warmRequests = (await withIndexCheck(context(warmDir), plan())).index.requests;
    }, RUNS);
    const files = first.index.files.length;
    const load = `load avg ${os.loadavg()[0].toFixed(2)} on ${os.cpus().length} cores`;
    return [
      { name: `plan + index check, cold loopback index (torch 2.7.0, ${files} files)`, ours: cold, peer: dataOnly, peerName: 'data-only plan', unit: 'ms', note: `issue target: +300 ms at most over data-only (here +${(cold - dataOnly).toFixed(0)} ms); ${RUNS} runs; ${load}` },
      { name: 'plan + index check, warm cache (fresh pages, max-age 600)', ours: warm, peer: dataOnly, peerName: 'data-only plan', unit: 'ms', note: `+${(warm - dataOnly).toFixed(0)} ms` },
      { name: 'requests per plan, cold / warm', ours: coldRequests, peer: null, unit: 'requests', note: `warm: ${warmRequests} (pages the cache holds fresh are not asked again)` },
    ];
  } finally {
    await index.close();
    for (const dir of caches) rmSync(dir, { recursive: true, force: true });
  }
}
