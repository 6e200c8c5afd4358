// Issue 30: a plan made in English (`dlsetup plan --json`) and installed with --lang zh-CN showed English step titles,
// because they were read from the plan file. A title is now said from the step's kind and params in the reader's
// language; these tests hold that it is exactly the title the resolver gives in that language.
import { describe, expect, it } from 'vitest';
import type { HardwareProfile, PlanRequest, PlanStep } from '../types/plan.js';
import { shippedData } from '../../testkit/plan/linuxPlan.js';
import { planText } from './planText.js';
import { resolvePlan } from './resolvePlan.js';
import { stepTitle } from './stepTitle.js';
import { nvidiaProfile } from '../../testkit/plan/nvidiaProfile.js';

const nvidia = nvidiaProfile;

/** Plans that together have every kind of step, on Linux, Windows and WSL, with venv and conda. */
const CASES: [string, HardwareProfile, PlanRequest][] = [
  ['driver upgrade, wheels', nvidia('NVIDIA GeForce RTX 4090', '470.57.02'), { framework: 'pytorch' }],
  ['driver install, system toolkit and cuDNN next to an old toolkit', nvidia('NVIDIA GeForce RTX 4090', null, 'linux', { cudaToolkits: ['11.8.89'] }), { framework: 'pytorch', method: 'system' }],
  ['TensorFlow on native Windows: system CUDA', nvidia('NVIDIA GeForce RTX 3060', '537.13', 'windows'), { framework: 'tensorflow' }],
  ['TensorFlow 2.7 through conda', nvidia('Tesla T4', '535.104.05'), { framework: 'tensorflow', frameworkVersion: '2.7', method: 'conda' }],
  ['WSL2 with an old driver: a manual step on Windows', nvidia('NVIDIA GeForce RTX 4090', '512.15', 'wsl'), { framework: 'jax' }],
  ['WSL2 system toolkit', nvidia('NVIDIA GeForce RTX 4090', '580.88', 'wsl'), { framework: 'pytorch', method: 'system' }],
  ['fresh Debian without venv support: system-python', { os: 'linux', arch: 'x86_64', gpuVendor: 'none', driverVersion: null, pythonVersions: ['3.11'], pythonsWithoutVenv: ['3.11'] }, { framework: 'pytorch', python: '3.11' }],
  ['AMD ROCm', { os: 'linux', arch: 'x86_64', gpuVendor: 'amd', gpuName: 'Radeon RX 7900 XTX', driverVersion: null }, { framework: 'pytorch' }],
];

const LOCALES = ['en', 'zh-CN'] as const;

