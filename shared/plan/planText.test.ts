import { describe, expect, it } from 'vitest';
import { literal, pytorchPlanFacts, pytorchRelease } from '../../testkit/data/liveFacts.js';
import { fillTemplate, placeholdersOf, sayUnchecked, translationProblems } from '../i18n/localize.js';
import type { HardwareProfile, Plan, PlanRequest } from '../types/plan.js';
import { cudaMajor } from '../versions/cudaVersion.js';
import { planText, type PlanTextKey } from './planText.js';
import planTextEn from '../../locales/en/plan.json' with { type: 'json' };
import planTextZhCN from '../../locales/zh-CN/plan.json' with { type: 'json' };
import { resolvePlan } from './resolvePlan.js';
import { nvidiaProfile } from '../../testkit/plan/nvidiaProfile.js';
import { shippedData } from '../../testkit/plan/linuxPlan.js';

const data = shippedData;
const CJK = /[\u4e00-\u9fff]/;

const nvidia = nvidiaProfile;

/** Representative plans: each names what it covers, and together they reach every kind of step. */
const CASES: [string, HardwareProfile, PlanRequest][] = [
  ['RTX 4090 + PyTorch on Ubuntu, driver too old: upgrade', nvidia('NVIDIA GeForce RTX 4090', '470.57.02'), { framework: 'pytorch' }],
  ['RTX 4090, system toolkit next to an old one', nvidia('NVIDIA GeForce RTX 4090', '470.57.02', 'linux', { cudaToolkits: ['12.4.1'] }), { framework: 'pytorch', method: 'system' }],
  ['Pascal without a driver: install R580, the last branch', nvidia('GeForce GTX 1080 Ti', null), { framework: 'pytorch' }],
  ['RTX 2080 Ti keeps driver 535, not the default build', nvidia('NVIDIA GeForce RTX 2080 Ti', '535.104.05'), { framework: 'pytorch' }],
  ['Kepler K80: the newest release skipped', nvidia('Tesla K80', '470.82.01'), { framework: 'pytorch' }],
  ['no GPU: CPU plan', { os: 'linux', arch: 'x86_64', gpuVendor: 'none', driverVersion: null }, { framework: 'pytorch' }],
  ['GTX 680: CPU plan because no build has its code', nvidia('GeForce GTX 680', '470.82.01'), { framework: 'pytorch' }],
  ['blocked pin with an alternative (K80 on PyTorch 2.14)', nvidia('Tesla K80', '470.82.01'), { framework: 'pytorch', frameworkVersion: '2.14' }],
  ['blocked unknown version', nvidia('NVIDIA GeForce RTX 4090', '580.65.06'), { framework: 'pytorch', frameworkVersion: '9.9' }],
  ['blocked Python', nvidia('NVIDIA GeForce RTX 4090', '580.65.06'), { framework: 'pytorch', frameworkVersion: '2.14', python: '3.8' }],
  ['blocked driver change', nvidia('NVIDIA GeForce RTX 3060', '470.82.01'), { framework: 'pytorch', frameworkVersion: '2.14', allowDriverChange: false }],
  ['TensorFlow on native Windows: 2.10 with system CUDA', nvidia('NVIDIA GeForce RTX 3060', '537.13', 'windows'), { framework: 'tensorflow' }],
  ['TensorFlow 2.15 pinned on native Windows: blocked', nvidia('NVIDIA GeForce RTX 3060', '537.13', 'windows'), { framework: 'tensorflow', frameworkVersion: '2.15' }],
  ['TensorFlow 2.7 through conda', nvidia('Tesla T4', '535.104.05'), { framework: 'tensorflow', frameworkVersion: '2.7', method: 'conda' }],
  ['JAX on native Windows: CPU', nvidia('NVIDIA GeForce RTX 3060', '537.13', 'windows'), { framework: 'jax' }],
  ['WSL2 with an old driver: a manual step on Windows', nvidia('NVIDIA GeForce RTX 4090', '512.15', 'wsl'), { framework: 'jax' }],
  ['WSL2 system toolkit', nvidia('NVIDIA GeForce RTX 4090', '580.88', 'wsl'), { framework: 'pytorch', method: 'system' }],
  ['AMD ROCm on Linux', { os: 'linux', arch: 'x86_64', gpuVendor: 'amd', gpuName: 'Radeon RX 7900 XTX', driverVersion: null }, { framework: 'pytorch', method: 'system' }],
  ['AMD on Windows: CPU', { os: 'windows', arch: 'x86_64', gpuVendor: 'amd', gpuName: 'Radeon RX 7900 XTX', driverVersion: null }, { framework: 'pytorch' }],
  ['macOS on Apple silicon: MPS', { os: 'macos', arch: 'arm64', gpuVendor: 'apple', gpuName: 'Apple M2', driverVersion: null }, { framework: 'pytorch' }],
];

