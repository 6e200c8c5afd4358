/*
 * The GPU-side limits the data knows, each checked against the source line it comes from (issue 16): the cuDNN a build
 * bundles and the GPUs that cuDNN supports, the first driver of an architecture, the driver each toolkit update needs on
 * each OS, and sentences that name the right cause. Expected answers are read off the cited tables, not off the resolver.
 */
import { describe, expect, it } from 'vitest';
import type { HardwareProfile, Plan, PlanRequest } from '../types/plan.js';
import { resolvePlan } from './resolvePlan.js';
import { shippedData } from '../../testkit/plan/linuxPlan.js';

const data = shippedData;

function plan(profile: Partial<HardwareProfile> & Pick<HardwareProfile, 'driverVersion'>, request: PlanRequest, locale: 'en' | 'zh-CN' = 'en'): Plan {
  return resolvePlan(data, { os: 'linux', arch: 'x86_64', gpuVendor: 'nvidia', ...profile }, request, { locale });
}
const text = (p: Plan) => [...p.reasons, ...p.warnings, ...p.blockers.map((b) => b.message), ...p.steps.map((s) => s.title)].join('\n');

describe('bundled cuDNN: a build runs only where the cuDNN it bundles runs', () => {
  // cuDNN 9.0.0 support matrix (docs.nvidia.com/deeplearning/cudnn/backend/v9.0.0/reference/support-matrix.html): compute
  // capability 5.0 ... 9.0, Maxwell and newer, for the CUDA 11.x and 12.x packages. pytorch RELEASE.md: torch 2.4-2.7 cu118
  // bundle cuDNN 9.1.0.70. So a Tesla K80 (sm_37) cannot run them, although their kernel lists name 3.7.
  it('never gives a Tesla K80 a torch build that bundles cuDNN 9 (2.4 - 2.7 cu118)', () => {
    const p = plan({ gpuName: 'Tesla K80', driverVersion: '470.256.02' }, { framework: 'pytorch' });
    expect(p.status).toBe('ok');
    expect(p.framework.cudnn ?? '').not.toMatch(/^9\./);
    // cuDNN 8.5.0 support matrix (cudnn-850 PDF, Table 1): "cuDNN 8.5.0 for CUDA 11.x ... Kepler ... SM 3.5 and later";
    // torch 2.3 cu118 bundles 8.7.0.84, a later 8.x for which no older matrix raises the floor above 3.5.
    expect(p.framework).toMatchObject({ variant: 'cu118' });
    expect(p.framework.version).toMatch(/^2\.3\./);
  });

  it('blocks a pinned torch 2.7 on a K80 and says the bundled cuDNN is why, in English and Chinese', () => {
    const p = plan({ gpuName: 'Tesla K80', driverVersion: '470.256.02' }, { framework: 'pytorch', frameworkVersion: '2.7' });
    expect(p.status).toBe('blocked');
    expect(p.blockers[0]).toMatchObject({ code: 'NO_KERNELS_FOR_GPU' });
    expect(p.blockers[0]!.message).toMatch(/cuDNN 9\.1\.0\.70.*5\.0.*sm_37/);
    const zh = plan({ gpuName: 'Tesla K80', driverVersion: '470.256.02' }, { framework: 'pytorch', frameworkVersion: '2.7' }, 'zh-CN');
    expect(zh.blockers[0]!.message).toMatch(/cuDNN 9\.1\.0\.70.*5\.0/);
    expect(zh.blockers[0]!.message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('says why an unpinned K80 skips 2.4 - 2.7 too: their cuDNN 9, not only the newest release missing sm_37', () => {
    // Same sources as above: 2.4-2.7 cu118 list sm_37 kernels but bundle cuDNN 9.1.0.70 (CC >= 5.0 per the 9.0.0 matrix).
    const p = plan({ gpuName: 'Tesla K80', driverVersion: '470.256.02' }, { framework: 'pytorch' });
    const skip = p.reasons.find((r) => r.includes('not chosen either'));
    expect(skip).toMatch(/PyTorch 2\.4\.\d+ to 2\.7\.\d+ were not chosen either: .*cuDNN 9\.1\.0\.70.*5\.0.*sm_37/);
    // In the order a reader follows: the newest release's reason, then the nearer releases', then the chosen one.
    const index = (pattern: RegExp) => p.reasons.findIndex((r) => pattern.test(r));
    expect(index(/\(newest\) was not chosen/)).toBeLessThan(index(/not chosen either/));
    expect(index(/not chosen either/)).toBeLessThan(index(/newest release that can use your GPU/));
    const zh = plan({ gpuName: 'Tesla K80', driverVersion: '470.256.02' }, { framework: 'pytorch' }, 'zh-CN');
    expect(zh.reasons.join('\n')).toMatch(/PyTorch 2\.4\.\d+ 至 2\.7\.\d+ 同样未被选用：.*cuDNN 9\.1\.0\.70/);
  });

  it('leaves a Maxwell card (sm_52, within cuDNN 9) on the cuDNN 9 builds', () => {
    const p = plan({ gpuName: 'GeForce GTX 980', computeCapability: '5.2', driverVersion: '570.86.15' }, { framework: 'pytorch', frameworkVersion: '2.7' });
    expect(p.status).toBe('ok');
    expect(p.framework.cudnn).toMatch(/^9\./);
  });
});

describe('first driver per architecture', () => {
  // sm_89 (Ada) and sm_90 (Hopper) first appear in CUDA 11.8 (clang Cuda.cpp MinVersionForCudaArch; the toolkit table's
  // 11.8.0 row); CUDA 11.8 GA needs >= 520.61.05 on Linux and >= 520.06 on Windows (CUDA release notes Table 3).
  it('tells an RTX 4090 on R470 to upgrade, not to keep it', () => {
    expect(plan({ gpuName: 'RTX 4090', driverVersion: '470.256.02' }, { framework: 'pytorch' }).driver.action).toBe('upgrade');
    // torch 2.0 cu118 alone needs only the CUDA 11 minor-version floor (450.80.02, Table 2): the GPU's first driver decides.
    const p = plan({ gpuName: 'RTX 4090', driverVersion: '470.256.02' }, { framework: 'pytorch', frameworkVersion: '2.0+cu118' });
    expect(p.status).toBe('ok');
    expect(p.driver).toMatchObject({ action: 'upgrade', minimum: '520.61.05' });
    expect(text(p)).toMatch(/Ada Lovelace GPUs need driver 520\.61\.05 or newer/);
  });

  it('refuses to keep R470 for an H100 when the driver must stay, and names the floor', () => {
    const p = plan({ gpuName: 'H100', computeCapability: '9.0', driverVersion: '470.256.02' }, { framework: 'pytorch', frameworkVersion: '2.0+cu118', allowDriverChange: false });
    expect(p.status).toBe('blocked');
    expect(p.blockers[0]).toMatchObject({ code: 'DRIVER_CHANGE_REFUSED' });
    expect(p.blockers[0]!.message).toMatch(/520\.61\.05/);
  });

  it('uses the Windows first driver on Windows', () => {
    const p = plan({ os: 'windows', gpuName: 'RTX 4090', driverVersion: '516.94' }, { framework: 'pytorch', frameworkVersion: '2.0+cu118' });
    expect(p.driver).toMatchObject({ action: 'upgrade', minimum: '520.06' });
  });
});

describe('per-update toolkit floors, per OS', () => {
  // CUDA release notes Table 3: "CUDA 12.6 Update 3 >= 560.35.05 (Linux) >= 561.17 (Windows)"; "CUDA 12.6 GA >= 560.28.03
  // >= 560.76"; "CUDA 12.6 Update 1 >= 560.35.03 >= 560.94". A plan that installs CUDA 12.6 Update 3 needs its floor.
  it('a Windows plan that installs CUDA 12.6.3 needs 561.17, so 560.94 is upgraded', () => {
    const p = plan({ os: 'windows', gpuName: 'RTX 3060', driverVersion: '560.94' }, { framework: 'pytorch', frameworkVersion: '2.6+cu126', method: 'system' });
    expect(p.status).toBe('ok');
    expect(p.cudaToolkit).toEqual({ action: 'install', version: '12.6.3' });
    expect(p.driver).toMatchObject({ action: 'upgrade', minimum: '561.17' });
  });

  it('a Linux plan that installs CUDA 12.6.3 needs 560.35.05, so 560.28.03 is upgraded', () => {
    const p = plan({ gpuName: 'RTX 3060', driverVersion: '560.28.03' }, { framework: 'pytorch', frameworkVersion: '2.6+cu126', method: 'system' });
    expect(p.cudaToolkit).toEqual({ action: 'install', version: '12.6.3' });
    expect(p.driver).toMatchObject({ action: 'upgrade', minimum: '560.35.05' });
  });

  it('a kept CUDA 12.6 Update 1 needs only its own floor (560.94 on Windows)', () => {
    const p = plan({ os: 'windows', gpuName: 'RTX 3060', driverVersion: '560.94', cudaToolkits: ['12.6.1'] }, { framework: 'pytorch', frameworkVersion: '2.6+cu126', method: 'system' });
    expect(p.cudaToolkit).toEqual({ action: 'keep', version: '12.6.1' });
    expect(p.driver).toMatchObject({ action: 'keep', minimum: '560.94' });
  });
});

describe('a pinned variant is the variant planned', () => {
  // CUDA release notes, "Driver Range for Minor Version Compatibility": 13.x >= 580. A cu130 pin on driver 575 with
  // --keep-driver has no plan; swapping in cu128 would install something the user did not ask for.
  it('blocks 2.9+cu130 on driver 575 when the driver must stay, and upgrades it otherwise', () => {
    const kept = plan({ computeCapability: '8.6', driverVersion: '575.57.08' }, { framework: 'pytorch', frameworkVersion: '2.9+cu130', allowDriverChange: false });
    expect(kept.status).toBe('blocked');
    expect(kept.blockers[0]).toMatchObject({ code: 'DRIVER_CHANGE_REFUSED', alternative: { allowDriverChange: true } });
    const upgraded = plan({ computeCapability: '8.6', driverVersion: '575.57.08' }, { framework: 'pytorch', frameworkVersion: '2.9+cu130' });
    expect(upgraded.framework.variant).toBe('cu130');
    expect(upgraded.driver.action).toBe('upgrade');
  });
});

describe('sentences that blame the right thing', () => {
  it('a pinned release without the requested Python is a Python problem, not a GPU problem', () => {
    const p = plan({ gpuName: 'RTX 3060', driverVersion: '580.65.06' }, { framework: 'pytorch', frameworkVersion: '2.12', python: '3.15' });
    expect(p.status).toBe('blocked');
    expect(p.blockers[0]).toMatchObject({ code: 'PYTHON_UNSUPPORTED' });
    expect(p.blockers[0]!.message).not.toMatch(/GPU/);
    expect(p.blockers[0]!.message).toMatch(/Python 3\.15/);
    const zh = plan({ gpuName: 'RTX 3060', driverVersion: '580.65.06' }, { framework: 'pytorch', frameworkVersion: '2.12', python: '3.15' }, 'zh-CN');
    expect(zh.blockers[0]!.message).not.toMatch(/GPU/);
  });

  it('a Windows driver install names a Windows driver version, not the bare branch number', () => {
    const p = plan({ os: 'windows', gpuName: 'RTX 4090', driverVersion: null }, { framework: 'pytorch' });
    expect(p.driver.action).toBe('install');
    expect(p.driver.target).toMatch(/^\d+\.\d+/);
    expect(text(p)).not.toMatch(/\(580 or newer\)/);
    expect(text(p)).toMatch(/R580 \(580\.88 or newer\)/);
  });

  it('no "install the toolkit without its driver" warning when the toolkit is kept', () => {
    const kept = plan({ gpuName: 'RTX 3060', driverVersion: '580.65.06', cudaToolkits: ['12.6.3'] }, { framework: 'pytorch', frameworkVersion: '2.6+cu126', method: 'system' });
    expect(kept.cudaToolkit.action).toBe('keep');
    expect(kept.warnings.join('\n')).not.toMatch(/without its bundled driver/);
    const installed = plan({ gpuName: 'RTX 3060', driverVersion: '580.65.06' }, { framework: 'pytorch', frameworkVersion: '2.6+cu126', method: 'system' });
    expect(installed.cudaToolkit.action).toBe('install');
    expect(installed.warnings.join('\n')).toMatch(/without its bundled driver/);
  });
});
