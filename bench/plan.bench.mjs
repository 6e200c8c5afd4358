// Plans per second over the whole data matrix: every GPU x every driver branch's first release (and none) x OS x framework.
import { resolvePlan } from '../dist/shared/plan/resolvePlan.js';
import { loadCompatData } from '../dist/main/plan/loadCompatData.js';

function matrix(data) {
  const drivers = [null, ...data.driverBranches.branches.map((b) => b.minimumVersion.linux).filter(Boolean)];
  const cases = [];
  for (const gpu of data.gpus.gpus) {
    for (const os of ['linux', 'windows', 'wsl']) {
      for (const driverVersion of gpu.vendor === 'nvidia' ? drivers : [null]) {
        for (const framework of ['pytorch', 'tensorflow', 'jax']) {
          cases.push([{ os, arch: 'x86_64', gpuVendor: gpu.vendor, gpuName: gpu.name, driverVersion }, { framework }]);
        }
      }
    }
  }
  return cases;
}

export async function run() {
  const data = loadCompatData();
  const cases = matrix(data);
  const started = performance.now();
  let ok = 0;
  for (const [profile, request] of cases) if (resolvePlan(data, profile, request).status === 'ok') ok++;
  const firstMs = performance.now() - started;
  // A fresh copy of the data defeats the per-data caches, so this pass measures cold resolution too.
  const cold = JSON.parse(JSON.stringify(data));
  const coldStart = performance.now();
  for (const [profile, request] of cases) resolvePlan(cold, profile, request);
  const coldMs = performance.now() - coldStart;
  return [
    { name: `plan: full matrix (${cases.length} plans, ${ok} ok), wall time`, ours: Math.round(firstMs), peer: null, unit: 'ms' },
    { name: 'plan: plans per second (cold caches)', ours: Math.round((cases.length / coldMs) * 1000), peer: null, unit: 'plans/s' },
  ];
}
