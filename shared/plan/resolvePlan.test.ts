import { describe, expect, it } from 'vitest';
import type { HardwareProfile } from '../types/plan.js';
import { chooseDriverTarget } from './driverPolicy.js';
import {
  expectPythonInRange,
  literal,
  minorCompatibilityFloor,
  newestJaxWith,
  newestPytorchFor,
  newestPytorch,
  newestPytorchRocmFor,
  newestPytorchWith,
  newestTensorflowFor,
  newestToolkitUpdate,
  pytorchBuildsWithout,
  pytorchIndexUrl,
  pytorchPlanFacts,
  pytorchRelease,
  tensorflowRelease,
} from '../../testkit/data/liveFacts.js';
import { resolvePlan } from './resolvePlan.js';
import { linuxPlan, planSentences, shippedData } from '../../testkit/plan/linuxPlan.js';

const data = shippedData;
const plan = linuxPlan;
const text = planSentences;
const pytorch1 = { framework: 'pytorch' } as const;

describe('resolvePlan: NVIDIA on Linux', () => {
  // The uv pitfall: the default build of the newest release (cu130 for 2.14) has no sm_61 code.
  it('gives a Pascal card on driver 580 a build with sm_61 code and names the builds without it', () => {
    const p = plan('GeForce GTX 1080 Ti', '580.65.06', pytorch1);
    expect(p.status).toBe('ok');
    const { version, variant, minimum } = pytorchPlanFacts(p, '6.1');
    const { release } = newestPytorchFor('6.1');
    expect(p.framework).toMatchObject({ indexUrl: pytorchIndexUrl(release, variant), packages: [`torch==${version}`] });
    expect(p.driver).toEqual({ action: 'keep', current: '580.65.06', minimum });
    const skipped = pytorchBuildsWithout(release, '6.1');
    if (skipped.length > 0) {
      const named = /Not (.+?): (?:those builds have|it has) no code for sm_61/.exec(text(p))?.[1];
      for (const build of skipped) expect(named, `${build} named as lacking sm_61`).toContain(build);
    }
    // NVIDIA: R580 is the last branch that supports Pascal (data/gpu-architectures.json).
    expect(text(p)).toMatch(/R580 is the last driver branch for Pascal/);
  });

  it('installs R580 for a Pascal card without a driver and still picks a build with sm_61 code', () => {
    const p = plan('GeForce GTX 1080 Ti', null, pytorch1);
    const { minimum, branch, linuxMinimum } = pytorchPlanFacts(p, '6.1');
    expect(branch).toBe('580');
    expect(p.driver).toMatchObject({ action: 'install', target: linuxMinimum, minimum });
    expect(p.steps[0]).toMatchObject({ kind: 'driver', elevated: true, params: { branch, ubuntuPackage: `nvidia-driver-${branch}`, manual: false } });
  });

  // Pinned to 2.14, whose default build is cu130 (driver 580+) and whose cu126 build runs on 535 (RELEASE.md).
  it('keeps a 535 driver on an RTX 2080 Ti and says why the default cu130 is not used', () => {
    const p = plan('NVIDIA GeForce RTX 2080 Ti', '535.104.05', { framework: 'pytorch', frameworkVersion: '2.14' });
    expect(p.framework.variant).toBe('cu126');
    expect(p.driver.action).toBe('keep');
    expect(text(p)).toMatch(/Not the default cu130 build: it needs driver 580 or newer/);
  });

  // 2.7 is the last release with a cu118 build (RELEASE.md), the newest CUDA that driver 470 runs (minor-version floor).
  // Asked for the newest (--upgrade-driver): by default a working driver is kept (driverPreference.test.ts).
  it('upgrades an old driver on an RTX 3060 for the default build when asked to, and names the no-upgrade alternative', () => {
    const p = plan('NVIDIA GeForce RTX 3060', '470.82.01', { framework: 'pytorch', allowDriverChange: true });
    const { variant, minimum, linuxMinimum } = pytorchPlanFacts(p, '8.6');
    expect(variant).toBe(newestPytorchFor('8.6').release.defaultPipVariant['linux-x86_64']);
    expect(p.framework.indexUrl).toBeUndefined();
    expect(p.driver).toMatchObject({ action: 'upgrade', current: '470.82.01', target: linuxMinimum, minimum });
    expect(text(p)).toMatch(new RegExp(`If you cannot change the driver: PyTorch ${literal(pytorchRelease('2.7').latestPatch)} \\(cu118\\) runs on your current driver`));
  });

  it('picks an older build instead when the driver must stay (--keep-driver)', () => {
    const p = plan('NVIDIA GeForce RTX 3060', '470.82.01', { framework: 'pytorch', allowDriverChange: false });
    expect(p.framework).toMatchObject({ version: pytorchRelease('2.7').latestPatch, variant: 'cu118' });
    expect(p.driver.action).toBe('keep');
    expect(p.steps.map((s) => s.kind)).toEqual(['python-env', 'framework']);
  });

  it('gives an RTX 3090 on driver 580 the plain PyPI build', () => {
    const p = plan('NVIDIA GeForce RTX 3090', '580.65.06', pytorch1);
    pytorchPlanFacts(p, '8.6');
    const { release } = newestPytorchFor('8.6');
    const build = release.variants.find((variant) => variant.name === release.defaultPipVariant['linux-x86_64'])!;
    expect(p.framework).toMatchObject({ variant: build.name, cuda: build.cuda, cudnn: build.cudnn });
    expect(p.cudaToolkit).toEqual({ action: 'none' });
    expect(p.cudnn).toEqual({ action: 'bundled', version: build.cudnn });
    expect(text(p)).toMatch(/plain "pip install torch"/);
  });

  it('needs R570+ for an RTX 5090 and CUDA 12.8+ code', () => {
    const p = plan('NVIDIA GeForce RTX 5090', '565.57.01', pytorch1);
    const { variant, linuxMinimum } = pytorchPlanFacts(p, '12.0');
    expect(variant).toBe(newestPytorchFor('12.0').release.defaultPipVariant['linux-x86_64']);
    expect(p.driver).toMatchObject({ action: 'upgrade', target: linuxMinimum });
    // 2.11 is the last release with cu128, the newest CUDA build driver 575 runs (RELEASE.md; 2.12 moved to cu130).
    const keep = plan('NVIDIA GeForce RTX 5090', '575.57.08', { framework: 'pytorch', allowDriverChange: false });
    expect(keep.framework).toMatchObject({ version: pytorchRelease('2.11').latestPatch, variant: 'cu128' });
    const older = plan('NVIDIA GeForce RTX 5090', '565.57.01', { framework: 'pytorch', frameworkVersion: '2.6', allowDriverChange: true });
    expect(older.status).toBe('blocked');
    expect(older.blockers[0]).toMatchObject({ code: 'NO_KERNELS_FOR_GPU', alternative: { frameworkVersion: newestPytorchFor('12.0').release.latestPatch } });
  });

  it('keeps Volta (V100) on a build with sm_70 code (for 2.14 only cu126 has it)', () => {
    const p = plan('Tesla V100-SXM2-16GB', '535.104.05', pytorch1);
    pytorchPlanFacts(p, '7.0');
    expect(plan('Tesla V100-SXM2-16GB', '535.104.05', { framework: 'pytorch', frameworkVersion: '2.14' }).framework.variant).toBe('cu126');
  });

  it('uses the default build on H100 and H200 with R590', () => {
    const defaultBuild = newestPytorchFor('9.0').release.defaultPipVariant['linux-x86_64'];
    for (const gpu of ['NVIDIA H100 80GB HBM3', 'NVIDIA H200']) {
      const p = plan(gpu, '590.48.01', pytorch1);
      pytorchPlanFacts(p, '9.0');
      expect(p.framework.variant, gpu).toBe(defaultBuild);
    }
  });

  // torch 2.4 - 2.7 cu118 list sm_37 but bundle cuDNN 9.1, which needs compute capability 5.0 (cuDNN 9.0.0 support
  // matrix); 2.3 cu118 bundles cuDNN 8.7 (8.5.0 matrix: SM 3.5 and later).
  it('plans PyTorch 2.3 cu118 for a Kepler K80 on R470, and blocks a pinned 2.14', () => {
    const p = plan('Tesla K80', '470.82.01', pytorch1);
    expect(p.framework).toMatchObject({ version: expect.stringMatching(/^2\.3\./), variant: 'cu118' });
    expect(text(p)).toMatch(new RegExp(`PyTorch ${literal(newestPytorch.latestPatch)} \\(newest\\) was not chosen: .*no code for sm_37`));
    const pinned = plan('Tesla K80', '470.82.01', { framework: 'pytorch', frameworkVersion: '2.14' });
    expect(pinned.status).toBe('blocked');
    expect(pinned.blockers[0]).toMatchObject({ code: 'NO_KERNELS_FOR_GPU', alternative: { framework: 'pytorch', frameworkVersion: expect.stringMatching(/^2\.3\./) } });
    expect(pinned.steps).toEqual([]);
  });

  it('never plans a driver past R470 for Kepler', () => {
    const kepler = data.architectures.architectures.find((a) => a.name === 'Kepler');
    expect(chooseDriverTarget(data, kepler, '525.60.13', 'linux')).toBeNull();
    expect(chooseDriverTarget(data, kepler, '450.80.02', 'linux')).toMatchObject({ branch: '470' });
  });

  it('falls back to the CPU build, said clearly, for a GTX 680 (compute capability 3.0)', () => {
    const p = plan('GeForce GTX 680', '470.82.01', pytorch1);
    expect(p.status).toBe('ok');
    expect(p.framework.variant).toBe('cpu');
    expect(p.warnings[0]).toMatch(/This plan installs the CPU build/);
  });

  it('honours pinned old versions with their own index flag and Python range', () => {
    const p = plan('NVIDIA GeForce RTX 3090', '470.82.01', { framework: 'pytorch', frameworkVersion: '1.12' });
    expect(p.framework).toMatchObject({ version: pytorchRelease('1.12').latestPatch, variant: 'cu116', extraIndexUrl: 'https://download.pytorch.org/whl/cu116' });
    expect(p.python.version).toBe('3.10');
    const local = plan('NVIDIA GeForce RTX 4090', '550.54.15', { framework: 'pytorch', frameworkVersion: '2.5.1+cu121' });
    expect(local.framework).toMatchObject({ version: '2.5.1', variant: 'cu121' });
  });

  it('blocks an impossible Python with the nearest Python that works', () => {
    const p = plan('NVIDIA GeForce RTX 4090', '580.65.06', { framework: 'pytorch', frameworkVersion: '2.14', python: '3.8' });
    expect(p.status).toBe('blocked');
    expect(p.blockers[0]).toMatchObject({ code: 'PYTHON_UNSUPPORTED', alternative: { python: '3.12' } });
  });

  it('blocks an unknown version and offers the newest', () => {
    const p = plan('NVIDIA GeForce RTX 4090', '580.65.06', { framework: 'pytorch', frameworkVersion: '9.9' });
    expect(p.blockers[0]).toMatchObject({ code: 'VERSION_UNKNOWN', alternative: { frameworkVersion: newestPytorchFor('8.9').release.latestPatch } });
  });
});

