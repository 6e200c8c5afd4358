// Releases, patches, platform cut-offs and experimental Pythons, with answers read from the sources before running
// the resolver (each case names its source line).
import { describe, expect, it } from 'vitest';
import { pep440 } from '../versions/pep440.js';
import type { HardwareProfile, Plan, PlanRequest } from '../types/plan.js';
import { resolvePlan } from './resolvePlan.js';
import { shippedData } from '../../testkit/plan/linuxPlan.js';

const data = shippedData;
const linuxCpu: HardwareProfile = { os: 'linux', arch: 'x86_64', gpuVendor: 'none', driverVersion: null };
const intelMac: HardwareProfile = { os: 'macos', arch: 'x86_64', gpuVendor: 'none', driverVersion: null };
const text = (p: Plan) => [...p.reasons, ...p.warnings, ...p.blockers.map((b) => b.message)].join('\n');
const plan = (request: PlanRequest, profile: HardwareProfile = linuxCpu, locale: 'en' | 'zh-CN' = 'en') => resolvePlan(data, profile, request, { locale });

describe('every release, with its newest patch', () => {
  it('a minor pin installs the newest patch: 2.9 -> 2.9.1, 2.7 -> 2.7.1', () => {
    // pytorch/pytorch PR #166965 "[release-only] Update version to 2.9.1"; issue #152627 "[v2.7.1] Release Tracker".
    expect(plan({ framework: 'pytorch', frameworkVersion: '2.9' }).framework.version).toBe('2.9.1');
    expect(plan({ framework: 'pytorch', frameworkVersion: '2.7' }).framework.version).toBe('2.7.1');
    // TensorFlow 2.16: pip.md @ 7c365021 names tensorflow-2.16.2 wheels.
    expect(plan({ framework: 'tensorflow', frameworkVersion: '2.16' }).framework.version).toBe('2.16.2');
  });

  it('accepts every real patch and refuses one that was never published', () => {
    // pytorch/pytorch#131766 lists 2.1.0, 2.1.1, 2.1.2 on PyPI; no 2.1.3.
    expect(plan({ framework: 'pytorch', frameworkVersion: '2.1.1' }).framework.version).toBe('2.1.1');
    expect(plan({ framework: 'pytorch', frameworkVersion: '2.1.3' }).blockers[0]?.code).toBe('VERSION_UNKNOWN');
    // source.md lists tensorflow-2.16.1 as the first 2.16 release: 2.16.0 was not published.
    expect(plan({ framework: 'tensorflow', frameworkVersion: '2.16.0' }).blockers[0]?.code).toBe('VERSION_UNKNOWN');
  });

  it('accepts every JAX release in the CHANGELOG and refuses 0.4.15, which has none', () => {
    // jax-ml/jax CHANGELOG.md @ cec06d11: "## jax 0.4.27 (May 7, 2024)", "## jax 0.5.1 (Feb 24, 2025)", "## JAX 0.10.2 (June 17, 2026)".
    for (const version of ['0.4.1', '0.4.27', '0.4.33', '0.4.37', '0.5.1', '0.5.2', '0.6.1', '0.7.2', '0.8.1', '0.9.1', '0.9.2', '0.10.1', '0.10.2']) {
      const p = plan({ framework: 'jax', frameworkVersion: version });
      expect(p.status, version).toBe('ok');
      expect(p.framework.version, version).toBe(version);
    }
    // "## jax 0.4.0 (Dec 12, 2022) / * The release was yanked." (CHANGELOG L2386): known, never installed.
    expect(plan({ framework: 'jax', frameworkVersion: '0.4.0' }).blockers[0]?.code).toBe('RELEASE_YANKED');
    // The CHANGELOG goes from "jax 0.4.14" to "jax 0.4.16".
    expect(plan({ framework: 'jax', frameworkVersion: '0.4.15' }).blockers[0]?.code).toBe('VERSION_UNKNOWN');
  });

  it('holds every JAX release since 0.4.0 and every TensorFlow 2.x minor', () => {
    // CHANGELOG @ cec06d11 lists 58 releases from 0.4.0 to 0.11.0; releases after 0.11.0 are a refresh's, not counted here.
    const inChangelogWindow = data.jax.releases.filter((r) => pep440.compare(r.version, '0.4.0') >= 0 && pep440.compare(r.version, '0.11.0') <= 0);
    expect(inChangelogWindow.length).toBe(58);
    const minors = new Set(data.tensorflow.releases.map((r) => r.version.split('.').slice(0, 2).join('.')));
    for (let minor = 0; minor <= 21; minor++) expect(minors.has(`2.${minor}`), `2.${minor}`).toBe(true);
  });
});

