import { describe, expect, it } from 'vitest';
import { translationProblems } from '../../shared/i18n/localize.js';
import { displayWidth } from '../../shared/text/displayWidth.js';
import { terminalSafe } from '../../shared/text/terminalSafe.js';
import type { VerifyReport } from '../../shared/types/verify.js';
import { compareReports } from './compareReports.js';
import { formatComparison, formatVerifyReport } from './formatVerifyReport.js';
import { renderHtmlReport } from './renderHtmlReport.js';
import verifyReportTextEn from '../../locales/en/verifyReport.json' with { type: 'json' };
import verifyReportTextZhCN from '../../locales/zh-CN/verifyReport.json' with { type: 'json' };

/** A GPU run shaped like the script's output on an H200, after verify() added the spec peaks. */
function h200Report(overrides: Partial<VerifyReport> = {}): VerifyReport {
  return {
    schemaVersion: 1,
    createdAt: '2026-07-03T22:11:09.916Z',
    framework: { name: 'pytorch', version: '2.5.1+cu124', build: { cuda: '12.4', cudnn: '9.1.0' } },
    devices: [{ index: 0, name: 'NVIDIA H200', computeCapability: '9.0', memoryMiB: 143167 }],
    checks: [
      { id: 'gpu-available', status: 'pass', reason: '1 GPU(s) visible to PyTorch; using NVIDIA H200.' },
      { id: 'conv2d-forward', status: 'pass', reason: 'conv2d forward <ok> & "fine"', metrics: { relError: 3.1e-7 } },
      { id: 'memory-alloc', status: 'fail', code: 'OUT_OF_MEMORY', reason: 'Allocating most of the free GPU memory failed: CUDA out of memory.' },
    ],
    matmul: [
      { dtype: 'fp32', device: 'gpu', tflops: 51.208, peakTflops: 66.91, efficiency: 0.765, n: 8192 },
      { dtype: 'bf16', device: 'gpu', tflops: 388.981, peakTflops: 989.4, efficiency: 0.393, n: 8192 },
    ],
    summary: { passed: 2, failed: 1, skipped: 0 },
    fingerprint: { gpus: 'NVIDIA H200', driver: '590.48.01', framework: 'pytorch', frameworkVersion: '2.5.1+cu124', python: '3.12.3' },
    python: { path: '/opt/venv/bin/python', version: '3.12.3' },
    tuning: [{ id: 'tf32', label: 'TF32 for fp32 matmuls', speedup: 7.388, setting: 'torch.backends.cuda.matmul.allow_tf32 = True' }],
    findings: [{ code: 'LOW_MATMUL_EFFICIENCY', subject: 'matmul-bf16', message: 'bf16 matmul reached 389.0 TFLOP/s, 39 % of the spec peak.', likelyCauses: ['A power cap below the default (nvidia-smi -q -d POWER).'] }],
    bandwidth: { gbs: 3912.3, peakGBs: 4800, efficiency: 0.815 },
    spec: { name: 'H200 SXM 141GB', source: 'pci.ids; NVIDIA https://developer.nvidia.com/cuda-gpus' },
    ...overrides,
  };
}

