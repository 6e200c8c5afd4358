import { describe, expect, it } from 'vitest';
import installSources from '../../data/nvidia-install-sources.json' with { type: 'json' };
import { planSentences, shippedData } from '../../testkit/plan/linuxPlan.js';
import type { HardwareProfile, Plan, PlanRequest } from '../types/plan.js';
import type { CompatData } from './compatData.js';
import { resolvePlan } from './resolvePlan.js';

// Issue 28 item 4. Facts: Blackwell and GH200 run only on NVIDIA's open kernel modules (data/nvidia-devices.json
// openKernelModules, from NVIDIA's driver README via data/sources/nvidia-devices/chip-families.json); Ubuntu's
// open-module metapackage is nvidia-driver-{branch}-open (data/nvidia-install-sources.json). R580 is the last branch
// for Maxwell, Pascal and Volta and R470 the last for Kepler (data/gpu-architectures.json lastDriverBranch); a newer
// driver "will ignore this GPU". R470 runs CUDA up to 11.4 (data/driver-branches.json newestCuda 11.4.4).
const data = { ...shippedData, installSources } as unknown as CompatData;

function plan(gpu: string, driver: string | null, request: PlanRequest, extra: Partial<HardwareProfile> = {}, locale: 'en' | 'zh-CN' = 'en'): Plan {
  const profile: HardwareProfile = { os: 'linux', arch: 'x86_64', gpuVendor: 'nvidia', gpuName: gpu, driverVersion: driver, linuxRepo: 'ubuntu2404', ...extra };
  return resolvePlan(data, profile, request, { locale });
}
const pascal = { computeCapability: '6.1' };
const driverStep = (p: Plan) => p.steps.find((step) => step.kind === 'driver');

describe('the driver step follows the device (issue 28)', () => {
  it('RTX 5090 on Ubuntu 24.04 without a driver: the open-module metapackage of the planned branch, and the plan says why', () => {
    const p = plan('GeForce RTX 5090', null, { framework: 'pytorch' });
    const step = driverStep(p)!;
    expect(step.params).toMatchObject({ action: 'install', open: true });
    expect(step.params.ubuntuPackage).toBe(`nvidia-driver-${String(step.params.branch)}-open`);
    expect(planSentences(p)).toContain("runs only on NVIDIA's open kernel modules");
    expect(planSentences(plan('GeForce RTX 5090', null, { framework: 'pytorch' }, {}, 'zh-CN'))).toContain('只能使用 NVIDIA 的开源内核模块');
  });

  it('GH200 (Hopper, open modules only by its device row) gets them; an H100 of the same architecture keeps the plain package', () => {
    const gh200 = driverStep(plan('GH200 480GB', null, { framework: 'pytorch' }, { computeCapability: '9.0', gpuOpenKernelModules: 'required' }))!;
    expect(gh200.params).toMatchObject({ open: true, ubuntuPackage: `nvidia-driver-${String(gh200.params.branch)}-open` });
    const h100 = driverStep(plan('H100 PCIe', null, { framework: 'pytorch' }, { computeCapability: '9.0', gpuOpenKernelModules: 'supported' }))!;
    expect(h100.params.open).toBeUndefined();
    expect(h100.params.ubuntuPackage).toBe(`nvidia-driver-${String(h100.params.branch)}`);
  });

  it('GTX 1080 on driver 595 (which ignores Pascal): never kept, R580 planned, said in en and zh-CN', () => {
    const p = plan('GeForce GTX 1080', '595.45.04', { framework: 'pytorch' }, pascal);
    expect(p.driver.action).not.toBe('keep');
    expect(driverStep(p)!.params).toMatchObject({ branch: '580' });
    expect(planSentences(p)).toContain('Your driver 595.45.04 no longer drives Pascal GPUs: R580 is the last branch that does');
    const zh = plan('GeForce GTX 1080', '595.45.04', { framework: 'pytorch' }, pascal, 'zh-CN');
    expect(planSentences(zh)).toContain('你的驱动 595.45.04 已不再支持 Pascal 架构的 GPU');
  });

  it('GTX 1080 on driver 595 with driver changes refused: no GPU build keeps it, and the plan says the driver ignores the GPU', () => {
    const p = plan('GeForce GTX 1080', '595.45.04', { framework: 'pytorch', allowDriverChange: false }, pascal);
    expect(p.driver.action).not.toBe('keep');
    expect(driverStep(p)).toBeUndefined();
    expect(planSentences(p)).toContain('cannot keep driver 595.45.04: it no longer drives Pascal GPUs (R580 is the last branch that does)');
  });

  it('GTX 1080 on 580 is still kept (the last branch drives it)', () => {
    expect(plan('GeForce GTX 1080', '580.95.05', { framework: 'pytorch' }, pascal).driver.action).toBe('keep');
  });

  it('GTX 780 (Kepler) without a driver: R470 and a build that runs on R470 (CUDA 11.4 or older); on 595 the same, never kept', () => {
    for (const driver of [null, '595.45.04']) {
      const p = plan('GeForce GTX 780', driver, { framework: 'pytorch' }, { computeCapability: '3.5' });
      expect(p.driver.action, String(driver)).not.toBe('keep');
      expect(p.framework.variant, String(driver)).toMatch(/^cu\d+$/);
      expect(driverStep(p)!.params, String(driver)).toMatchObject({ branch: '470' });
      expect(driverStep(p)!.params.open).toBeUndefined();
      const cuda = p.framework.variant.slice(2);
      expect(Number(`${cuda.slice(0, -1)}.${cuda.slice(-1)}`), String(driver)).toBeLessThanOrEqual(11.4);
    }
    expect(planSentences(plan('GeForce GTX 780', '595.45.04', { framework: 'pytorch' }, { computeCapability: '3.5' }))).toContain('no longer drives Kepler GPUs: R470 is the last branch that does');
  });
});