describe('platform cut-offs', () => {
  it('an Intel Mac gets torch 2.2.2, TensorFlow 2.16.2 and JAX 0.4.38 at newest, with the cut-off named', () => {
    // pytorch/pytorch#131766: macOS x86 versions end at 2.2.2; tensorflow/docs pip.md L587 "TensorFlow 2.16 was the
    // last TensorFlow release that supported macOS x86"; jax CHANGELOG L819 (0.5.0 "drops support for Mac x86 wheels").
    const torch = plan({ framework: 'pytorch' }, intelMac);
    expect(torch.framework.version).toBe('2.2.2');
    expect(text(torch)).toMatch(/PyTorch 2\.2\.2 is the newest release for macOS on Intel \(x86_64\): PyTorch has published no macOS on Intel \(x86_64\) wheels after 2\.2\./);
    expect(plan({ framework: 'tensorflow' }, intelMac).framework.version).toBe('2.16.2');
    expect(plan({ framework: 'jax' }, intelMac).framework.version).toBe('0.4.38');
    expect(plan({ framework: 'jax' }, intelMac, 'zh-CN').reasons.join('\n')).toMatch(/JAX 0\.4\.38 是支持Intel 芯片（x86_64）的 macOS的最新版本/);
  });

  it('a pin past the cut-off is refused as a platform limit, not as an unknown version', () => {
    const p = plan({ framework: 'pytorch', frameworkVersion: '2.5' }, intelMac);
    expect(p.blockers[0]).toMatchObject({ code: 'NO_BUILD_ON_PLATFORM', alternative: { frameworkVersion: '2.2.2' } });
    expect(p.blockers[0]!.message).toBe('PyTorch 2.5 has no wheels for macOS on Intel (x86_64); the newest release with them is PyTorch 2.2.2.');
  });

  it('JAX has no native Windows wheels before jaxlib 0.4.13 (CHANGELOG L2044)', () => {
    const windows: HardwareProfile = { os: 'windows', arch: 'x86_64', gpuVendor: 'none', driverVersion: null };
    expect(plan({ framework: 'jax', frameworkVersion: '0.4.12' }, windows).blockers[0]?.code).toBe('NO_BUILD_ON_PLATFORM');
    expect(plan({ framework: 'jax', frameworkVersion: '0.4.13' }, windows).status).toBe('ok');
  });

  it('Apple silicon has no Python 3.7 wheel of torch 1.13', () => {
    const m1: HardwareProfile = { os: 'macos', arch: 'arm64', gpuVendor: 'none', driverVersion: null };
    expect(plan({ framework: 'pytorch', frameworkVersion: '1.13', python: '3.7' }, m1).blockers[0]?.code).toBe('PYTHON_UNSUPPORTED');
    expect(plan({ framework: 'pytorch', frameworkVersion: '1.13', python: '3.7' }).status).toBe('ok');
  });
});

describe('experimental Pythons', () => {
  // pytorch/pytorch RELEASE.md matrix (@ 9656a603): 2.5 ">=3.9, <=3.12, (3.13 experimental)", 2.2 and 2.3 "(3.12 experimental)".
  it.each([
    ['2.5', '3.13', '2.5.1'],
    ['2.2', '3.12', '2.2.2'],
    ['2.3', '3.12', '2.3.1'],
  ])('PyTorch %s with Python %s is planned, with a warning', (version, python, patch) => {
    const p = plan({ framework: 'pytorch', frameworkVersion: version, python });
    expect(p.status).toBe('ok');
    expect(p.python.version).toBe(python);
    expect(p.warnings.join('\n')).toContain(`Python ${python} is experimental in PyTorch ${patch}`);
  });

  it('a Python the release does not list at all stays blocked', () => {
    expect(plan({ framework: 'pytorch', frameworkVersion: '2.4', python: '3.13' }).blockers[0]?.code).toBe('PYTHON_UNSUPPORTED');
  });
});

describe('TensorFlow 2.18+ architectures', () => {
  // tensorflow .bazelrc @ 4efe77a0 L284-289: HERMETIC_CUDA_COMPUTE_CAPABILITIES "sm_60,sm_70,sm_80,sm_89,compute_90".
  it('records sm_60, sm_70, sm_80, sm_89 and compute_90 (PTX only)', () => {
    for (const row of data.tensorflow.releases.filter((r) => Number(r.version.split('.')[1]) >= 18)) {
      expect(row.computeCapabilities, row.version).toEqual(['6.0', '7.0', '8.0', '8.9', '9.0PTX']);
    }
  });

  it('a Maxwell GPU (sm_52) has no TensorFlow 2.21 kernels; an RTX 4090 (sm_89) runs natively', () => {
    const maxwell = resolvePlan(data, { os: 'linux', arch: 'x86_64', gpuVendor: 'nvidia', gpuName: 'NVIDIA GeForce GTX 980', computeCapability: '5.2', driverVersion: '580.65.06' }, { framework: 'tensorflow', frameworkVersion: '2.21' });
    expect(maxwell.blockers[0]?.code).toBe('NO_KERNELS_FOR_GPU');
    const ada = resolvePlan(data, { os: 'linux', arch: 'x86_64', gpuVendor: 'nvidia', gpuName: 'NVIDIA GeForce RTX 4090', driverVersion: '580.65.06' }, { framework: 'tensorflow', frameworkVersion: '2.21' });
    expect(ada.status).toBe('ok');
    expect(ada.framework.variant).toBe('cuda12');
  });
});