describe('resolvePlan: methods', () => {
  // Pinned to 2.14: its default build is cu130 with cuDNN 9.24 (RELEASE.md); the toolkit is 13.0's newest update.
  it('system: installs the matching toolkit side by side and makes it active', () => {
    const toolkit = newestToolkitUpdate('13.0');
    const p = plan('NVIDIA GeForce RTX 4090', toolkit.driverLinux, { framework: 'pytorch', frameworkVersion: '2.14', method: 'system' }, { cudaToolkits: ['12.4.1'] });
    expect(p.cudaToolkit).toEqual({ action: 'install', version: toolkit.version });
    expect(p.cudnn).toEqual({ action: 'install', version: '9.24' });
    const kinds = p.steps.map((s) => s.kind);
    expect(kinds).toEqual(['cuda-repo', 'cuda-toolkit', 'cudnn', 'env-vars', 'python-env', 'framework']);
    expect(p.steps.find((s) => s.kind === 'cuda-toolkit')).toMatchObject({ elevated: true, params: { installPath: '/usr/local/cuda-13.0', keep: ['12.4.1'], withoutDriver: true } });
    expect(p.steps.find((s) => s.kind === 'env-vars')).toMatchObject({ elevated: false, params: { CUDA_HOME: '/usr/local/cuda-13.0' } });
    expect(text(p)).toMatch(/12\.4\.1 stay installed; CUDA 13\.0 becomes the active one/);
  });

  it('system: keeps a toolkit that is already there', () => {
    // CUDA 13.0 Update 1 needs driver 580.82.07 (release notes Table 3).
    const p = plan('NVIDIA GeForce RTX 4090', '580.82.07', { framework: 'pytorch', frameworkVersion: '2.14', method: 'system' }, { cudaToolkits: ['13.0.1'] });
    expect(p.cudaToolkit).toEqual({ action: 'keep', version: '13.0.1' });
    expect(p.steps.some((s) => s.kind === 'cuda-toolkit')).toBe(false);
  });

  it('TensorFlow < 2.14 defaults to system CUDA 11.2 + cuDNN 8.1, and conda puts them in the environment', () => {
    const p = plan('Tesla T4', '535.104.05', { framework: 'tensorflow', frameworkVersion: '2.11' });
    expect(p.method).toBe('system');
    const { latestPatch } = tensorflowRelease('2.11');
    expect(p.framework).toMatchObject({ version: latestPatch, cuda: '11.2', cudnn: '8.1', packages: [`tensorflow==${latestPatch}`] });
    expect(p.cudaToolkit).toEqual({ action: 'install', version: newestToolkitUpdate('11.2').version });
    const conda = plan('Tesla T4', '535.104.05', { framework: 'tensorflow', frameworkVersion: '2.7', method: 'conda' });
    expect(conda.framework).toMatchObject({ cuda: '11.2', cudnn: '8.1' });
    expect(conda.steps.find((s) => s.kind === 'python-env')?.params).toMatchObject({ manager: 'conda', condaPackages: ['cudatoolkit=11.2', 'cudnn=8.1'] });
  });

  it('blocks wheels for TensorFlow 2.10 and offers the system method', () => {
    const p = plan('Tesla T4', '535.104.05', { framework: 'tensorflow', frameworkVersion: '2.10', method: 'wheels' });
    expect(p.blockers[0]).toMatchObject({ code: 'METHOD_UNSUPPORTED', alternative: { method: 'system' } });
  });
});

