import { describe, expect, it } from 'vitest';
import { literal, pytorchPlanFacts, pytorchRelease } from '../../testkit/data/liveFacts.js';
import { translationProblems } from '../../shared/i18n/localize.js';
import { estimateDownload, formatMegabytes } from '../../shared/plan/estimateDownload.js';
import { resolvePlan } from '../../shared/plan/resolvePlan.js';
import { displayWidth } from '../../shared/text/displayWidth.js';
import { terminalSafe } from '../../shared/text/terminalSafe.js';
import { formatPlan } from './formatPlan.js';
import { loadCompatData } from './loadCompatData.js';
import { loadDownloadSizes } from './loadDownloadSizes.js';
import planSummaryTextEn from '../../locales/en/planSummary.json' with { type: 'json' };
import planSummaryTextZhCN from '../../locales/zh-CN/planSummary.json' with { type: 'json' };

/** The one measured Linux CUDA build of PyTorch in data/download-sizes.json (its row's release and variant). */
const measuredTorch = loadDownloadSizes().rows.find((row) => row.component === 'pytorch-cuda-wheels' && row.os === 'linux')!;

describe('formatPlan', () => {
  it('prints the components, steps and every reason as plain text', () => {
    const plan = resolvePlan(loadCompatData(), { os: 'linux', arch: 'x86_64', gpuVendor: 'nvidia', gpuName: 'GeForce GTX 1080 Ti', driverVersion: null }, { framework: 'pytorch' });
    const { version, variant, linuxMinimum: target, minimum, branch } = pytorchPlanFacts(plan, '6.1');
    const text = formatPlan(plan, { color: false });
    expect(text).toContain(`DL Setup plan: PyTorch ${version} (${variant})  status: ok  method: wheels`);
    expect(text).toMatch(new RegExp(`Driver\\s+install\\s+${literal(target)} or newer \\(needs ${literal(minimum)} or newer\\)`));
    expect(text).toMatch(new RegExp(`PyTorch\\s+install\\s+${literal(`torch==${version} --index-url https://download.pytorch.org/whl/${variant}`)}`));
    expect(text).toContain(`1. [admin] Install NVIDIA driver R${branch} (${target} or newer)`);
    for (const reason of plan.reasons) expect(text).toContain(reason);
    expect(text).not.toContain('\u001b[');
  });

  it('shows a blocker with the nearest working command, in color when asked', () => {
    const plan = resolvePlan(loadCompatData(), { os: 'linux', arch: 'x86_64', gpuVendor: 'nvidia', gpuName: 'Tesla K80', driverVersion: '470.82.01' }, { framework: 'pytorch', frameworkVersion: '2.14' });
    // What the terminal receives: the printer turns the style marks into colour codes.
    const text = terminalSafe(formatPlan(plan, { color: true }), true);
    expect(text).toContain('\u001b[31mblocked\u001b[0m');
    expect(text).toMatch(/ PyTorch 2\.14 cannot use your GPU.* \[NO_KERNELS_FOR_GPU\]$/m);
    // torch 2.4 - 2.7 cu118 bundle cuDNN 9.1, which needs compute capability 5.0 (cuDNN 9.0.0 support matrix): 2.3 is the nearest.
    expect(text).toContain(`Nearest working request: dlsetup plan --framework pytorch --framework-version ${pytorchRelease('2.3').latestPatch}`);
  });

  it('states the download size of the measured build and what has no known size', () => {
    const plan = resolvePlan(loadCompatData(), { os: 'linux', arch: 'x86_64', gpuVendor: 'nvidia', gpuName: 'GeForce GTX 1080 Ti', driverVersion: null }, { framework: 'pytorch', frameworkVersion: measuredTorch.release });
    expect([plan.framework.version, plan.framework.variant]).toEqual([measuredTorch.release, measuredTorch.variant]);
    const withDownload = { ...plan, download: estimateDownload(plan, loadDownloadSizes()) };
    expect(formatPlan(withDownload, { color: false })).toContain(`Download  about ${formatMegabytes(measuredTorch.megabytes)} (size unknown, not included: NVIDIA driver)`);
    expect(formatPlan(plan, { color: false })).not.toContain('Download');
  });

  it('says the size is unknown, never "about 0 B", when no part of the download was measured for this plan', () => {
    const plan = resolvePlan(loadCompatData(), { os: 'linux', arch: 'x86_64', gpuVendor: 'nvidia', gpuName: 'GeForce GTX 1080 Ti', driverVersion: null }, { framework: 'pytorch' });
    expect(plan.framework.version).not.toBe(measuredTorch.release);
    const text = formatPlan({ ...plan, download: estimateDownload(plan, loadDownloadSizes()) }, { color: false });
    expect(text).toContain('Download  size unknown (DL Setup has no size measured for the versions this plan installs: NVIDIA driver, PyTorch with its CUDA libraries)');
    expect(text).not.toMatch(/about 0/);
  });
});

describe('formatPlan in Simplified Chinese', () => {
  const pascal = resolvePlan(loadCompatData(), { os: 'linux', arch: 'x86_64', gpuVendor: 'nvidia', gpuName: 'GeForce GTX 1080 Ti', driverVersion: null }, { framework: 'pytorch' }, { locale: 'zh-CN' });
  const { version, variant, cuda, linuxMinimum: target, minimum, branch } = pytorchPlanFacts(pascal, '6.1');
  const text = formatPlan({ ...pascal, download: estimateDownload(pascal, loadDownloadSizes()) }, { color: false, locale: 'zh-CN' });
  const lines = text.split('\n');

  it('the Chinese labels have every English key, with the same placeholders', () => {
    expect(translationProblems(planSummaryTextEn, planSummaryTextZhCN)).toEqual([]);
  });

  it('labels the table, the steps and the download in Chinese and keeps versions and commands', () => {
    expect(lines).toEqual(
      expect.arrayContaining([
        `DL Setup 安装计划：PyTorch ${version} (${variant})  状态：可行  方式：Python 包（wheel）`,
        '  组件          操作  版本',
        '  GPU                 GeForce GTX 1080 Ti（计算能力 6.1）',
        `  驱动          安装  ${target} 或更新版本（需要 ${minimum} 或更新版本）`,
        `  CUDA Toolkit  无    不需要：wheel 包已自带 CUDA ${cuda}`,
        `  PyTorch       安装  torch==${version} --index-url https://download.pytorch.org/whl/${variant}`,
        '步骤',
        `  1. [管理员] 安装 NVIDIA 驱动 R${branch}（${target} 或更新版本）`,
        '下载量  大小未知（DL Setup 没有本计划所装版本的实测大小：NVIDIA 驱动、PyTorch 及其 CUDA 库）',
        '原因',
      ]),
    );
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}cuDNN {9}随附 {2}\d+\.\d+/));
    expect(lines.at(-1)).toMatch(/^兼容性数据审核日期：\d{4}-\d{2}-\d{2}。$/);
  });

  it('leaves no English label behind (the plan\'s own sentences are checked by planText)', () => {
    const labels = lines.filter((line) => !/^ {2}(- |! |\d+\. )/.test(line)).join('\n');
    expect(labels).not.toMatch(/\b(DL Setup plan|status|method|Component|Action|Version|Driver|install|keep|bundled|none|not needed|needs|or newer|compute capability|Steps|admin|Download|about|size unknown|not included|Why|Warnings|Compatibility)\b/);
  });

  it('lines up the table columns by display width', () => {
    const table = lines.slice(2, 9);
    expect(table[0]).toBe('  组件          操作  版本');
    // The display column where the first match of `pattern` starts on each line that has one.
    const startsOf = (pattern: RegExp) => table.filter((line) => pattern.test(line)).map((line) => displayWidth(line.slice(0, line.search(pattern))));
    expect(startsOf(/(安装|升级|保留|随附|无|操作)/)).toEqual([16, 16, 16, 16, 16, 16]);
    expect(startsOf(/(版本|GeForce|不需要|\d|torch)/)).toEqual([22, 22, 22, 22, 22, 22, 22]);
  });

  it('says a blocked plan is blocked, with the nearest working command', () => {
    const kepler = resolvePlan(loadCompatData(), { os: 'linux', arch: 'x86_64', gpuVendor: 'nvidia', gpuName: 'Tesla K80', driverVersion: '470.82.01' }, { framework: 'pytorch', frameworkVersion: '2.14' }, { locale: 'zh-CN' });
    const blocked = formatPlan(kepler, { color: false, locale: 'zh-CN' }).split('\n');
    expect(blocked[0]).toBe(`DL Setup 安装计划：PyTorch ${pytorchRelease('2.14').latestPatch}  状态：受阻  方式：Python 包（wheel）`);
    expect(blocked).toEqual(
      expect.arrayContaining([
        '  驱动          无    470.82.01（此版本用不到驱动）',
        '  cuDNN         无    不需要',
        '无法执行',
        `    最接近的可行请求：dlsetup plan --framework pytorch --framework-version ${pytorchRelease('2.3').latestPatch}`,
      ]),
    );
  });

  it('names no GPU in Chinese for a CPU-only plan', () => {
    const cpu = resolvePlan(loadCompatData(), { os: 'linux', arch: 'x86_64', gpuVendor: 'none', driverVersion: null }, { framework: 'jax' }, { locale: 'zh-CN' });
    expect(formatPlan(cpu, { color: false, locale: 'zh-CN' }).split('\n')).toContainEqual(expect.stringMatching(/^ {2}GPU {17}无$/));
    expect(formatPlan(cpu, { color: false }).split('\n')).toContainEqual(expect.stringMatching(/^ {2}GPU {2,}none$/));
  });
});
