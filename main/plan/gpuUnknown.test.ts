// Issue 28 item 3, "unknown stays unknown": an NVIDIA GPU nobody could identify gets no plan that says it works; the
// plan says which GPU is unknown and why, and naming the GPU (the wizard's gpuChoice, the CLI's --gpu) plans for it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { gpuChoices } from '../../shared/gpus/gpuChoices.js';
import { resolvePlan } from '../../shared/plan/resolvePlan.js';
import { planSchema } from '../../shared/schema/planSchema.js';
import type { HardwareProfile } from '../../shared/types/plan.js';
import { linuxReport } from '../../testkit/detect/linuxReport.js';
import { shippedData } from '../../testkit/plan/linuxPlan.js';
import { main } from '../cli/main.js';
import { captureIo, pinLocaleEnv } from '../cli/testIo.js';
import { loadDataTable } from '../data/loadDataTable.js';
import { nvidiaDeviceTableSchema } from '../../shared/data/nvidiaDevicesSchema.js';
import { formatPlan } from './formatPlan.js';
import { planForMachine } from './planForMachine.js';
import { profileFromReport } from './profileFromReport.js';
import * as v from 'valibot';

// A new workstation without the NVIDIA driver whose pci.ids is older than its GPU: lspci prints only "Device [10de:2d99]".
const unknownGpuReport = linuxReport({ gpus: [{ vendor: 'nvidia', name: 'NVIDIA Corporation Device 2d99', pciId: '10de:2d99' }] });
const profile: HardwareProfile = profileFromReport(unknownGpuReport, shippedData.gpus.gpus);

const EN = 'DL Setup does not know this NVIDIA GPU (PCI id 10de:2d99, name “NVIDIA Corporation Device 2d99”): it cannot tell its compute capability or architecture, so it cannot tell which builds have code for it, and no plan here can be said to work on it.';
const ZH = 'DL Setup 不认识这块 NVIDIA GPU（PCI ID 10de:2d99，名称“NVIDIA Corporation Device 2d99”）：无法判断它的计算能力和架构，因此无法判断哪些构建包含适用于它的代码，也不能说这里的任何方案适用于它。';

describe('an NVIDIA GPU whose compute capability is unknown', () => {
  it('is named by its PCI id in the profile', () => {
    expect(profile).toMatchObject({ gpuVendor: 'nvidia', gpuPciId: '10de:2d99' });
    expect(profile.computeCapability).toBeUndefined();
  });

  it('gets the CPU build with GPU_UNKNOWN, never a plain ok, and the sentence in English and Chinese', () => {
    const en = resolvePlan(shippedData, profile, { framework: 'pytorch' });
    expect(en.framework.variant).toBe('cpu');
    expect(en.missingPrerequisites).toEqual([{ code: 'GPU_UNKNOWN', message: expect.stringContaining(EN) }]);
    expect(en.warnings.join('\n')).toContain(EN);
    expect(en.warnings.join('\n')).not.toMatch(/--gpu|--compute-capability/);
    expect(v.safeParse(planSchema, en).success).toBe(true);
    const zh = resolvePlan(shippedData, profile, { framework: 'pytorch' }, { locale: 'zh-CN' });
    expect(zh.missingPrerequisites?.[0]?.message).toContain(ZH);
  });

  it('the CPU build asked for by name is a plan that works (it does not use the GPU), still saying the GPU is unknown', () => {
    const cpu = resolvePlan(shippedData, profile, { framework: 'pytorch', frameworkVersion: `${resolvePlan(shippedData, profile, { framework: 'pytorch' }).framework.version}+cpu` });
    expect(cpu.status).toBe('ok');
    expect(cpu.missingPrerequisites).toBeUndefined();
    expect(cpu.warnings.join('\n')).toContain(EN);
  });

  it('the CLI text says "GPU unknown", not ok, the driver is unknown rather than "not needed", and how to name the GPU', () => {
    const plan = resolvePlan(shippedData, profile, { framework: 'pytorch' });
    const text = formatPlan(plan, { color: false });
    expect(text).toContain('status: GPU unknown');
    expect(text).not.toContain('status: ok');
    expect(text).toMatch(/Driver\s.*unknown until the GPU is known/);
    expect(formatPlan(resolvePlan(shippedData, profile, { framework: 'pytorch' }, { locale: 'zh-CN' }), { color: false, locale: 'zh-CN' })).toContain('GPU 未知');
  });

  it('picking "RTX 4060" (the wizard\'s gpuChoice) plans CUDA with a driver step on this machine', async () => {
    const plan = await planForMachine({ framework: 'pytorch', gpuChoice: 'RTX 4060' }, { report: unknownGpuReport });
    expect(plan.status).toBe('ok');
    expect(plan.missingPrerequisites).toBeUndefined();
    expect(plan.framework.variant).toMatch(/^cu\d+/);
    expect(plan.gpu).toMatchObject({ vendor: 'nvidia', computeCapability: '8.9' });
    expect(plan.driver.action).toBe('install');
    expect(plan.steps.map((step) => step.kind)).toContain('driver');
    expect(plan.profile.gpuPciId).toBeUndefined();
  });

  it('picking a generation (its compute capability) plans for it too', async () => {
    const plan = await planForMachine({ framework: 'pytorch', gpuChoice: '8.9' }, { report: unknownGpuReport });
    expect(plan.framework.variant).toMatch(/^cu\d+/);
    expect(plan.steps.map((step) => step.kind)).toContain('driver');
  });
});

describe('the wizard\'s list of GPUs', () => {
  const { products, generations } = gpuChoices(loadDataTable('nvidia-devices', nvidiaDeviceTableSchema));
  it('holds every product name --gpu resolves and one entry per generation', () => {
    expect(products.map((p) => p.choice)).toEqual(expect.arrayContaining(['GeForce RTX 4060', 'GeForce GTX 780']));
    expect(products.find((p) => p.choice === 'GeForce RTX 4060')).toMatchObject({ architecture: 'Ada Lovelace', computeCapability: '8.9' });
    expect(generations.map((g) => g.architecture)).toEqual(expect.arrayContaining(['Kepler', 'Pascal', 'Ampere', 'Ada Lovelace', 'Blackwell']));
    expect(products.length).toBeGreaterThan(500);
  });
});

describe('dlsetup plan on an unknown NVIDIA GPU', () => {
  beforeEach(() => pinLocaleEnv(vi.stubEnv, 'en_US.UTF-8'));
  afterEach(() => vi.unstubAllEnvs());

  it('--json carries GPU_UNKNOWN; the text says how to name the GPU instead of how to install', async () => {
    const json = captureIo();
    await main(['plan', '--framework', 'pytorch', '--gpu-vendor', 'nvidia', '--driver', 'none', '--json'], json);
    expect(JSON.parse(json.stdout()).missingPrerequisites).toEqual([{ code: 'GPU_UNKNOWN', message: expect.stringContaining('DL Setup does not know this NVIDIA GPU (no name or PCI id detected)') }]);
    const text = captureIo();
    await main(['plan', '--framework', 'pytorch', '--gpu-vendor', 'nvidia', '--driver', 'none'], text);
    expect(text.stdout()).toContain('status: GPU unknown');
    expect(text.stdout()).toContain('Name the GPU to plan for it: dlsetup plan --framework pytorch --gpu "NAME"');
  });
});