describe('stepTitle', () => {
  const steps = CASES.flatMap(([name, profile, request]) =>
    LOCALES.flatMap((locale) => resolvePlan(shippedData, profile, request, { locale }).steps.map((step) => ({ name, locale, step }))),
  );

  it('the cases reach every kind of step the resolver makes', () => {
    expect(new Set(steps.map(({ step }) => step.kind))).toEqual(new Set(['driver', 'cuda-repo', 'cuda-toolkit', 'cudnn', 'env-vars', 'system-python', 'python-env', 'framework']));
  });

  it('says, from kind and params, exactly the title the resolver gives in that language', () => {
    for (const { name, locale, step } of steps) expect(stepTitle(step, planText(locale)), `${name} (${locale}): ${step.kind}`).toBe(step.title);
  });

  it("says an English plan's titles in Chinese, whatever the file's titles say", () => {
    for (const [name, profile, request] of CASES) {
      const english = resolvePlan(shippedData, profile, request).steps;
      const chinese = resolvePlan(shippedData, profile, request, { locale: 'zh-CN' }).steps;
      expect(english.map((step) => stepTitle({ ...step, title: 'anything' }, planText('zh-CN'))), name).toEqual(chinese.map((step) => step.title));
    }
  });

  it('says the CUDA variables of a user or system scope (hand-written plans) in both languages', () => {
    const vars = (scope: string): PlanStep => ({ id: 'vars', kind: 'env-vars', title: 'Set variables', elevated: false, params: { scope, cudaHome: '/usr/local/cuda-12.4' } });
    expect(stepTitle(vars('user'), planText('en'))).toBe('Set CUDA_HOME to /usr/local/cuda-12.4 for the current user (in the shell startup file)');
    expect(stepTitle(vars('user'), planText('zh-CN'))).toBe('为当前用户把 CUDA_HOME 设为 /usr/local/cuda-12.4（写入 shell 启动文件）');
    expect(stepTitle(vars('system'), planText('zh-CN'))).toBe('为所有用户把 CUDA_HOME 设为 /usr/local/cuda-12.4（写入 /etc/profile.d 和库路径）');
    expect(stepTitle({ ...vars('environment'), params: { scope: 'environment', CUDA_HOME: '/opt/cuda' } }, planText('en'))).toBe(
      'Make the CUDA Toolkit in /opt/cuda the active toolkit in the DL Setup environment',
    );
  });

  it("falls back to the plan's own title for a kind or params no sentence describes, and never throws on odd input", () => {
    expect(stepTitle({ kind: 'nonsense', title: '奇怪的步骤', params: {} }, planText('en'))).toBe('奇怪的步骤');
    expect(stepTitle({ kind: 'cuda-toolkit', title: 'Install a toolkit', params: { version: ['12.4'] } }, planText('zh-CN'))).toBe('Install a toolkit');
    expect(stepTitle({ kind: 'framework', title: 'pip', params: null }, planText('zh-CN'))).toBe('pip');
    expect(stepTitle({ kind: 42 }, planText('zh-CN'))).toBe('42');
  });

  // Issue 28: R580 is the last branch for Pascal (data/gpu-architectures.json) and driver 595 ignores a Pascal GPU, so
  // the plan puts R580 in its place: that is no "upgrade", in the plan, in an install's titles or in the run's status.
  it('says a driver past the GPU\'s last branch is replaced, not upgraded, in both languages', () => {
    const profile = nvidia('NVIDIA GeForce GTX 1080 Ti', '595.45.04', 'linux', { computeCapability: '6.1' });
    for (const [locale, expected] of [
      ['en', /^Replace NVIDIA driver 595\.45\.04 with R580 \(580\.\d+\.\d+ or newer\): driver 595 does not drive this GPU$/],
      ['zh-CN', /^把 NVIDIA 驱动 595\.45\.04 换成 R580（580\.\d+\.\d+ 或更新版本）：595 版驱动不支持这块 GPU$/],
    ] as const) {
      const plan = resolvePlan(shippedData, profile, { framework: 'pytorch' }, { locale });
      const driver = plan.steps.find((step) => step.kind === 'driver');
      expect(plan.driver).toMatchObject({ action: 'upgrade', current: '595.45.04' });
      expect(driver?.title).toMatch(expected);
      // An install reads the title from the step and the plan around it (stepSummaries, prepareSteps, the dry run).
      expect(stepTitle({ ...driver!, title: 'anything' }, planText(locale), plan)).toBe(driver?.title);
    }
  });

  it('keeps "upgrade" for a newer branch, and reads an odd installed driver as no driver', () => {
    const step: PlanStep = { id: 'driver', kind: 'driver', title: 'x', elevated: true, params: { action: 'upgrade', branch: '580', minimumVersion: '580.65.06' } };
    expect(stepTitle(step, planText('en'), { driver: { current: '470.57.02' } })).toBe('Upgrade to NVIDIA driver R580 (580.65.06 or newer)');
    expect(stepTitle(step, planText('en'), { driver: { current: '999\nRun rm -rf /' } })).toBe('Upgrade to NVIDIA driver R580 (580.65.06 or newer)');
    expect(stepTitle(step, planText('en'), { driver: 'nonsense' })).toBe('Upgrade to NVIDIA driver R580 (580.65.06 or newer)');
    expect(stepTitle(step, planText('zh-CN'), { driver: { current: '590.44.01' } })).toBe('把 NVIDIA 驱动 590.44.01 换成 R580（580.65.06 或更新版本）：590 版驱动不支持这块 GPU');
  });
});