/** Every sentence a plan shows a person. */
const sentences = (plan: Plan) => [...plan.reasons, ...plan.warnings, ...plan.blockers.map((b) => b.message), ...plan.steps.map((s) => s.title)];

/** The plan with its sentences blanked: what must not depend on the language. */
const facts = (plan: Plan) => ({
  ...plan,
  reasons: plan.reasons.length,
  warnings: plan.warnings.length,
  blockers: plan.blockers.map((b) => ({ ...b, message: '' })),
  steps: plan.steps.map((s) => ({ ...s, title: '' })),
});

describe('plan text catalogs', () => {
  it('has a Simplified Chinese sentence for every English one, with the same placeholders', () => {
    expect(translationProblems(planTextEn, planTextZhCN)).toEqual([]);
  });

  it('says every key from its own locale\'s catalog, filled as fillTemplate fills it, with and without parameters', () => {
    for (const [locale, catalog] of [['en', planTextEn], ['zh-CN', planTextZhCN]] as const) {
      const say = planText(locale);
      for (const key of Object.keys(planTextEn) as PlanTextKey[]) {
        const params = Object.fromEntries(placeholdersOf(planTextEn[key]).map((name, index) => [name, index % 2 ? index : `<${name} $& $1>`]));
        expect(sayUnchecked(say, key, params)).toBe(fillTemplate(catalog[key], params));
        expect(sayUnchecked(say, key)).toBe(fillTemplate(catalog[key]));
      }
    }
    expect(planText()('driver.keep', { driver: '580.95.05', why: 'x' })).toBe('Driver: keep 580.95.05; x.');
  });
});

