import { describe, expect, it } from 'vitest';
import { resolvePlan } from '../plan/resolvePlan.js';
import { withInstallSources } from '../plan/withInstallSources.js';
import type { HardwareProfile, PlanRequest } from '../types/plan.js';
import { checkSchema } from './checkSchema.js';
import { planSchema } from './planSchema.js';
import { shippedData } from '../../testkit/plan/linuxPlan.js';

const data = shippedData;

/** Machines of every vendor and OS the resolver plans for, with and without drivers, toolkits and Pythons found. */
function profiles(): HardwareProfile[] {
  const machines: HardwareProfile[] = [];
  const every = (data.gpus as unknown as { gpus: { name: string; vendor: HardwareProfile['gpuVendor'] }[] }).gpus;
  for (const [index, gpu] of every.entries()) {
    const os = (['linux', 'windows', 'wsl'] as const)[index % 3]!;
    for (const driver of [null, '470.82.01', '535.104.05', '580.65.06']) {
      machines.push({ os, arch: 'x86_64', gpuVendor: gpu.vendor, gpuName: gpu.name, driverVersion: gpu.vendor === 'nvidia' ? driver : null, cudaToolkits: ['11.8.0', '12.4.1'], cudnnVersions: ['8.9.7'], pythonVersion: '3.10.12' });
    }
  }
  machines.push(
    { os: 'linux', arch: 'aarch64', gpuVendor: 'nvidia', gpuName: 'NVIDIA GH200 480GB', computeCapability: '9.0', driverVersion: '580.65.06' },
    { os: 'macos', arch: 'arm64', gpuVendor: 'apple', gpuName: 'Apple M2', driverVersion: null },
    { os: 'linux', arch: 'x86_64', gpuVendor: 'none', driverVersion: null },
    { os: 'linux', arch: 'x86_64', gpuVendor: 'amd', gpuArch: 'gfx1100', gpuName: 'Navi 31 [Radeon RX 7900 XTX]', driverVersion: null },
    { os: 'linux', arch: 'x86_64', gpuVendor: 'intel', gpuName: 'Intel(R) UHD Graphics 630', driverVersion: null },
  );
  return machines;
}

/** Every framework with every release the data has, through every method, plus the blocked corners. */
function requests(): PlanRequest[] {
  const all: PlanRequest[] = [];
  for (const framework of ['pytorch', 'tensorflow', 'jax'] as const) {
    const releases = (data[framework] as unknown as { releases: { version: string }[] }).releases.map((release) => release.version);
    for (const frameworkVersion of [undefined, ...releases]) {
      for (const method of [undefined, 'wheels', 'system', 'conda'] as const) all.push({ framework, ...(frameworkVersion ? { frameworkVersion } : {}), ...(method ? { method } : {}) });
    }
    all.push({ framework, python: '3.8' }, { framework, allowDriverChange: false }, { framework, frameworkVersion: '9.9' });
  }
  return all;
}

describe('planSchema accepts every plan the resolver makes', () => {
  it('all frameworks × releases × methods × machines, in both languages, with and without install sources', () => {
    const machines = profiles();
    const asked = requests();
    let checked = 0;
    const refused: string[] = [];
    // Every 13th pair keeps the run short: 13 is prime to the machine count and smaller than it, so every machine
    // and every request is still reached, each many times.
    expect(machines.length % 13).not.toBe(0);
    for (let index = 0; index < machines.length * asked.length; index += 13) {
      const profile = machines[index % machines.length]!;
      const request = asked[Math.floor(index / machines.length)]!;
      const locale = index % 2 ? 'zh-CN' : 'en';
      const plan = resolvePlan(data, profile, request, { locale });
      const sourced = withInstallSources(plan, {
        envPath: '/home/student/envs/dlsetup-1',
        pypiMirror: index % 3 ? 'tuna' : 'https://mirror.sjtu.edu.cn/pypi/web/simple',
        pytorchMirror: index % 3 ? 'http://127.0.0.1:8765/whl' : 'aliyun',
        proxy: index % 4 ? 'http://proxy.example:3128' : 'http://user:p%40ss@10.0.0.1:8080',
      });
      for (const candidate of [plan, sourced]) {
        const result = checkSchema(planSchema, candidate);
        checked += 1;
        if (!result.ok) refused.push(`${JSON.stringify(request)} on ${JSON.stringify(profile)}: ${result.error.message}`);
        else expect(result.value).toEqual(candidate);
      }
    }
    expect(refused.slice(0, 5)).toEqual([]);
    expect(checked).toBeGreaterThan(5000);
    console.log(`planSchema: ${checked} resolved plans checked, ${refused.length} refused`);
  });
});
