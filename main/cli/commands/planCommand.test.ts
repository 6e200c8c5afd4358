import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pytorchPlanFacts } from '../../../testkit/data/liveFacts.js';
import { main } from '../main.js';
import { captureIo, pinLocaleEnv } from '../testIo.js';

const setLocaleEnv = (lang: string) => pinLocaleEnv(vi.stubEnv, lang);

beforeEach(() => setLocaleEnv('en_US.UTF-8'));
afterEach(() => {
  vi.unstubAllEnvs();
});

async function planJson(...args: string[]) {
  const io = captureIo();
  const code = await main(['plan', ...args, '--json'], io);
  return { code, plan: JSON.parse(io.stdout()), stderr: io.stderr() };
}

describe('dlsetup plan', () => {
  it('never sends a Pascal card on driver 580 to cu130 wheels (the uv pitfall)', async () => {
    const { code, plan } = await planJson('--framework', 'pytorch', '--os', 'linux', '--gpu', 'GTX 1080 Ti', '--driver', '580.65.06');
    expect(code).toBe(0);
    expect(plan.status).toBe('ok');
    expect(plan.framework.variant).not.toBe('cu130');
    expect(plan.framework.variant).toMatch(/^cu12/);
    expect(plan.driver.action).toBe('keep');
  });

  it('plans a driver upgrade for an RTX 4090 on an old driver and says why', async () => {
    const { plan } = await planJson('--framework', 'pytorch', '--os', 'linux', '--gpu', 'RTX 4090', '--driver', '470.57.02');
    expect(plan.status).toBe('ok');
    expect(plan.driver.action).toBe('upgrade');
    expect(plan.steps.map((step: { kind: string }) => step.kind)).toContain('driver');
    expect(plan.reasons.join(' ')).toMatch(/driver/i);
  });

  // Issue 30: a working driver is kept unless asked (CUDA 12.6 Update 2 needs 560.94 on Windows, Table 3); --upgrade-driver
  // plans the newest build with the driver it needs (13.x: R580, 580.88 on Windows).
  it('keeps a working driver by default and plans the newest build with --upgrade-driver', async () => {
    const args = ['--framework', 'pytorch', '--method', 'system', '--os', 'windows', '--gpu', 'RTX 3060', '--driver', '560.94'];
    const kept = await planJson(...args);
    expect(kept.plan.driver.action).toBe('keep');
    expect(kept.plan).toMatchObject({ framework: { variant: 'cu126' }, cudaToolkit: { action: 'install', version: '12.6.2' } });
    const upgraded = await planJson(...args, '--upgrade-driver');
    expect(upgraded.plan.driver).toMatchObject({ action: 'upgrade', target: '580.88' });
    expect(upgraded.plan.request).toMatchObject({ allowDriverChange: true });
  });

  it('gives a CPU build, said clearly, when there is no GPU', async () => {
    const { plan } = await planJson('--framework', 'pytorch', '--os', 'linux', '--gpu-vendor', 'none');
    expect(plan.framework.variant).toBe('cpu');
    expect(plan.driver.action).toBe('none');
  });

  it('blocks a pinned version that cannot run here, offers the nearest working one, and exits 1', async () => {
    const { code, plan } = await planJson('--framework', 'tensorflow', '--framework-version', '2.15.0', '--os', 'windows', '--gpu', 'RTX 3060', '--driver', '560.94');
    expect(code).toBe(1);
    expect(plan.status).toBe('blocked');
    expect(plan.blockers[0].code).toBeTruthy();
    expect(plan.blockers[0].alternative).toBeTruthy();
  });

  it('writes the plan in Simplified Chinese with --lang zh-CN, the same plan otherwise', async () => {
    const args = ['--framework', 'pytorch', '--os', 'linux', '--gpu', 'RTX 4090', '--driver', '470.57.02'];
    const english = await planJson(...args);
    const chinese = await planJson(...args, '--lang', 'zh-CN');
    expect(chinese.code).toBe(0);
    const sentences = [...chinese.plan.reasons, ...chinese.plan.warnings, ...chinese.plan.steps.map((step: { title: string }) => step.title)];
    for (const sentence of sentences) expect(sentence).toMatch(/[\u4e00-\u9fff]/);
    expect(chinese.plan.reasons.join(' ')).toMatch(/驱动：你的驱动 470\.57\.02 版本过旧/);
    expect(chinese.plan.request).toEqual(english.plan.request);
    expect(chinese.plan.request).not.toHaveProperty('locale');
    expect({ ...chinese.plan, reasons: [], warnings: [], steps: [] }).toEqual({ ...english.plan, reasons: [], warnings: [], steps: [] });
    expect(english.plan.reasons.join(' ')).toMatch(/Driver: Your driver 470\.57\.02 is too old/);
    const io = captureIo();
    expect(await main(['plan', ...args, '--lang', 'fr'], io)).toBe(2);
    expect(io.stderr()).toContain('--lang');
  });

  it('refuses a missing --framework and an unknown GPU with clear messages', async () => {
    const io = captureIo();
    expect(await main(['plan'], io)).toBe(2);
    expect(io.stderr()).toContain('--framework is required');
    const unknown = captureIo();
    expect(await main(['plan', '--framework', 'jax', '--gpu', 'Voodoo 5 6000'], unknown)).toBe(1);
    expect(unknown.stderr()).toMatch(/\[INVALID_ARGUMENT\]/);
  });
});

