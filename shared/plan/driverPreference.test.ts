/*
 * A working driver is kept unless the user asks for a driver change, and each "if you cannot ..." / "to use ..."
 * sentence names what resolving again under the other choice plans (issue 30). Expected answers written from data/
 * before the code changed:
 * - data/pytorch.json: 2.14 has cu126, cu130, cu132 (Linux and Windows); 2.8-2.13 have nothing older than cu126; 2.7 has
 *   cu118, cu126, cu128 and its newest patch is 2.7.1.
 * - data/cuda-toolkits.json Table 3 (CUDA release notes), Windows: 12.6 GA 560.76, Update 1 and 2 560.94, Update 3
 *   561.17; Linux: 12.6 GA 560.28.03, 11.8 GA 520.61.05; 13.x: R580 (580.88 Windows, 13.0 Update 2 580.95.05 Linux).
 *   Table 2 (minor-version compatibility): 12.x runs on >= 528.33 (Windows), >= 525.60.13 (Linux).
 * So on Windows 560.94 a system plan keeps the driver with 2.14 cu126 and CUDA 12.6 Update 2 (the wheels plan keeps it
 * with the same build); on Linux 535.183.01 no 12.6 toolkit runs (560.28.03 and up), so the newest release whose system
 * toolkit runs there is 2.7.1 cu118 (11.8: 520.61.05), while the wheels plan keeps it with 2.14 cu126 (Table 2).
 * Asked for the newest: 2.14 cu132 with R580 (Windows), 2.14 cu130 with R580 580.95.05 (Linux, its pip default).
 */
import { describe, expect, it } from 'vitest';
import type { HardwareProfile, Plan, PlanRequest } from '../types/plan.js';
import { resolvePlan } from './resolvePlan.js';
import { shippedData } from '../../testkit/plan/linuxPlan.js';

type Machine = Partial<HardwareProfile> & Pick<HardwareProfile, 'driverVersion'>;
const WINDOWS: Machine = { os: 'windows', gpuName: 'RTX 3060', driverVersion: '560.94' };
const LINUX: Machine = { os: 'linux', gpuName: 'RTX 3060', driverVersion: '535.183.01' };
const SYSTEM: PlanRequest = { framework: 'pytorch', method: 'system' };

function plan(machine: Machine, request: PlanRequest, locale: 'en' | 'zh-CN' = 'en'): Plan {
  return resolvePlan(shippedData, { os: 'linux', arch: 'x86_64', gpuVendor: 'nvidia', ...machine }, request, { locale });
}
const text = (p: Plan) => p.reasons.join('\n');