describe('resolvePlan: TensorFlow and JAX', () => {
  it('the newest TensorFlow for a T4 uses tensorflow[and-cuda] wheels', () => {
    const p = plan('Tesla T4', '535.104.05', { framework: 'tensorflow' });
    const release = newestTensorflowFor('7.5');
    expect(release.andCudaExtra).toBe(true);
    const { latestPatch, cuda, cudnn } = release;
    expect(p.framework).toMatchObject({ version: latestPatch, variant: `cuda${cuda!.split('.')[0]}`, cuda, cudnn, packages: [`tensorflow[and-cuda]==${latestPatch}`] });
    expect(p.method).toBe('wheels');
    expectPythonInRange(p.python.version!, release.python);
  });

  it('JAX on an A100 with driver 535 uses cuda12 (cuda13 needs 580); H100 on 590 uses cuda13', () => {
    const a100 = plan('NVIDIA A100-SXM4-40GB', '535.104.05', { framework: 'jax' });
    const { version } = newestJaxWith('cuda12');
    expect(a100.framework).toMatchObject({ version, variant: 'cuda12', packages: [`jax[cuda12]==${version}`] });
    expect(plan('NVIDIA H100 80GB HBM3', '590.48.01', { framework: 'jax' }).framework.variant).toBe('cuda13');
  });

  it('JAX on a Pascal card stays on cuda12 (cuda13 needs SM 7.5)', () => {
    expect(plan('GeForce GTX 1080 Ti', '580.65.06', { framework: 'jax' }).framework.variant).toBe('cuda12');
  });

  it('JAX on a K80 (SM 3.7 < 5.2) is the CPU build', () => {
    const p = plan('Tesla K80', '470.82.01', { framework: 'jax' });
    expect(p.framework.variant).toBe('cpu');
    expect(p.warnings.join()).toMatch(/CPU build/);
  });
});