describe('dlsetup plan, text output in Simplified Chinese', () => {
  // --keep-driver: driver 550 stays whatever the newest release needs, so the plan's driver row reads 保留 (keep).
  const whatIf = ['--framework', 'pytorch', '--gpu', 'RTX 4090', '--driver', '550.54.15', '--os', 'linux', '--arch', 'x86_64', '--keep-driver'];

  async function planText(...args: string[]) {
    const io = captureIo();
    const code = await main(['plan', ...args], io);
    return { code, stdout: io.stdout(), stderr: io.stderr() };
  }

  /** The what-if plan's versions, checked against data/ (an RTX 4090 runs every build); driver 550 keeps it on CUDA 12. */
  async function whatIfFacts() {
    const { plan } = await planJson(...whatIf);
    expect(plan.framework.variant).toMatch(/^cu12\d$/);
    return pytorchPlanFacts(plan, '8.9');
  }

  it('--lang zh-CN labels the table, the steps and the reasons in Chinese', async () => {
    const { version, variant, cuda, minimum } = await whatIfFacts();
    const { code, stdout, stderr } = await planText(...whatIf.slice(0, 2), '--lang', 'zh-CN', ...whatIf.slice(2));
    expect(code).toBe(0);
    expect(stderr).toBe('');
    const lines = stdout.split('\n');
    expect(lines[0]).toBe(`DL Setup 安装计划：PyTorch ${version} (${variant})  状态：可行  方式：Python 包（wheel）`);
    expect(lines).toEqual(
      expect.arrayContaining([
        '  组件          操作  版本',
        '  GPU                 GeForce RTX 4090（计算能力 8.9）',
        `  驱动          保留  550.54.15（需要 ${minimum} 或更新版本）`,
        `  CUDA Toolkit  无    不需要：wheel 包已自带 CUDA ${cuda}`,
        `  PyTorch       安装  torch==${version} --index-url https://download.pytorch.org/whl/${variant}`,
        '步骤',
        '原因',
      ]),
    );
    // data/download-sizes.json measured no torch 2.14 build: the size is said to be unknown, never "约 0 B" (issue 30).
    expect(lines).toContainEqual('下载量  大小未知（DL Setup 没有本计划所装版本的实测大小：PyTorch 及其 CUDA 库）');
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}- 驱动：保留 550\.54\.15；/));
    expect(stdout).not.toMatch(/\b(DL Setup plan|Component|Action|Steps|Download|Why|Driver|keep|not needed|Compatibility)\b/);
  });

  it('speaks Chinese without --lang when LANG is zh_CN.UTF-8, and English when --lang en says so', async () => {
    const asked = await planText(...whatIf, '--lang', 'zh-CN');
    setLocaleEnv('zh_CN.UTF-8');
    const fromEnvironment = await planText(...whatIf);
    expect(fromEnvironment.stdout).toBe(asked.stdout);
    const english = await planText(...whatIf, '--lang', 'en');
    const { version, variant } = await whatIfFacts();
    expect(english.stdout.split('\n')[0]).toBe(`DL Setup plan: PyTorch ${version} (${variant})  status: ok  method: wheels`);
    expect(english.stdout).toContain('  Component     Action   Version');
    expect(english.stdout).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('LC_ALL wins over LANG, as in gettext tools', async () => {
    vi.stubEnv('LC_ALL', 'en_US.UTF-8');
    vi.stubEnv('LANG', 'zh_CN.UTF-8');
    expect((await planText(...whatIf)).stdout).toContain('  Component     Action   Version');
  });

  it('keeps --json the same whatever LANG says', async () => {
    const english = await planText(...whatIf, '--json');
    setLocaleEnv('zh_CN.UTF-8');
    const underChinese = await planText(...whatIf, '--json');
    expect(underChinese.stdout).toBe(english.stdout);
    expect(JSON.parse(english.stdout).reasons.join(' ')).toMatch(/^Planning for Linux/);
  });
});