describe('a working driver is kept by default', () => {
  it('Windows 560.94, system toolkit: PyTorch 2.14 cu126 with CUDA 12.6 Update 2, the driver kept (en, zh-CN)', () => {
    const p = plan(WINDOWS, SYSTEM);
    expect(p.status).toBe('ok');
    expect(p.framework).toMatchObject({ variant: 'cu126' });
    expect(p.framework.version).toMatch(/^2\.14\./);
    expect(p.cudaToolkit).toEqual({ action: 'install', version: '12.6.2' });
    expect(p.driver).toMatchObject({ action: 'keep', current: '560.94', minimum: '560.94' });
    expect(p.steps.map((s) => s.kind)).not.toContain('driver');
    expect(text(p)).toMatch(/Driver: keep 560\.94; the CUDA 12\.6\.2 toolkit itself needs driver 560\.94 or newer/);
    // The plan is already 2.14: the alternative is its cu132 build, which R580 brings.
    expect(text(p)).toMatch(/To use the cu132 build of PyTorch 2\.14\.\d+ instead, the driver must be upgraded to R580 \(580\.88 or newer; yours is 560\.94\); allow a driver upgrade to plan it\./);
    expect(text(p)).not.toMatch(/If you cannot change the driver/);
    const zh = plan(WINDOWS, SYSTEM, 'zh-CN');
    expect(zh.framework).toEqual(p.framework);
    expect(text(zh)).toMatch(/若要改用 PyTorch 2\.14\.\d+ 的 cu132 构建，需要把驱动升级到 R580（580\.88 或更新版本；你的是 560\.94）/);
    expect(text(zh)).not.toMatch(/allow a driver upgrade|To use/);
  });

  it('Linux 535.183.01, system toolkit: PyTorch 2.7.1 cu118 with CUDA 11.8, the driver kept, and why not 2.14 (en, zh-CN)', () => {
    const p = plan(LINUX, SYSTEM);
    expect(p.framework).toMatchObject({ version: '2.7.1', variant: 'cu118' });
    expect(p.cudaToolkit).toEqual({ action: 'install', version: '11.8.0' });
    expect(p.driver).toMatchObject({ action: 'keep', current: '535.183.01', minimum: '520.61.05' });
    // The newest release was ruled out by the driver it needs, not by a refusal the user made.
    expect(text(p)).toMatch(/PyTorch 2\.14\.\d+ \(newest\) was not chosen: cu126 needs driver 560\.35\.05 or newer \(yours is 535\.183\.01\)/);
    expect(text(p)).not.toMatch(/you asked DL Setup not to change the driver/);
    expect(text(p)).toMatch(/PyTorch 2\.7\.1 is the newest release that runs on your GPU with your current driver 535\.183\.01/);
    expect(text(p)).toMatch(/To use PyTorch 2\.14\.\d+ instead, the driver must be 560\.35\.05 or newer \(its cu126 build; yours is 535\.183\.01\); allow a driver upgrade and DL Setup installs R580 \(580\.95\.05 or newer\) with the cu130 build\./);
    const zh = plan(LINUX, SYSTEM, 'zh-CN');
    expect(zh.framework).toEqual(p.framework);
    expect(text(zh)).toMatch(/cu126 需要 560\.35\.05 或更新的驱动（当前为 535\.183\.01）/);
    expect(text(zh)).toMatch(/若要改用 PyTorch 2\.14\.\d+，驱动需要 560\.35\.05 或更新版本（其 cu126 构建；你的是 535\.183\.01）/);
  });

  it('wheels and system agree on Windows 560.94; on Linux 535 only the wheels reach 2.14 (Table 2 vs the toolkit floor)', () => {
    const wheels = plan(WINDOWS, { framework: 'pytorch' });
    const system = plan(WINDOWS, SYSTEM);
    expect(wheels.driver.action).toBe('keep');
    expect(system.framework).toEqual(wheels.framework);
    const linuxWheels = plan(LINUX, { framework: 'pytorch' });
    expect(linuxWheels.framework).toMatchObject({ variant: 'cu126' });
    expect(linuxWheels.framework.version).toMatch(/^2\.14\./);
    expect(linuxWheels.driver).toMatchObject({ action: 'keep', minimum: '525.60.13' });
    expect(plan(LINUX, SYSTEM).driver.action).toBe('keep');
  });
});