describe('resolvePlan: Windows, WSL2 and macOS', () => {
  const win = { os: 'windows' as const };
  it('native Windows + TensorFlow: 2.10 with system CUDA, and a pinned 2.15 is blocked with WSL2 or 2.10 offered', () => {
    const p = plan('NVIDIA GeForce RTX 3060', '537.13', { framework: 'tensorflow' }, win);
    expect(p.framework.version).toBe(tensorflowRelease('2.10').latestPatch);
    expect(p.steps.map((s) => s.kind)).toEqual(['cuda-toolkit', 'cudnn', 'env-vars', 'python-env', 'framework']);
    expect(p.steps.find((s) => s.kind === 'env-vars')?.params).toMatchObject({ CUDA_PATH: 'C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v11.2' });
    const pinned = plan('NVIDIA GeForce RTX 3060', '537.13', { framework: 'tensorflow', frameworkVersion: '2.15' }, win);
    expect(pinned.status).toBe('blocked');
    expect(pinned.blockers[0]!.message).toMatch(/ended with TensorFlow 2\.10.*WSL2/);
    expect(pinned.blockers[0]!.alternative).toMatchObject({ frameworkVersion: tensorflowRelease('2.10').latestPatch });
  });

  // Pinned to 2.14: its cu126 build is the one driver 537 runs; CUDA 12's Windows floor is 528.33 (minor-version table).
  it('native Windows + PyTorch uses the Windows driver floor 528.33 and an index URL', () => {
    const p = plan('NVIDIA GeForce RTX 3060', '537.13', { framework: 'pytorch', frameworkVersion: '2.14' }, win);
    expect(p.framework).toMatchObject({ variant: 'cu126', indexUrl: 'https://download.pytorch.org/whl/cu126' });
    expect(p.driver).toMatchObject({ action: 'keep', minimum: minorCompatibilityFloor(12, 'windows') });
  });

  it('WSL2 keeps the Windows driver, and an old one is a manual step on Windows, never a Linux driver', () => {
    const wsl = { os: 'wsl' as const };
    const p = plan('NVIDIA GeForce RTX 4090', '537.13', { framework: 'pytorch', frameworkVersion: '2.14' }, wsl);
    expect(p.driver).toMatchObject({ action: 'keep', current: '537.13', minimum: minorCompatibilityFloor(12, 'windows') });
    const old = plan('NVIDIA GeForce RTX 4090', '512.15', pytorch1, wsl);
    const step = old.steps.find((s) => s.kind === 'driver')!;
    expect(step).toMatchObject({ elevated: false, params: { manual: true, os: 'windows' } });
    expect(old.warnings.join()).toMatch(/never installs a Linux driver inside WSL2/);
    const jaxWsl = plan('NVIDIA GeForce RTX 4090', '537.13', { framework: 'jax' }, wsl);
    expect(jaxWsl.framework.variant).toBe('cuda12');
    expect(jaxWsl.warnings.join()).toMatch(/experimental/);
  });

  it('WSL2 system toolkit uses the WSL-Ubuntu repository', () => {
    const p = plan('NVIDIA GeForce RTX 4090', '580.88', { framework: 'pytorch', method: 'system' }, { os: 'wsl' });
    expect(p.steps.find((s) => s.kind === 'cuda-repo')?.params).toMatchObject({ wsl: true });
  });

  it('macOS on an M2: PyTorch MPS build from PyPI, TensorFlow and JAX on the CPU', () => {
    const mac = { os: 'macos' as const, arch: 'arm64' as const, gpuVendor: 'apple' as const };
    const p = resolvePlan(data, { ...mac, gpuName: 'Apple M2', driverVersion: null }, pytorch1);
    const { release } = newestPytorchWith('a macOS build', (variant) => variant.platforms.includes('macos'));
    expect(p.framework).toMatchObject({ variant: 'mps', packages: [`torch==${release.latestPatch}`] });
    expect(p.framework.indexUrl).toBeUndefined();
    expect(p.driver.action).toBe('none');
    expect(p.reasons.join()).toMatch(/MPS/);
    expect(resolvePlan(data, { ...mac, driverVersion: null }, { framework: 'tensorflow' }).framework.variant).toBe('cpu');
  });
});

