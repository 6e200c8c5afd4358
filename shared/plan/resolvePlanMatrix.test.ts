// The resolver over many machines at once: bulk resolving with shared per-data indexes, and properties over the whole data matrix.
import { describe, expect, it } from 'vitest';
import type { HardwareProfile, PlanRequest } from '../types/plan.js';
import { resolvePlan } from './resolvePlan.js';
import { linuxPlan, planSentences, shippedData } from '../../testkit/plan/linuxPlan.js';

const data = shippedData;
const plan = linuxPlan;
const text = planSentences;
const pytorch1 = { framework: 'pytorch' } as const;

describe('resolvePlan: in bulk, with per-data indexes', () => {
  // Same-chip GPUs share what the resolver precomputes per data object; a plan must not depend on what came before.
  const cases: [HardwareProfile, PlanRequest][] = [
    [{ os: 'linux', arch: 'x86_64', gpuVendor: 'nvidia', gpuName: 'GeForce GTX 1080 Ti', driverVersion: null }, pytorch1],
    [{ os: 'linux', arch: 'x86_64', gpuVendor: 'nvidia', gpuName: 'GeForce GTX 1080 Ti', driverVersion: '470.82.01' }, pytorch1],
    [{ os: 'linux', arch: 'x86_64', gpuVendor: 'nvidia', gpuName: 'GeForce GTX 1080 Ti', driverVersion: '470.82.01' }, { framework: 'pytorch', allowDriverChange: false }],
    [{ os: 'linux', arch: 'x86_64', gpuVendor: 'nvidia', gpuName: 'GeForce RTX 2080 Ti', driverVersion: '535.104.05' }, { framework: 'pytorch', method: 'system' }],
    [{ os: 'wsl', arch: 'x86_64', gpuVendor: 'nvidia', gpuName: 'GeForce RTX 2080 Ti', driverVersion: '470.82.01' }, { framework: 'jax' }],
    [{ os: 'windows', arch: 'x86_64', gpuVendor: 'nvidia', gpuName: 'Tesla T4', driverVersion: '550.54.15' }, { framework: 'tensorflow', frameworkVersion: '2.15' }],
    [{ os: 'linux', arch: 'x86_64', gpuVendor: 'nvidia', gpuName: 'Tesla K80', driverVersion: '470.82.01' }, { framework: 'pytorch', frameworkVersion: '2.14' }],
    [{ os: 'linux', arch: 'x86_64', gpuVendor: 'nvidia', gpuName: 'GeForce GTX 680', driverVersion: '470.82.01' }, { framework: 'tensorflow' }],
    [{ os: 'linux', arch: 'x86_64', gpuVendor: 'nvidia', gpuName: 'Tesla V100 PCIe', driverVersion: '580.65.06' }, { framework: 'pytorch', python: '3.8' }],
  ];
  const sameChips = ['TITAN Xp', 'GeForce GT 1030', 'GeForce RTX 2080', 'Tesla V100S PCIe 32GB'];

  it('gives the same plan on fresh data and after many plans for same-chip GPUs', () => {
    const shared = structuredClone(data);
    for (const gpuName of sameChips) {
      for (const [profile, request] of cases) resolvePlan(shared, { ...profile, gpuName }, request);
    }
    for (const [profile, request] of cases) {
      const alone = resolvePlan(structuredClone(data), profile, request);
      expect(resolvePlan(shared, profile, request), `${profile.gpuName} ${profile.driverVersion} ${JSON.stringify(request)}`).toEqual(alone);
      expect(JSON.stringify(alone)).not.toMatch(/TITAN Xp|GT 1030|RTX 2080"|V100S/);
    }
  });

  it('still explains the skipped newest release and the no-driver-change alternative', () => {
    const shared = structuredClone(data);
    resolvePlan(shared, { ...cases[1]![0], gpuName: 'TITAN Xp' }, pytorch1);
    // Asked for the newest (--upgrade-driver): by default the working 470 driver would be kept.
    const p = resolvePlan(shared, cases[1]![0], { framework: 'pytorch', allowDriverChange: true });
    expect(p.gpu?.name).toBe('GeForce GTX 1080 Ti');
    expect(p.driver).toMatchObject({ action: 'upgrade', current: '470.82.01' });
    expect(text(p)).toMatch(/If you cannot change the driver: PyTorch \S+ \(cu11\d\) runs on your current driver/);
    const k80 = resolvePlan(shared, cases[6]![0], cases[6]![1]);
    expect(k80.status).toBe('blocked');
    expect(k80.blockers[0]!.message).toMatch(/has no code for sm_37/);
  });
});

describe('resolvePlan: property over the whole data matrix', () => {
  const drivers = [null, '470.82.01', '525.60.13', '535.104.05', '550.54.15', '575.57.08', '580.65.06', '595.71.05'];
  const minorFloor = (cuda: string) => {
    const major = Number(cuda.split('.')[0]);
    return data.cudaToolkits.minorVersionCompatibility.find((r) => r.cudaMajor === major)?.linux ?? '0';
  };
  const cmp = (a: string, b: string) => {
    const pa = a.split('.').map(Number);
    const pb = b.split('.').map(Number);
    for (let i = 0; i < 3; i++) if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pa[i] ?? 0) - (pb[i] ?? 0);
    return 0;
  };

  it('every ok GPU plan has code for the GPU and a driver that meets the build floor and the GPU branch limit', () => {
    let checked = 0;
    for (const gpu of data.gpus.gpus.filter((g) => g.vendor === 'nvidia')) {
      const arch = data.architectures.architectures.find((a) => a.computeCapabilities.includes(gpu.computeCapability!));
      for (const driver of drivers) {
        for (const framework of ['pytorch', 'tensorflow', 'jax'] as const) {
          const p = plan(gpu.name, driver, { framework });
          if (p.status !== 'ok' || p.framework.variant === 'cpu') continue;
          checked++;
          const planned = p.driver.action === 'keep' ? p.driver.current! : p.driver.target!;
          expect(cmp(planned, p.driver.minimum!), `${gpu.name} ${driver} ${framework}`).toBeGreaterThanOrEqual(0);
          expect(cmp(planned, minorFloor(p.framework.cuda!))).toBeGreaterThanOrEqual(0);
          if (arch?.lastDriverBranch && p.driver.action !== 'keep') expect(Number(planned.split('.')[0])).toBeLessThanOrEqual(Number(arch.lastDriverBranch));
          if (framework === 'pytorch') {
            const release = data.pytorch.releases.find((r) => r.latestPatch === p.framework.version)!;
            const variant = release.variants.find((v) => v.name === p.framework.variant)!;
            const [gMaj, gMin] = gpu.computeCapability!.split('.').map(Number) as [number, number];
            const ok = variant.computeCapabilities!.some((entry) => {
              const [maj, min] = entry.replace(/\+PTX|a$/g, '').split('.').map(Number) as [number, number];
              return (maj === gMaj && min <= gMin) || (entry.endsWith('+PTX') && (maj < gMaj || (maj === gMaj && min <= gMin)));
            });
            expect(ok, `${gpu.name} ${p.framework.version} ${p.framework.variant}`).toBe(true);
          }
          if (framework === 'jax') {
            // Find-links builds (jax < 0.4.26) carry the .bazelrc list of their tag (0.4.0-0.4.3 built sm_35); plugins a floor.
            const legacy = data.jax.releases.find((r) => r.version === p.framework.version)?.legacyGpuInstall?.builds.find((b) => b.extra === p.framework.variant);
            const min = legacy ? Math.min(...legacy.computeCapabilities.map((c) => Number.parseFloat(c))) : p.framework.variant === 'cuda13' ? 7.5 : 5.2;
            expect(Number(gpu.computeCapability), `${gpu.name} jax ${p.framework.version} ${p.framework.variant}`).toBeGreaterThanOrEqual(min);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
  });
});
