import { describe, expect, it } from 'vitest';
import installSources from '../../data/nvidia-install-sources.json' with { type: 'json' };
import type { HardwareProfile, InstallMethod, Plan } from '../types/plan.js';
import type { CompatData } from './compatData.js';
import { resolvePlan } from './resolvePlan.js';
import { shippedData } from '../../testkit/plan/linuxPlan.js';

const data = { ...shippedData, installSources } as unknown as CompatData;
const tf28 = (linuxRepo: string, method: InstallMethod = 'system', locale?: 'zh-CN'): Plan => {
  const profile: HardwareProfile = { os: 'linux', arch: 'x86_64', gpuVendor: 'nvidia', gpuName: 'Tesla T4', driverVersion: '535.104.05', linuxRepo };
  return resolvePlan(data, profile, { framework: 'tensorflow', frameworkVersion: '2.8', method }, locale ? { locale } : undefined);
};
// data/nvidia-install-sources.json cudnnPinnedPackages: cuDNN 8.1 has one build, 8.1.0.77-1+cuda11.2 (TensorFlow's
// gpu.Dockerfile); no 8.x row names CUDA 11.7. On Ubuntu 22.04 the plan installs 11.7.1 (NVIDIA's ubuntu2204
// repository starts at 11.7), so the cuDNN step would ask for cuDNN 8.1 for CUDA 11.7 and stop at install time.
const pinned81 = installSources.cudnnPinnedPackages.filter((row) => row.cudnn === '8.1').map((row) => row.cuda);

describe('TensorFlow 2.8 with method system: the cuDNN 8 build NVIDIA packages for the toolkit the plan installs', () => {
  it('Ubuntu 22.04: the plan says up front that no cuDNN 8.1 build for CUDA 11.7 is known, and what to do', () => {
    expect(pinned81).toEqual(['11.2']);
    const plan = tf28('ubuntu2204');
    expect(plan.cudaToolkit.version).toBe('11.7.1');
    expect(plan.steps.find((step) => step.kind === 'cudnn')?.params).toMatchObject({ version: '8.1', cudaSeries: '11.7' });
    expect(plan.warnings).toContain(
      "cuDNN 8.1 for CUDA 11.7: DL Setup's data names no NVIDIA package build of this pair (cuDNN 8 and older come as one build per CUDA release), so the install will stop at the cuDNN step. Choose the conda method (it brings CUDA and cuDNN into the environment) or another framework version.",
    );
    expect(tf28('ubuntu2204', 'system', 'zh-CN').warnings.join('\n')).toContain('cuDNN 8.1 搭配 CUDA 11.7：DL Setup 的数据中没有 NVIDIA 为这一组合构建的软件包');
  });

  it('Ubuntu 20.04 installs 11.2, which has the pinned build: no such warning', () => {
    const plan = tf28('ubuntu2004');
    expect(plan.cudaToolkit.version).toMatch(/^11\.2\./);
    expect(plan.warnings.join('\n')).not.toContain('no NVIDIA package build');
  });

  it('the conda method it suggests brings cuDNN 8.1 into the environment, with no cuDNN step and no warning', () => {
    const plan = tf28('ubuntu2204', 'conda');
    expect(plan.steps.some((step) => step.kind === 'cudnn')).toBe(false);
    expect(plan.warnings.join('\n')).not.toContain('no NVIDIA package build');
  });
});