describe('resolvePlan: AMD and no GPU', () => {
  const amd = (name: string, os: HardwareProfile['os'] = 'linux'): HardwareProfile => ({ os, arch: 'x86_64', gpuVendor: 'amd', gpuName: name, driverVersion: null });
  it('RX 7900 XTX (gfx1100) gets a ROCm build on Linux', () => {
    const p = resolvePlan(data, amd('Radeon RX 7900 XTX'), pytorch1);
    const { release, variant } = newestPytorchRocmFor('gfx1100');
    expect(p.framework).toMatchObject({ version: release.latestPatch, variant: variant.name, indexUrl: pytorchIndexUrl(release, variant.name) });
    expect(p.gpu).toMatchObject({ gfxArch: 'gfx1100' });
  });

  it('Radeon VII (gfx906, unsupported by current ROCm) and Windows AMD get the CPU build with the reason', () => {
    const vii = resolvePlan(data, amd('Radeon VII'), pytorch1);
    expect(vii.framework.variant).toBe('cpu');
    expect(vii.reasons.join()).toMatch(/No PyTorch ROCm build .* supports gfx906/);
    expect(resolvePlan(data, amd('Radeon RX 7900 XTX', 'windows'), pytorch1).reasons.join()).toMatch(/ROCm builds are Linux-only/);
  });

  it('no GPU: the CPU build from the CPU index, said clearly', () => {
    const p = plan(null, null, pytorch1);
    expect(p.framework).toMatchObject({ variant: 'cpu', indexUrl: 'https://download.pytorch.org/whl/cpu' });
    expect(p.reasons.join()).toMatch(/No GPU was found, so this is the CPU build/);
  });
});
