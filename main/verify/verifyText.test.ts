import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sayUnchecked, translationProblems } from '../../shared/i18n/localize.js';
import type { VerifyEvent, VerifyReport } from '../../shared/types/verify.js';
import { hasDebianTorch, SYSTEM_PYTHON } from '../../testkit/debianTorch.js';
import { compareReports } from './compareReports.js';
import { createFrameworkCheckCollector } from './frameworkCheckCollector.js';
import { frameworkCheckScript, runFrameworkCheck } from './runFrameworkCheck.js';
import { diagnoseCudaRuntimeError, runToolkitCheck } from './runToolkitCheck.js';
import { isScriptKey, wordScriptText, type ScriptSentence } from './scriptText.js';
import { efficiencyFindings } from './specEfficiency.js';
import { verify } from './verify.js';
import { staticAdvice, tuningAdvice } from './verifyAdvice.js';
import verifyTextEn from '../../locales/en/verify.json' with { type: 'json' };
import { verifyText, type VerifyTextKey } from './verifyText.js';
import verifyTextZhCN from '../../locales/zh-CN/verify.json' with { type: 'json' };

const CJK = /[\u4e00-\u9fff]/;
const dir = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-verifytext-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const scriptKeys = (Object.keys(verifyTextEn) as (keyof typeof verifyTextEn)[]).filter((key) => key.startsWith('script.'));

describe('verify catalogs', () => {
  it('the Chinese catalog has every English key, with the same placeholders', () => {
    expect(translationProblems(verifyTextEn, verifyTextZhCN)).toEqual([]);
  });

  it('the check script sends only catalog keys, and every script.* key is one it sends', () => {
    const pythonDir = path.dirname(frameworkCheckScript);
    const sources = readdirSync(pythonDir).filter((file) => file.endsWith('.py')).map((file) => readFileSync(path.join(pythonDir, file), 'utf8'));
    const sent = new Set(sources.flatMap((source) => [...source.matchAll(/"(script\.\w+)"/g)].map((match) => match[1]!)));
    expect([...sent].filter((key) => !isScriptKey(key))).toEqual([]);
    expect(scriptKeys.filter((key) => !sent.has(key))).toEqual([]);
  });

  it('words a script sentence from its key and values in either language, and leaves plain text alone', () => {
    const sentence = { key: 'script.gpusVisible', params: { count: 2, framework: 'PyTorch', name: 'NVIDIA H200' } };
    expect(wordScriptText(sentence, 'zh-CN')).toBe('PyTorch 可见 2 块 GPU；使用 NVIDIA H200。');
    expect(wordScriptText(sentence, 'en')).toBe('2 GPU(s) visible to PyTorch; using NVIDIA H200.');
    expect(wordScriptText(sentence)).toBe('2 GPU(s) visible to PyTorch; using NVIDIA H200.');
    expect(wordScriptText('RuntimeError: CUDA error: unspecified launch failure', 'zh-CN')).toBe('RuntimeError: CUDA error: unspecified launch failure');
    expect(wordScriptText({ key: 'script.cpuMatmulPytorch', params: { n: 1024, gflops: '52.3', threads: 4 } }, 'zh-CN')).toBe('CPU fp32 矩阵乘法 1024x1024：52.3 GFLOP/s（PyTorch，4 个线程）。');
    expect(wordScriptText({ key: 'script.cpuMatmulPytorch', params: { n: 1024, gflops: '52.3', threads: 4 } })).toBe('CPU fp32 matmul 1024x1024: 52.3 GFLOP/s (PyTorch 4 thread(s)).');
    expect(wordScriptText({ key: 'script.fromANewerScript' }, 'zh-CN')).toBe('script.fromANewerScript');
  });
});