describe('resolvePlan in Simplified Chinese', () => {
  it.each(CASES)('%s: every sentence is Chinese and only the sentences differ from English', (_name, profile, request) => {
    const english = resolvePlan(data, profile, request);
    const chinese = resolvePlan(data, profile, request, { locale: 'zh-CN' });
    expect(sentences(chinese).length).toBeGreaterThan(0);
    for (const sentence of sentences(chinese)) expect(sentence, sentence).toMatch(CJK);
    for (const sentence of sentences(english)) expect(sentence, sentence).not.toMatch(CJK);
    expect(facts(chinese)).toEqual(facts(english));
    expect(chinese.request).toEqual(request);
  });

  it('reaches every step kind, blocker and outcome the cases claim', () => {
    const plans = CASES.map(([, profile, request]) => resolvePlan(data, profile, request, { locale: 'zh-CN' }));
    expect(new Set(plans.flatMap((p) => p.steps.map((s) => s.kind)))).toEqual(new Set(['driver', 'cuda-repo', 'cuda-toolkit', 'cudnn', 'env-vars', 'python-env', 'framework']));
    expect(new Set(plans.flatMap((p) => p.blockers.map((b) => b.code)))).toEqual(
      new Set(['NO_KERNELS_FOR_GPU', 'VERSION_UNKNOWN', 'PYTHON_UNSUPPORTED', 'DRIVER_CHANGE_REFUSED', 'NO_GPU_BUILD_ON_PLATFORM']),
    );
    expect(plans.filter((p) => p.blockers.some((b) => b.alternative)).length).toBeGreaterThanOrEqual(4);
    expect(plans.map((p) => p.driver.action)).toEqual(expect.arrayContaining(['upgrade', 'install', 'keep', 'none']));
    expect(plans.map((p) => p.framework.variant)).toEqual(expect.arrayContaining(['cpu', 'mps', 'rocm7.2']));
  });

  it('reads as a Chinese technical writer would put it, commands and versions untouched', () => {
    const upgrade = resolvePlan(data, CASES[0]![1], CASES[0]![2], { locale: 'zh-CN' });
    const { version, cuda, minimum, branch, linuxMinimum } = pytorchPlanFacts(upgrade, '8.9');
    expect(upgrade.reasons).toContain(
      `驱动：你的驱动 470.57.02 版本过旧：所有 CUDA ${cudaMajor(cuda)}.x 构建都能在 ${minimum} 或更新的驱动上运行（NVIDIA 次版本兼容性）。DL Setup 将升级到 R${branch} 分支（${linuxMinimum} 或更新版本）。R${branch} 是 DL Setup 首选的长期支持驱动分支，可运行当前所有 CUDA 构建。`,
    );
    // Ada needs driver 520.61.05 or newer (CUDA 11.8, Table 3): no build keeps R470, so no keep-driver alternative.
    expect(upgrade.reasons.join('\n')).not.toMatch(/如果不能更换驱动/);
    expect(upgrade.steps.find((s) => s.kind === 'driver')?.title).toBe(`升级到 NVIDIA 驱动 R${branch}（${linuxMinimum} 或更新版本）`);
    expect(upgrade.steps.find((s) => s.kind === 'framework')?.title).toBe(`用 pip 安装：pip install torch==${version}`);
    const cpu = resolvePlan(data, CASES[5]![1], CASES[5]![2], { locale: 'zh-CN' });
    expect(cpu.reasons).toContain('未找到 GPU，因此使用 PyTorch 的 CPU 构建：它在任何机器上都能运行，但训练速度比 GPU 构建慢得多。');
    const windowsTf = resolvePlan(data, CASES[12]![1], CASES[12]![2], { locale: 'zh-CN' });
    expect(windowsTf.blockers[0]!.message).toMatch(/^TensorFlow 2\.15 在原生 Windows 上不支持 GPU：.*WSL2/);
  });

  it('keeps English the default and unchanged, whichever language the shared per-data caches saw first', () => {
    // Failures and driver floors are cached per data object; a Chinese plan first must not leave Chinese behind.
    const shared = structuredClone(data);
    const fresh = CASES.map(([, profile, request]) => resolvePlan(structuredClone(data), profile, request));
    for (const [, profile, request] of CASES) resolvePlan(shared, profile, request, { locale: 'zh-CN' });
    CASES.forEach(([name, profile, request], index) => {
      expect(resolvePlan(shared, profile, request), name).toEqual(fresh[index]);
      expect(resolvePlan(shared, profile, request, { locale: 'en' }), name).toEqual(fresh[index]);
    });
    const chineseAfterEnglish = resolvePlan(shared, CASES[7]![1], CASES[7]![2], { locale: 'zh-CN' });
    expect(chineseAfterEnglish.blockers[0]!.message).toMatch(new RegExp(`^PyTorch 2\\.14 无法使用你的 GPU：PyTorch ${literal(pytorchRelease('2.14').latestPatch)} cu126 没有 sm_37 的代码`));
  });

  it('says why the preferred driver branch with one catalog sentence in both languages (issue 30: the zh one differed)', () => {
    const english = resolvePlan(data, CASES[0]![1], CASES[0]![2]);
    const chinese = resolvePlan(data, CASES[0]![1], CASES[0]![2], { locale: 'zh-CN' });
    const branch = data.driverBranches.preferredBranch.branch;
    expect(english.reasons.join('\n')).toContain(`R${branch} is the long-term-support driver branch DL Setup prefers: it runs every current CUDA build.`);
    expect(chinese.reasons.join('\n')).toContain(`R${branch} 是 DL Setup 首选的长期支持驱动分支，可运行当前所有 CUDA 构建。`);
    // Not the data's own sentence, which names GPU generations whatever GPU the plan is for.
    expect(english.reasons.join('\n')).not.toContain(data.driverBranches.preferredBranch.reason);
  });
});