describe('each alternative is what resolving again under that choice plans', () => {
  for (const [name, machine] of [['Windows 560.94', WINDOWS], ['Linux 535.183.01', LINUX]] as const) {
    it(`${name}: "to use ... instead" names the plan made with a driver change allowed`, () => {
      const newest = plan(machine, { ...SYSTEM, allowDriverChange: true });
      expect(newest.driver.action).toBe('upgrade');
      const { version, variant } = newest.framework;
      const target = newest.driver.target!;
      const kept = plan(machine, SYSTEM);
      const sentence = text(kept).split('\n').find((r) => r.startsWith('To use'))!;
      const escape = (v: string) => v.replaceAll('.', '\\.');
      if (kept.framework.version === version) {
        // Same release: the alternative is the newer build the upgrade brings.
        expect(sentence).toMatch(new RegExp(`^To use the ${variant} build of PyTorch ${escape(version)} instead, the driver must be upgraded to R580 \\(${escape(target)} or newer; yours is `));
        return;
      }
      expect(sentence).toMatch(new RegExp(`^To use PyTorch ${escape(version)} instead, the driver must be [\\d.]+ or newer \\(its cu\\d+ build; yours is [\\d.]+\\); allow a driver upgrade and DL Setup installs R580 \\(${escape(target)} or newer\\) with the ${variant} build\\.$`));
      // The floor named is the smallest of that release's builds: just below it, no build of the release runs.
      const floor = /must be ([\d.]+) or newer/.exec(sentence)![1]!;
      const below = plan({ ...machine, driverVersion: `${Number(floor.split('.')[0]) - 1}.99` }, { ...SYSTEM, frameworkVersion: version, allowDriverChange: false });
      expect(below.status).not.toBe('ok');
      expect(plan({ ...machine, driverVersion: floor }, { ...SYSTEM, frameworkVersion: version, allowDriverChange: false }).status).toBe('ok');
    });

    it(`${name}: "if you cannot change the driver" (asked for the newest) names the plan made with --keep-driver`, () => {
      const kept = plan(machine, { ...SYSTEM, allowDriverChange: false });
      expect(kept.driver.action).toBe('keep');
      const { version, variant } = kept.framework;
      expect(text(plan(machine, { ...SYSTEM, allowDriverChange: true }))).toContain(`If you cannot change the driver: PyTorch ${version} (${variant}) runs on your current driver`);
      // Unasked, the plan is the kept one.
      expect(plan(machine, SYSTEM).framework).toEqual(kept.framework);
    });
  }

  it('--keep-driver on Windows 560.94 plans 2.14 cu126 with CUDA 12.6 Update 2, not 2.7.1 cu118', () => {
    const p = plan(WINDOWS, { ...SYSTEM, allowDriverChange: false });
    expect(p.framework).toMatchObject({ variant: 'cu126' });
    expect(p.framework.version).toMatch(/^2\.14\./);
    expect(p.cudaToolkit).toEqual({ action: 'install', version: '12.6.2' });
  });
});

describe('when the installed driver is not kept', () => {
  it('a GPU newer than the driver (RTX 5090 on 560: Blackwell needs 570.26) gets the upgrade', () => {
    expect(plan({ gpuName: 'RTX 5090', driverVersion: '560.35.03' }, { framework: 'pytorch' }).driver.action).toBe('upgrade');
  });

  it('a driver past the GPU last branch (Pascal on 595, last R580) is replaced by R580', () => {
    const p = plan({ gpuName: 'GTX 1080 Ti', driverVersion: '595.71.05' }, { framework: 'pytorch' });
    expect(p.driver).toMatchObject({ action: 'upgrade', current: '595.71.05' });
    expect(p.driver.target).toMatch(/^580\./);
  });

  it('a pinned variant is planned with the series newest update (conformance cuda-12.6-win-below-floor-upgrades)', () => {
    const p = plan(WINDOWS, { ...SYSTEM, frameworkVersion: '2.7+cu126' });
    expect(p.cudaToolkit).toEqual({ action: 'install', version: '12.6.3' });
    expect(p.driver).toMatchObject({ action: 'upgrade', minimum: '561.17' });
  });

  // data/tensorflow.json: TensorFlow 2.0 (CUDA 10.0) needs a system toolkit; 2.14 and later bring CUDA in their wheels.
  it('keeping the driver does not trade it for a system CUDA Toolkit the newest build does not need (K80 on 410.48)', () => {
    const p = plan({ gpuName: 'Tesla K80', driverVersion: '410.48' }, { framework: 'tensorflow' });
    expect(p.driver.action).toBe('upgrade');
    expect(p.cudaToolkit.action).toBe('none');
    const kept = plan({ gpuName: 'Tesla K80', driverVersion: '410.48' }, { framework: 'tensorflow', allowDriverChange: false });
    expect(kept.cudaToolkit.action).toBe('install');
    expect(text(p)).toContain(`If you cannot change the driver: TensorFlow ${kept.framework.version} (${kept.framework.variant}) runs on your current driver`);
  });

  it('apt installs the series newest update, so Linux never plans an older one to keep the driver', () => {
    const p = plan({ gpuName: 'RTX 3060', driverVersion: '560.28.03' }, { ...SYSTEM, allowDriverChange: false });
    expect(p.cudaToolkit.version).not.toMatch(/^12\.6\.[012]$/);
  });
});