describe('verify results in Chinese', () => {
  it('the toolkit check without nvcc: Chinese reasons, English by default', async () => {
    const nvcc = '/nonexistent/cuda/bin/nvcc';
    const zh = await runToolkitCheck({ nvcc, locale: 'zh-CN' });
    expect(zh.checks.map((check) => [check.id, check.status, check.code])).toEqual([
      ['toolkit-compile', 'fail', 'NVCC_NOT_FOUND'],
      ['toolkit-run', 'skip', undefined],
    ]);
    for (const check of zh.checks) expect(check.reason).toMatch(CJK);
    expect(zh.checks[0]?.reason).toContain(nvcc);
    const en = await runToolkitCheck({ nvcc });
    expect(en.checks.map((check) => check.reason)).toEqual([
      `nvcc (${nvcc}) was not found: install the CUDA Toolkit or pass its nvcc (set CUDA_HOME).`,
      'Nothing was compiled.',
    ]);
  });

  it('verify of a Python without a framework (and no nvcc): every reason and stage in Chinese', async () => {
    const venv = path.join(dir, 'venv');
    execFileSync(SYSTEM_PYTHON, ['-m', 'venv', '--without-pip', venv]);
    const events: VerifyEvent[] = [];
    const report = await verify({ python: path.join(venv, 'bin', 'python'), quick: true, toolkit: true, nvcc: '/nonexistent/nvcc', locale: 'zh-CN', onEvent: (event) => events.push(event) });
    expect(report.checks.map((check) => [check.id, check.code])).toEqual([
      ['framework-present', 'FRAMEWORK_MISSING'],
      ['toolkit-compile', 'NVCC_NOT_FOUND'],
      ['toolkit-run', undefined],
    ]);
    for (const check of report.checks) expect(check.reason, check.id).toMatch(CJK);
    expect(report.checks[0]?.reason).toBe(`${path.join(venv, 'bin', 'python')} 中没有安装 pytorch / tensorflow / jax / paddlepaddle。`);
    const stages = events.flatMap((event) => (event.kind === 'stage' ? [event.detail] : []));
    expect(stages.length).toBeGreaterThan(2);
    for (const stage of stages) expect(stage).toMatch(CJK);
  });

  it('a framework whose import fails: the reason in Chinese keeps the library error as it is', async () => {
    const root = path.join(dir, 'broken');
    mkdirSync(path.join(root, 'jax'), { recursive: true });
    writeFileSync(path.join(root, 'jax', '__init__.py'), 'raise ImportError("libcudnn.so.9: cannot open shared object file: No such file or directory")\n');
    const python = path.join(root, 'python');
    writeFileSync(python, `#!/bin/sh\nPYTHONPATH=${root} exec ${SYSTEM_PYTHON} "$@"\n`, { mode: 0o755 });
    const result = await runFrameworkCheck({ python, framework: 'jax', quick: true, locale: 'zh-CN' });
    expect(result.checks).toContainEqual(
      expect.objectContaining({ id: 'framework-import', code: 'CUDNN_LIB_MISSING', reason: 'import jax 失败：libcudnn.so.9: cannot open shared object file: No such file or directory' }),
    );
  });

  it('an interpreter that does not exist, and garbage on stdout: Chinese reason and warning', async () => {
    const missing = await runFrameworkCheck({ python: path.join(dir, 'no-such-python'), quick: true, locale: 'zh-CN' });
    expect(missing.checks[0]?.reason).toMatch(CJK);
    const collector = createFrameworkCheckCollector('python3', 'zh-CN');
    collector.push('Warning: loading libraries');
    expect(collector.finish().warnings).toEqual(['已忽略检查脚本的 1 行意外输出（第一行：“Warning: loading libraries”）。']);
  });

  it.skipIf(!hasDebianTorch)('every check the script runs on its GPU path (CPU stand-in) has a Chinese reason, and its English is worded from the same keys', () => {
    const stdout = execFileSync(SYSTEM_PYTHON, [frameworkCheckScript, '--quick', '--simulate-gpu'], { encoding: 'utf8' });
    const zh = createFrameworkCheckCollector(SYSTEM_PYTHON, 'zh-CN');
    const en = createFrameworkCheckCollector(SYSTEM_PYTHON);
    const raw = stdout.split('\n').filter((line) => line.includes('"type":"check"')).map((line) => (JSON.parse(line) as { reason: ScriptSentence }).reason);
    for (const line of stdout.split('\n')) {
      zh.push(line);
      en.push(line);
    }
    const zhResult = zh.finish();
    expect(zhResult.checks.length).toBeGreaterThan(10);
    for (const check of zhResult.checks) expect(check.reason, `${check.id}: ${check.reason}`).toMatch(CJK);
    for (const tuning of zhResult.tuning) {
      expect(tuning.label).toMatch(CJK);
      if (tuning.skipped) expect(tuning.skipped).toMatch(CJK);
    }
    for (const advice of tuningAdvice(zhResult.tuning, 'zh-CN')) expect(advice).toMatch(CJK);
    const english = en.finish().checks.map((check) => check.reason);
    expect(english).toEqual(raw.map((sentence) => sayUnchecked(verifyText(), sentence.key as VerifyTextKey, sentence.params)));
    for (const sentence of [...english, ...zhResult.checks.map((check) => check.reason)]) expect(sentence).not.toMatch(/\{\{|script\./);
  });

  it('findings, likely causes, advice, comparisons and CUDA runtime errors in Chinese', () => {
    const health = { temperatureC: 90, powerLimitW: 200, powerDefaultLimitW: 350, smClockMHz: 500, smClockMaxMHz: 2000, pcieWidth: 8, pcieWidthMax: 16, throttleReasons: '0x4 SW power cap' };
    const findings = efficiencyFindings([{ dtype: 'fp16', tflops: 100.1, peakTflops: 989, efficiency: 0.101 }], { gbs: 800, peakGBs: 4800, efficiency: 0.167 }, health, 'NVIDIA H200', 'zh-CN');
    expect(findings.map((finding) => finding.code)).toEqual(['LOW_MATMUL_EFFICIENCY', 'LOW_BANDWIDTH_EFFICIENCY']);
    expect(findings[0]?.message).toBe('fp16 矩阵乘法达到 100.1 TFLOP/s，只有 NVIDIA H200 稠密规格峰值 989 TFLOP/s 的 10 %（低于 50 %）。');
    for (const sentence of findings.flatMap((finding) => [finding.message, ...finding.likelyCauses])) expect(sentence).toMatch(CJK);
    for (const sentence of [...staticAdvice('zh-CN'), ...tuningAdvice([{ id: 'tf32', label: 'x', speedup: 1.5, setting: 'y' }, { id: 'b', label: 'x', skipped: 'z' }], 'zh-CN')]) {
      expect(sentence).toMatch(CJK);
    }
    const before: VerifyReport = {
      framework: null, devices: [], checks: [{ id: 'cudnn', status: 'fail' }], matmul: [{ dtype: 'fp32', tflops: 10 }], summary: { passed: 0, failed: 1, skipped: 0 }, createdAt: 'a', fingerprint: { driver: '550.54.15' },
    };
    const after: VerifyReport = { ...before, checks: [{ id: 'cudnn', status: 'pass' }], matmul: [{ dtype: 'fp32', tflops: 20 }], createdAt: 'b', fingerprint: { driver: '580.95.05' } };
    expect(compareReports(before, after, 'zh-CN').changes.map((change) => change.subject)).toEqual(['驱动', '检查 cudnn', '矩阵乘法 fp32 TFLOP/s']);
    expect(compareReports(before, after).changes.map((change) => change.subject)).toEqual(['Driver', 'Check cudnn', 'Matmul fp32 TFLOP/s']);
    for (const name of ['cudaErrorInsufficientDriver', 'cudaErrorNoDevice', 'cudaErrorNoKernelImageForDevice', 'cudaErrorUnsupportedPtxVersion', 'cudaErrorMemoryAllocation', 'cudaErrorSystemDriverMismatch', 'cudaErrorLaunchFailure']) {
      const zh = diagnoseCudaRuntimeError(name, 'message', 12040, 13000, 'zh-CN');
      expect(zh.reason).toMatch(CJK);
      expect(zh.code).toBe(diagnoseCudaRuntimeError(name, 'message', 12040, 13000).code);
    }
  });
});
