import { describe, expect, it } from 'vitest';
import type { HardwareProfile, Plan } from '../types/plan.js';
import { resolvePlan } from './resolvePlan.js';
import { shippedData } from '../../testkit/plan/linuxPlan.js';

const data = shippedData;
const tf28 = (linuxRepo?: string, locale?: 'zh-CN'): Plan => {
  const profile: HardwareProfile = { os: 'linux', arch: 'x86_64', gpuVendor: 'nvidia', gpuName: 'Tesla T4', driverVersion: '535.104.05', ...(linuxRepo ? { linuxRepo } : {}) };
  return resolvePlan(data, profile, { framework: 'tensorflow', frameworkVersion: '2.8', method: 'system' }, locale ? { locale } : undefined);
};
// data/cuda-toolkits.json: the newest 11.7 update with a driver floor (11.7.1), and the repositories rows
// (ubuntu2204 from 11.7: rules_cuda #161; ubuntu2404 from 12.5: Jimver/cuda-toolkit #375).
const newest117 = data.cudaToolkits.releases.filter((r) => r.version.startsWith('11.7.') && r.confidence !== 'unverified').map((r) => r.version).sort().at(-1)!;

describe("TensorFlow 2.8 (CUDA 11.2) with method system, per NVIDIA's repository for the distro", () => {
  it('Ubuntu 22.04: installs the oldest carried toolkit of major 11 instead of cuda-toolkit-11-2, and says why', () => {
    const p = tf28('ubuntu2204');
    expect(newest117).toBe('11.7.1');
    expect(p.cudaToolkit).toEqual({ action: 'install', version: '11.7.1' });
    expect(p.steps.find((s) => s.kind === 'cuda-toolkit')?.params).toMatchObject({ version: '11.7.1', series: '11.7', installPath: '/usr/local/cuda-11.7' });
    expect(p.warnings).toContain(
      "NVIDIA's ubuntu2204 repository carries CUDA Toolkits from 11.7 on, not 11.2: this plan installs 11.7 instead, which runs the 11.2 build (the same major version, NVIDIA's minor version compatibility).",
    );
    expect(tf28('ubuntu2204', 'zh-CN').warnings.join('\n')).toContain('NVIDIA 的 ubuntu2204 软件源只提供 11.7 及以后的 CUDA Toolkit，没有 11.2');
  });

  it('Ubuntu 20.04 (no limit known) and what-if plans without a distro keep 11.2', () => {
    expect(tf28('ubuntu2004').cudaToolkit.version).toMatch(/^11\.2\./);
    expect(tf28().cudaToolkit.version).toMatch(/^11\.2\./);
    expect(tf28('ubuntu2004').warnings.join('\n')).not.toContain('repository carries');
  });

  it('Ubuntu 24.04 (from 12.5): no CUDA 11 there at all, so 11.2 must come from the runfile, said plainly', () => {
    const p = tf28('ubuntu2404');
    expect(p.cudaToolkit.version).toMatch(/^11\.2\./);
    expect(p.warnings.join('\n')).toContain("NVIDIA's ubuntu2404 repository carries CUDA Toolkits from 12.5 on, not 11.2: CUDA Toolkit 11.2 must come from NVIDIA's runfile");
  });
});
