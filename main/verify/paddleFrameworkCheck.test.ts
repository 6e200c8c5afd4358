import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../appPaths.js';
import { SYSTEM_PYTHON } from '../../testkit/debianTorch.js';
import { exportedCheckScript } from './exportedScripts.js';
import { createFrameworkCheckCollector, type FrameworkCheckResult } from './frameworkCheckCollector.js';
import { frameworkCheckScript } from './runFrameworkCheck.js';

// PaddlePaddle's verify adapter (dlsetup_check_paddle.py) run by the real script and a real python3, against a stand-in
// for Paddle's CPU wheel (testkit/verify/fakePaddle: numpy underneath, the answers and run_check() lines of Paddle's own files).
const FAKE_PADDLE = path.join(packageRoot, 'testkit', 'verify', 'fakePaddle');
const CJK = /[\u4e00-\u9fff]/;
const dir = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-paddle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const hasNumpy = (() => {
  try {
    execFileSync(SYSTEM_PYTHON, ['-c', 'import numpy'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** The check script's lines for `--framework paddlepaddle`, read as the app reads them, in English and in Chinese. */
function runPaddleCheck(options: { args?: string[]; env?: Record<string, string>; pythonPath?: string; script?: string } = {}) {
  const stdout = execFileSync(SYSTEM_PYTHON, [options.script ?? frameworkCheckScript, '--framework', 'paddlepaddle', '--quick', ...(options.args ?? [])], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
    env: { ...process.env, PYTHONPATH: options.pythonPath ?? FAKE_PADDLE, PYTHONDONTWRITEBYTECODE: '1', ...options.env },
  });
  const read = (locale: 'en' | 'zh-CN'): FrameworkCheckResult => {
    const collector = createFrameworkCheckCollector(SYSTEM_PYTHON, locale);
    for (const line of stdout.split('\n')) collector.push(line);
    return collector.finish();
  };
  return { en: read('en'), zh: read('zh-CN') };
}

const byId = (result: FrameworkCheckResult, id: string) => result.checks.find((check) => check.id === id);

describe.skipIf(!hasNumpy)('verify of PaddlePaddle (--framework paddlepaddle)', () => {
  it('a CPU-only wheel: CPU_ONLY_BUILD in both languages, run_check() passes on the CPU, and a CPU matmul figure', () => {
    const { en, zh } = runPaddleCheck();
    expect(en.finished).toBe(true);
    expect(en.warnings).toEqual([]);
    // paddle.version.cuda() of a CPU wheel is the string 'False': no CUDA version, not "False".
    expect(en.framework).toEqual({ name: 'paddlepaddle', version: '2.6.2', build: { cuda: null, cudnn: null, python: expect.any(String), package: null } });
    expect(byId(en, 'gpu-available')).toMatchObject({
      status: 'fail',
      code: 'CPU_ONLY_BUILD',
      reason: 'This PaddlePaddle build (2.6.2) has no CUDA support (paddle.is_compiled_with_cuda() is False): it was built for the CPU only. Install paddlepaddle-gpu to use the GPU.',
    });
    expect(byId(zh, 'gpu-available')).toMatchObject({
      status: 'fail',
      code: 'CPU_ONLY_BUILD',
      reason: '此 PaddlePaddle 版本（2.6.2）不支持 CUDA（paddle.is_compiled_with_cuda() 为 False）：它只为 CPU 构建。要使用 GPU，请安装 paddlepaddle-gpu。',
    });
    // install_check.py runs on cpu_places(device_count=2) when there is no GPU: "works well on 2 CPUs".
    expect(byId(en, 'framework-self-test')).toMatchObject({
      status: 'pass',
      reason: 'paddle.utils.run_check() passed: PaddlePaddle works on 2 CPU(s) and says it is installed successfully.',
      metrics: { devices: 2 },
    });
    expect(byId(zh, 'framework-self-test')?.reason).toBe('paddle.utils.run_check() 通过：PaddlePaddle 能在 2 个 CPU 上运行，并报告安装成功。');
    expect(en.matmul).toEqual([expect.objectContaining({ dtype: 'fp32', device: 'cpu', n: 384 })]);
    expect(byId(en, 'matmul-cpu-reference')).toMatchObject({ status: 'pass', metrics: { device: 'cpu', n: 384 } });
    expect(byId(en, 'matmul-cpu-reference')?.reason).toMatch(/^CPU fp32 matmul 384x384: [\d.]+ GFLOP\/s \(PaddlePaddle\)\.$/);
    expect((byId(en, 'matmul-cpu-reference')?.metrics as { relError: number }).relError).toBeLessThan(1e-5);
    expect(en.checks.filter((check) => check.status === 'skip').map((check) => check.id)).toEqual([
      'kernel-launch', 'matmul-correctness', 'matmul-fp32', 'matmul-tf32', 'matmul-fp16', 'matmul-bf16', 'cudnn', 'conv2d-forward', 'conv2d-backward', 'memory-alloc', 'memory-bandwidth',
    ]);
    expect(en.devices).toEqual([]);
  });

  it('run_check() that fails: a failed self-test with its first error line and the diagnosis of the missing library', () => {
    // How Paddle's dynamic loader words a missing cuDNN (data/errors.json, CUDNN_LIB_MISSING); only the first line is shown.
    const error = 'The third-party dynamic library (libcudnn.so) that Paddle depends on is not configured correctly. (error code is libcudnn.so: cannot open shared object file: No such file or directory)';
    const { en, zh } = runPaddleCheck({ env: { FAKE_PADDLE_RUN_CHECK_ERROR: `${error}\n  Suggestions:\n  1. Check if the third-party dynamic library (e.g. CUDA, CUDNN) is installed correctly` } });
    expect(byId(en, 'framework-self-test')).toMatchObject({ status: 'fail', code: 'CUDNN_LIB_MISSING', reason: `paddle.utils.run_check() failed: RuntimeError: ${error}` });
    expect(byId(zh, 'framework-self-test')?.reason).toBe(`paddle.utils.run_check() 失败：RuntimeError: ${error}`);
    // The checks after it still run.
    expect(byId(en, 'matmul-cpu-reference')?.status).toBe('pass');
    expect(en.finished).toBe(true);
  });

  it("a GPU wheel whose driver does not load: the loader's line names libcuda.so, DRIVER_NOT_LOADED, and run_check() falls back to the CPU", () => {
    const { en, zh } = runPaddleCheck({ env: { FAKE_PADDLE_CUDA: '12.6', FAKE_PADDLE_CUDNN: '9.5.1' } });
    expect(en.framework?.build).toMatchObject({ cuda: '12.6', cudnn: '9.5.1' });
    const loader = 'The third-party dynamic library (libcuda.so) that Paddle depends on is not configured correctly. (error code is libcuda.so: cannot open shared object file: No such file or directory)';
    expect(byId(en, 'gpu-available')).toMatchObject({ status: 'fail', code: 'DRIVER_NOT_LOADED', reason: `PaddlePaddle 2.6.2 (CUDA 12.6) cannot use a GPU: ${loader}` });
    expect(byId(zh, 'gpu-available')?.reason).toBe(`PaddlePaddle 2.6.2（CUDA 12.6）无法使用 GPU：${loader}`);
    expect(byId(en, 'framework-self-test')).toMatchObject({ status: 'pass', metrics: { devices: 2 } });
    expect(byId(en, 'matmul-cpu-reference')?.status).toBe('pass');
  });

  it('the GPU check sequence on a CPU stand-in (--simulate-gpu): every check to a result, CPU-labelled figures, Chinese reasons', () => {
    const { en, zh } = runPaddleCheck({ args: ['--simulate-gpu'] });
    expect(en.finished).toBe(true);
    expect(Object.fromEntries(en.checks.map((check) => [check.id, check.status]))).toEqual({
      'framework-present': 'pass',
      'gpu-available': 'fail',
      'framework-self-test': 'pass',
      'kernel-launch': 'pass',
      'matmul-correctness': 'pass',
      'matmul-fp32': 'pass',
      // A CPU wheel has no paddle.base.core.set_cublas_switch: TF32 cannot be switched, so it is not measured.
      'matmul-tf32': 'skip',
      'matmul-fp16': 'pass',
      'matmul-bf16': 'pass',
      // A CPU wheel's paddle.device.get_cudnn_version() is None.
      cudnn: 'fail',
      'conv2d-forward': 'pass',
      'conv2d-backward': 'pass',
      'memory-alloc': 'pass',
      'memory-bandwidth': 'pass',
    });
    expect(byId(en, 'matmul-tf32')?.reason).toBe('This PaddlePaddle has no TF32 switch for its matmuls (paddle.base.core.set_cublas_switch).');
    expect(byId(en, 'cudnn')).toMatchObject({ code: 'CUDNN_LIB_MISSING', reason: 'PaddlePaddle cannot load cuDNN (paddle.device.get_cudnn_version() is None).' });
    expect((byId(en, 'conv2d-backward')?.metrics as { relError: number }).relError).toBeLessThan(1e-3);
    expect(en.matmul.map((entry) => [entry.dtype, entry.device, entry.timing])).toEqual([
      ['fp32', 'cpu', 'wall-clock (simulated GPU on CPU)'],
      ['fp16', 'cpu', 'wall-clock (simulated GPU on CPU)'],
      ['bf16', 'cpu', 'wall-clock (simulated GPU on CPU)'],
    ]);
    for (const check of zh.checks) expect(check.reason, `${check.id}: ${check.reason}`).toMatch(CJK);
    for (const check of en.checks) expect(check.reason).not.toMatch(/\{\{|script\./);
  });

  it('a paddle that cannot be imported: framework-import fails with the diagnosis, not a crash', () => {
    const broken = path.join(dir, 'broken');
    mkdirSync(path.join(broken, 'paddle'), { recursive: true });
    writeFileSync(path.join(broken, 'paddle', '__init__.py'), 'raise ImportError("libcudart.so.12: cannot open shared object file: No such file or directory")\n');
    const { en } = runPaddleCheck({ pythonPath: broken });
    expect(en.framework).toEqual({ name: 'paddlepaddle', version: 'unknown', build: {} });
    expect(byId(en, 'framework-import')).toMatchObject({
      status: 'fail',
      code: 'CUDA_LIB_MISSING',
      reason: 'import paddle failed: libcudart.so.12: cannot open shared object file: No such file or directory',
    });
  });

  it('the one-file script that exports ship carries the PaddlePaddle adapter', () => {
    const script = path.join(dir, 'dlsetup_check.py');
    writeFileSync(script, exportedCheckScript(), { mode: 0o755 });
    const { en } = runPaddleCheck({ script });
    expect(byId(en, 'gpu-available')?.code).toBe('CPU_ONLY_BUILD');
    expect(byId(en, 'framework-self-test')?.status).toBe('pass');
  });
});

it('a Python without paddle: FRAMEWORK_MISSING names paddlepaddle', () => {
  const { en } = runPaddleCheck({ pythonPath: path.join(dir, 'empty') });
  expect(en.framework).toBeNull();
  expect(byId(en, 'framework-present')).toMatchObject({ status: 'fail', code: 'FRAMEWORK_MISSING', reason: `No paddlepaddle is installed in ${SYSTEM_PYTHON}.` });
});
