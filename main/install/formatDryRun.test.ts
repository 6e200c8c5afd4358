import { describe, expect, it } from 'vitest';
import { pytorchPlanFacts } from '../../testkit/data/liveFacts.js';
import { resolvePlan } from '../../shared/plan/resolvePlan.js';
import { displayWidth } from '../../shared/text/displayWidth.js';
import type { Plan } from '../../shared/types/plan.js';
import { loadCompatData } from '../plan/loadCompatData.js';
import { formatDryRun } from './formatDryRun.js';
import { InstallService } from './installService.js';
import { testPlan } from '../../testkit/install/testPlan.js';

/** The resolver's plan for a GTX 1080 Ti without a driver, with its step titles in `locale`. */
function pascalPlan(locale: 'en' | 'zh-CN'): Plan {
  return resolvePlan(loadCompatData(), { os: 'linux', arch: 'x86_64', gpuVendor: 'nvidia', gpuName: 'GeForce GTX 1080 Ti', driverVersion: null }, { framework: 'pytorch' }, { locale });
}

const envRoot = '/home/student/envs';

describe('formatDryRun', () => {
  it('in English by default, marks the commands that run as root', () => {
    const plan = pascalPlan('en');
    const { version, branch, linuxMinimum } = pytorchPlanFacts(plan, '6.1');
    const lines = formatDryRun(plan, { envRoot }).split('\n');
    expect(lines.slice(0, 6)).toEqual([
      'Dry run: 3 steps; nothing will be changed. Lines marked [admin] run as administrator (one password prompt for the whole install).',
      '',
      `1. Install NVIDIA driver R${branch} (${linuxMinimum} or newer) [admin]`,
      '   (skipped when already done)',
      `   [admin] $ apt-get install --yes nvidia-driver-${branch}   # Ubuntu; Debian installs nvidia-driver from non-free`,
      '   [admin] # if nouveau is loaded: write /etc/modprobe.d/dlsetup-blacklist-nouveau.conf and run update-initramfs -u',
    ]);
    expect(lines).toContain(`           $ python${plan.python.version} -m venv /home/student/envs/dlsetup-pytorch-${version}`);
  });

  it('in Chinese, frames the commands in Chinese and leaves commands, paths and versions as they are', () => {
    const plan = pascalPlan('zh-CN');
    const { version, variant, branch, linuxMinimum } = pytorchPlanFacts(plan, '6.1');
    const python = plan.python.version;
    const env = `/home/student/envs/dlsetup-pytorch-${version}`;
    const lines = formatDryRun(plan, { envRoot }, 'zh-CN').split('\n');
    expect(lines).toEqual([
      '演练模式：共 3 个步骤，不会做任何更改。标有 [管理员] 的行以管理员身份运行（整个安装只需输入一次密码）。',
      '',
      `1. 安装 NVIDIA 驱动 R${branch}（${linuxMinimum} 或更新版本） [管理员]`,
      '   （如已完成则跳过）',
      `   [管理员] $ apt-get install --yes nvidia-driver-${branch}   # 适用于 Ubuntu；Debian 从 non-free 安装 nvidia-driver`,
      '   [管理员] # 如果已加载 nouveau：写入 /etc/modprobe.d/dlsetup-blacklist-nouveau.conf 并运行 update-initramfs -u',
      '            # 然后重启；重启后安装会继续',
      '',
      `2. 创建 Python ${python} 虚拟环境 dlsetup-pytorch-${version}`,
      '   （如已完成则跳过）',
      `            # 检查 ${env} 是否可写且有 8.0 GB 可用空间`,
      `            $ python${python} -m venv ${env}`,
      '',
      `3. 用 pip 安装：pip install torch==${version} --index-url https://download.pytorch.org/whl/${variant}`,
      '   （如已完成则跳过）',
      `            $ ${env}/bin/python -m pip install --disable-pip-version-check --no-input --no-color --progress-bar raw --index-url https://download.pytorch.org/whl/${variant} torch==${version}   # pip < 24.1 时使用 --progress-bar off`,
      '',
    ]);
  });

  it('in Chinese, says the step titles of a plan made in English in Chinese (issue 30: plan --json, then install --lang zh-CN)', () => {
    const fromEnglishFile = formatDryRun(JSON.parse(JSON.stringify(pascalPlan('en'))) as Plan, { envRoot }, 'zh-CN');
    expect(fromEnglishFile).toBe(formatDryRun(pascalPlan('zh-CN'), { envRoot }, 'zh-CN'));
    expect(fromEnglishFile).not.toMatch(/Install NVIDIA driver|virtual environment|\[driver|\[python-env\]|\[framework\]/);
  });

  it('in Chinese, lines every command up at the same display column, marked or not', () => {
    const commands = formatDryRun(pascalPlan('zh-CN'), { envRoot }, 'zh-CN')
      .split('\n')
      .filter((line) => /^ {3}(\[管理员\] | {9})[$#]/.test(line));
    expect(commands).toHaveLength(6);
    expect(new Set(commands.map((line) => displayWidth(line.slice(0, line.search(/[$#]/)))))).toEqual(new Set([12]));
  });

  it('in Chinese, leaves none of the English framing behind', () => {
    const framing = formatDryRun(pascalPlan('zh-CN'), { envRoot }, 'zh-CN')
      .split('\n')
      .filter((line) => !/^ {3}(\[管理员\] | {9})[$#]/.test(line))
      .join('\n');
    expect(framing).not.toMatch(/Dry run|nothing will be changed|Lines marked|\[root\]|, root\]|administrator|password|skipped when already done/);
  });

  it('in Chinese, says one step, a blocked plan and a step that cannot run in Chinese', () => {
    const one = testPlan([{ id: 'env', kind: 'python-env', title: '创建 Python 环境', elevated: false, params: { manager: 'venv', path: '/tmp/env', minFreeBytes: 1e6 } }]);
    expect(formatDryRun(one, {}, 'zh-CN').split('\n')[0]).toBe('演练模式：共 1 个步骤，不会做任何更改。标有 [管理员] 的行以管理员身份运行（整个安装只需输入一次密码）。');

    const blocked = { ...testPlan([]), status: 'blocked', blockers: [{ code: 'NO_GPU', message: '没有 GPU。' }] } as unknown as Plan;
    expect(formatDryRun(blocked, {}, 'zh-CN').split('\n')[1]).toBe('此计划受阻，无法执行：没有 GPU。');

    const unknown = testPlan([{ id: 'odd', kind: 'nonsense' as never, title: '奇怪的步骤', elevated: false, params: {} }]);
    const lines = formatDryRun(unknown, {}, 'zh-CN').split('\n');
    expect(lines.slice(2, 4)).toEqual(['1. 奇怪的步骤', expect.stringMatching(/^ {3}✗ 无法执行：.*"nonsense"/)]);
  });

  it('in Chinese, says why a step\'s params cannot run, and install:start refuses them in the same words', () => {
    const bad = testPlan([
      { id: 'env', kind: 'python-env', title: '创建 Python 环境', elevated: false, params: { manager: 'venv', path: 'envs/torch' } },
      { id: 'vars', kind: 'env-vars', title: '设置 CUDA 环境变量', elevated: false, params: { scope: 'galaxy', cudaHome: '/usr/local/cuda-12.4' } },
      { id: 'toolkit', kind: 'cuda-toolkit', title: '安装 CUDA Toolkit 12.4', elevated: true, params: { version: '12.4', os: 'windows' } },
    ]);
    const lines = formatDryRun(bad, {}, 'zh-CN').split('\n');
    expect(lines.filter((line) => line.includes('✗'))).toEqual([
      '   ✗ 无法执行：方案中的 python-env 步骤无效："path" 必须是绝对路径。',
      '   ✗ 无法执行：方案中的 env-vars 步骤无效："scope" 必须是以下之一：system, user, environment。',
      '   ✗ 无法执行：DL Setup 暂不支持在 Windows 上安装 CUDA Toolkit；请使用 NVIDIA 的安装程序，然后再运行 DL Setup。',
    ]);
    expect(formatDryRun(bad, {}, 'en').split('\n').filter((line) => line.includes('✗'))).toEqual([
      '   ✗ cannot run: The plan\'s python-env step is not valid: "path" must be an absolute path.',
      '   ✗ cannot run: The plan\'s env-vars step is not valid: "scope" must be one of system, user, environment.',
      '   ✗ cannot run: DL Setup does not install the CUDA Toolkit on Windows yet; use NVIDIA\'s installer, then run DL Setup again.',
    ]);
    expect(() => new InstallService().start(bad, { dryRun: true, locale: 'zh-CN' })).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT', message: '方案中的 python-env 步骤无效："path" 必须是绝对路径。' }));
  });
});