describe('renderHtmlReport', () => {
  const html = renderHtmlReport(h200Report(), { comparison: compareReports(h200Report({ createdAt: '2026-06-01T00:00:00.000Z', fingerprint: { ...h200Report().fingerprint, driver: '570.124.06' } }), h200Report()) });

  it('shows the figures: achieved TFLOP/s, % of peak, bandwidth, findings, tuning', () => {
    expect(html).toContain('51.2 TFLOP/s · 77 % of 66.91 TFLOP/s spec peak');
    expect(html).toContain('389.0 TFLOP/s');
    expect(html).toContain('39 % of 989.4 TFLOP/s spec peak');
    expect(html).toContain('3912 GB/s</strong> (82 % of 4800 GB/s spec)');
    expect(html).toContain('7.39x');
    expect(html).toContain('OUT_OF_MEMORY');
    expect(html).toContain('<svg role="img"');
    expect(html).toContain('Changes since 2026-06-01T00:00:00.000Z');
    expect(html).toMatch(/Driver<\/td><td>570\.124\.06<\/td><td>590\.48\.01/);
  });

  it('says the verdict first, in the Verify screen\'s words, in both languages: pass, fail with its cause, CPU-only', () => {
    const passed = h200Report({ checks: h200Report().checks.filter((check) => check.status === 'pass'), summary: { passed: 2, failed: 0, skipped: 0 } });
    const cpuOnly = h200Report({
      devices: [],
      checks: [{ id: 'gpu-available', status: 'skip', code: 'NO_NVIDIA_GPU', reason: 'This machine has no NVIDIA GPU.' }],
      matmul: [{ dtype: 'fp32', device: 'cpu', tflops: 0.1234, gflops: 123.4, n: 1024 }],
      summary: { passed: 0, failed: 0, skipped: 1 },
    });
    // The verdict is the first thing after the heading: before the counts, the machine table and the chart.
    const verdictOf = (page: string) => {
      const after = page.slice(page.indexOf('</h1>') + 6);
      expect(after.startsWith('<div class="verdict')).toBe(true);
      return after.slice(0, after.indexOf('</div>')).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
    };
    expect(verdictOf(renderHtmlReport(passed))).toBe('Your NVIDIA H200 works: bf16 matmul 389 TFLOP/s = 39 % of spec; cuDNN convolution matches the CPU.');
    expect(verdictOf(renderHtmlReport(passed, { locale: 'zh-CN' }))).toBe('你的 NVIDIA H200 工作正常：bf16 矩阵乘法 389 TFLOP/s，达到规格的 39 %；cuDNN 卷积结果与 CPU 一致。');
    expect(verdictOf(html)).toBe('Verify found a problem: this setup does not work yet. GPU memory: Allocating most of the free GPU memory failed: CUDA out of memory.');
    expect(verdictOf(renderHtmlReport(h200Report(), { locale: 'zh-CN' }))).toBe('验证发现一个问题：这套环境还不能正常工作。 GPU 显存：Allocating most of the free GPU memory failed: CUDA out of memory.');
    expect(verdictOf(renderHtmlReport(cpuOnly))).toBe('PyTorch works on the CPU: fp32 matmul 123.4 GFLOP/s. This machine has no NVIDIA GPU, so there is no GPU to verify.');
    expect(verdictOf(renderHtmlReport(cpuOnly, { locale: 'zh-CN' }))).toBe('PyTorch 在 CPU 上工作正常：fp32 矩阵乘法 123.4 GFLOP/s。这台电脑没有 NVIDIA GPU，因此没有 GPU 需要验证。');
    expect(renderHtmlReport(passed)).toContain('<div class="verdict pass"');
    expect(html).toContain('<div class="verdict fail"');
  });

  it('marks a result below 50 % of the peak in red', () => {
    const bars = [...html.matchAll(/<rect [^>]*fill="(#[0-9a-f]{6})"><\/rect>/g)].map((m) => m[1]);
    expect(bars).toEqual(['#1f883d', '#cf222e']);
  });

  it('escapes text from other programs', () => {
    expect(html).toContain('conv2d forward &lt;ok&gt; &amp; &quot;fine&quot;');
    expect(html).not.toContain('<ok>');
  });

  it('loads nothing from outside: no scripts, links, stylesheets or remote images', () => {
    expect(html).not.toMatch(/<script|<link|<img|<iframe|@import|url\(|\bsrc=|\bhref=/i);
    expect(html).toContain("default-src 'none'");
  });
});

describe('compareReports', () => {
  it('lists the driver, each changed check and the TFLOP/s delta', () => {
    const before = h200Report({
      createdAt: '2026-06-01T00:00:00.000Z',
      fingerprint: { ...h200Report().fingerprint, driver: '570.124.06', frameworkVersion: '2.4.1+cu121' },
      checks: [{ id: 'gpu-available', status: 'pass' }, { id: 'memory-alloc', status: 'pass' }, { id: 'cudnn', status: 'fail', code: 'CUDNN_LIB_MISSING' }],
      matmul: [{ dtype: 'bf16', device: 'gpu', tflops: 780.2 }, { dtype: 'fp32', device: 'gpu', tflops: 51.9 }],
    });
    const comparison = compareReports(before, h200Report());
    expect(comparison.changes).toEqual([
      { subject: 'Driver', before: '570.124.06', after: '590.48.01', direction: 'changed' },
      { subject: 'Framework version', before: '2.4.1+cu121', after: '2.5.1+cu124', direction: 'changed' },
      { subject: 'Check memory-alloc', before: 'pass', after: 'fail', direction: 'worse' },
      { subject: 'Check cudnn', before: 'fail', after: null, direction: 'changed' },
      { subject: 'Check conv2d-forward', before: null, after: 'pass', direction: 'changed' },
      { subject: 'Matmul bf16 TFLOP/s', before: '780.2', after: '388.981', direction: 'worse' },
    ]);
    expect(comparison.matmulDeltas).toContainEqual({ dtype: 'fp32', before: 51.9, after: 51.208, deltaPercent: -1.3 });
    const text = formatComparison(comparison);
    expect(text).toContain('Driver: 570.124.06 -> 590.48.01');
    expect(text).toContain('bf16       780.2 -> 388.981  (-50.1 %)');
  });

  it('says there is nothing to compare with on the first run', () => {
    expect(formatComparison(compareReports(null, h200Report()))).toBe('No earlier report to compare with; this run is now the baseline.\n');
  });
});

describe('formatVerifyReport', () => {
  it('prints % of peak and the finding; colour only when asked', () => {
    const plain = formatVerifyReport(h200Report());
    expect(plain).toContain('bf16           389.0 TFLOP/s  39 % of 989.4 TFLOP/s spec peak  (8192x8192)');
    expect(plain).toContain('Finding: bf16 matmul reached 389.0 TFLOP/s');
    expect(plain).not.toContain('\u001b[');
    expect(terminalSafe(formatVerifyReport(h200Report(), { color: true }), true)).toContain('\u001b[31mFAIL\u001b[0m');
  });
});

/** The same run as the engine writes it for a Chinese reader: its own sentences are already Chinese. */
function h200ReportZh(overrides: Partial<VerifyReport> = {}): VerifyReport {
  return h200Report({
    checks: [
      { id: 'gpu-available', status: 'pass', reason: 'PyTorch 可见 1 个 GPU；使用 NVIDIA H200。' },
      { id: 'memory-alloc', status: 'fail', code: 'OUT_OF_MEMORY', reason: '分配大部分空闲显存失败：CUDA 显存不足。' },
      { id: 'toolkit-compile', status: 'skip', reason: '未找到 nvcc。' },
    ],
    summary: { passed: 1, failed: 1, skipped: 1 },
    tuning: [{ id: 'tf32', label: 'fp32 矩阵乘法使用 TF32', speedup: 7.388, setting: 'torch.backends.cuda.matmul.allow_tf32 = True' }],
    findings: [{ code: 'LOW_MATMUL_EFFICIENCY', subject: 'matmul-bf16', message: 'bf16 矩阵乘法只达到规格峰值的 39 %。', likelyCauses: ['功耗上限低于默认值。'] }],
    advice: ['训练时使用 bf16。'],
    warnings: ['忽略了 2 行无法识别的输出。'],
    ...overrides,
  });
}

/** English words the report's labels would leave behind if a label were missed. */
const ENGLISH_LABELS = /\b(verification|quick|Framework|GPUs|Driver|Spec|none|found|usable|Checks|PASS|FAIL|SKIP|Matmul|throughput|spec|peak|copy|Tuning|measured|Finding|Advice|Warning|Summary|passed|failed|skipped|Changes|since|Nothing|changed|Machine|build|row|Check|Result|Code|Reason|Setting|Speed|How|What|Before|Now|Fingerprint|achieved|grey|green|purple|reference)\b/;

describe('the verification report in Simplified Chinese', () => {
  it('the Chinese labels have every English key, with the same placeholders', () => {
    expect(translationProblems(verifyReportTextEn, verifyReportTextZhCN)).toEqual([]);
  });

  it('formatVerifyReport: Chinese headings, marks and summary, aligned, no English label left', () => {
    const text = formatVerifyReport(h200ReportZh({ toolkit: { nvcc: '/usr/local/cuda/bin/nvcc', version: '12.4', cudnn: null } }), { locale: 'zh-CN' });
    const lines = text.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'DL Setup 验证，2026-07-03T22:11:09.916Z',
        '  Python        /opt/venv/bin/python (3.12.3)',
        '  框架          pytorch 2.5.1+cu124（CUDA 12.4，cuDNN 9.1.0）',
        '  GPU           NVIDIA H200（计算能力 9.0），143167 MiB',
        '  驱动          590.48.01',
        '  CUDA Toolkit  nvcc 12.4 (/usr/local/cuda/bin/nvcc)',
        '  规格          H200 SXM 141GB（data/gpus.json）',
        '检查项',
        '  通过  gpu-available',
        '        PyTorch 可见 1 个 GPU；使用 NVIDIA H200。',
        '  失败  memory-alloc  [OUT_OF_MEMORY]',
        '  跳过  toolkit-compile',
        '矩阵乘法吞吐量',
        '  bf16           389.0 TFLOP/s  达到规格峰值 989.4 TFLOP/s 的 39 %  (8192x8192)',
        '  复制               3912 GB/s  达到规格带宽 4800 GB/s 的 82 %',
        '调优（在本机 GPU 上实测）',
        '发现问题：bf16 矩阵乘法只达到规格峰值的 39 %。',
        '建议',
        '警告：忽略了 2 行无法识别的输出。',
        '汇总：1 项通过，1 项失败，1 项跳过。',
      ]),
    );
    // The machine block's values start at one display column; the copy figure ends where the matmul figures end.
    const valueStarts = lines.slice(1, 7).map((line) => displayWidth(/^ {2}\S.*? {2,}(?=\S)/.exec(line)![0]));
    expect(new Set(valueStarts)).toEqual(new Set([16]));
    const endOf = (line: string, unit: string) => displayWidth(line.slice(0, line.indexOf(unit) + unit.length));
    expect(endOf(lines.find((line) => line.includes('复制'))!, 'GB/s')).toBe(30);
    expect(endOf(lines.find((line) => line.startsWith('  bf16 '))!, 'TFLOP/s')).toBe(30);
    expect(text).not.toMatch(ENGLISH_LABELS);
  });

  it('formatComparison: Chinese heading, Chinese for a first run', () => {
    const before = h200ReportZh({ createdAt: '2026-06-01T00:00:00.000Z', matmul: [{ dtype: 'bf16', device: 'gpu', tflops: 780.2 }] });
    const text = formatComparison(compareReports(before, h200ReportZh(), 'zh-CN'), { locale: 'zh-CN' });
    expect(text.split('\n')).toEqual(expect.arrayContaining(['自 2026-06-01T00:00:00.000Z 以来的变化', '矩阵乘法 TFLOP/s', '  bf16       780.2 -> 388.981  (-50.1 %)']));
    expect(formatComparison(compareReports(null, h200ReportZh(), 'zh-CN'), { locale: 'zh-CN' })).toBe('没有可供比较的早期报告；本次运行将作为基准。\n');
  });

  it('renderHtmlReport: lang="zh-CN", Chinese headings and table labels; English stays lang="en"', () => {
    const comparison = compareReports(h200ReportZh({ createdAt: '2026-06-01T00:00:00.000Z', fingerprint: { ...h200Report().fingerprint, driver: '570.124.06' } }), h200ReportZh(), 'zh-CN');
    const html = renderHtmlReport(h200ReportZh({ durationMs: 42_000, quick: true }), { comparison, locale: 'zh-CN' });
    expect(html).toContain('<html lang="zh-CN">');
    expect(html).toContain('<title>DL Setup 验证报告 2026-07-03T22:11:09.916Z</title>');
    expect(html).toContain('<h1>DL Setup 验证报告</h1>');
    expect(html).toContain('<p class="muted">2026-07-03T22:11:09.916Z · 快速模式 · 42.0 秒</p>');
    expect(html).toContain('<span class="pass">1 项通过</span><span class="fail">1 项失败</span><span class="skip">1 项跳过</span>');
    for (const heading of ['本机', '矩阵乘法吞吐量', '检查项', '调优（在本机 GPU 上实测）', '建议', '自 2026-06-01T00:00:00.000Z 以来的变化', '警告']) {
      expect(html).toContain(`<h2>${heading}</h2>`);
    }
    expect(html).toContain('<tr><th>检查项</th><th>结果</th><th>代码</th><th>原因</th></tr>');
    expect(html).toContain('<td class="fail">失败</td>');
    expect(html).toContain('<td>驱动</td><td>590.48.01</td>');
    expect(html).toContain('显存到显存复制： <strong>3912 GB/s</strong>（达到规格带宽 4800 GB/s 的 82 %）');
    expect(html).toContain('51.2 TFLOP/s · 达到规格峰值 66.91 TFLOP/s 的 77 %');
    const visible = html
      .replace(/<style>[\s\S]*?<\/style>/, '')
      .replace(/<meta[^>]*>/g, '')
      .replace(/<[^>]+>/g, ' ');
    expect(visible).not.toMatch(ENGLISH_LABELS);
    expect(renderHtmlReport(h200Report())).toContain('<html lang="en">');
  });
});
