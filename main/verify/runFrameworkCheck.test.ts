import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFrameworkCheckCollector } from './frameworkCheckCollector.js';
import { frameworkCheckScript, runFrameworkCheck } from './runFrameworkCheck.js';
import { hasDebianTorch, SYSTEM_PYTHON } from '../../testkit/debianTorch.js';


let dir: string;

/** A stand-in interpreter: a shell script that ignores its arguments (the check script path) and behaves badly. */
function fakePython(name: string, body: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-fwcheck-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('runFrameworkCheck on this machine', () => {
  it.skipIf(!hasDebianTorch)("reports Debian's CPU-only PyTorch: CPU_ONLY_BUILD and a CPU reference matmul", async () => {
    const seen: string[] = [];
    const result = await runFrameworkCheck({ python: SYSTEM_PYTHON, quick: true, onEvent: (e) => e.kind === 'check' && seen.push(e.check.id) });
    expect(result.framework?.name).toBe('pytorch');
    expect(result.framework?.version).toMatch(/^1\.13/);
    expect(result.framework?.build.cuda).toBeNull();
    const gpu = result.checks.find((check) => check.id === 'gpu-available');
    expect(gpu).toMatchObject({ status: 'fail', code: 'CPU_ONLY_BUILD' });
    expect(gpu?.reason).toContain('torch.version.cuda is None');
    const cpu = result.matmul.find((entry) => entry.device === 'cpu');
    expect(cpu?.dtype).toBe('fp32');
    expect(cpu?.gflops).toBeGreaterThan(0);
    expect(result.checks.find((check) => check.id === 'matmul-fp32')?.status).toBe('skip');
    expect(result.devices).toEqual([]);
    expect(result.finished).toBe(true);
    expect(result.warnings).toEqual([]);
    expect(seen).toContain('gpu-available');
  });

  it('reports a missing framework in a fresh venv as FRAMEWORK_MISSING, not a crash', async () => {
    const venv = path.join(dir, 'venv');
    execFileSync(SYSTEM_PYTHON, ['-m', 'venv', '--without-pip', venv]);
    const result = await runFrameworkCheck({ python: path.join(venv, 'bin', 'python'), quick: true });
    expect(result.framework).toBeNull();
    expect(result.checks).toEqual([
      expect.objectContaining({ id: 'framework-present', status: 'fail', code: 'FRAMEWORK_MISSING' }),
    ]);
    expect(result.checks[0]?.reason).toContain('pytorch / tensorflow / jax / paddlepaddle');
    expect(result.finished).toBe(true);
  });

  it('reports a forced framework that is absent', async () => {
    const result = await runFrameworkCheck({ python: SYSTEM_PYTHON, framework: 'jax', quick: true });
    expect(result.framework).toBeNull();
    expect(result.checks[0]).toMatchObject({ id: 'framework-present', status: 'fail', code: 'FRAMEWORK_MISSING' });
    expect(result.checks[0]?.reason).toMatch(/^No jax is installed/);
  });
});

describe.skipIf(!hasDebianTorch)('the GPU check sequence, self-tested on a CPU stand-in (--simulate-gpu)', () => {
  it('runs every GPU check and tuning step to a result, with CPU-labelled figures', () => {
    // No GPU here: this exercises the control flow of the GPU path, not CUDA itself.
    const stdout = execFileSync(SYSTEM_PYTHON, [frameworkCheckScript, '--quick', '--simulate-gpu'], { encoding: 'utf8' });
    const collector = createFrameworkCheckCollector(SYSTEM_PYTHON);
    stdout.split('\n').forEach((line) => collector.push(line));
    const result = collector.finish();
    expect(result.finished).toBe(true);
    expect(result.warnings).toEqual([]);
    const status = Object.fromEntries(result.checks.map((check) => [check.id, check.status]));
    expect(status).toEqual({
      'framework-present': 'pass',
      'gpu-available': 'fail',
      'kernel-launch': 'pass',
      'matmul-correctness': 'pass',
      'matmul-fp32': 'pass',
      'matmul-tf32': 'pass',
      // PyTorch 1.13 has no fp16 matmul on the CPU: a failed check with the real error, not a crash.
      'matmul-fp16': 'fail',
      'matmul-bf16': 'pass',
      cudnn: 'fail',
      'conv2d-forward': 'pass',
      'conv2d-backward': 'pass',
      'memory-alloc': 'pass',
      'memory-bandwidth': 'pass',
    });
    expect(result.checks.find((check) => check.id === 'matmul-fp16')?.reason).toContain("not implemented for 'Half'");
    expect(result.checks.find((check) => check.id === 'cudnn')?.code).toBe('CUDNN_LIB_MISSING');
    expect(result.matmul.map((entry) => [entry.dtype, entry.device])).toEqual([['fp32', 'cpu'], ['tf32', 'cpu'], ['bf16', 'cpu']]);
    expect(result.tuning.map((entry) => [entry.id, entry.skipped === undefined])).toEqual([['tf32', true], ['cudnn-benchmark', false], ['bf16-autocast', true], ['fp16-autocast', false], ['pinned-copy', false]]);
    expect(result.checks.filter((check) => check.id === 'script-error')).toEqual([]);
  });
});

describe('runFrameworkCheck when the interpreter misbehaves', () => {
  it('a path that does not exist gives python-runs: COMMAND_NOT_FOUND', async () => {
    const missing = path.join(dir, 'no-such-python');
    const result = await runFrameworkCheck({ python: missing, quick: true });
    expect(result.framework).toBeNull();
    expect(result.checks).toEqual([expect.objectContaining({ id: 'python-runs', status: 'fail', code: 'COMMAND_NOT_FOUND' })]);
    expect(result.checks[0]?.reason).toContain(missing);
  });

  it('an interpreter that exits 1 gives python-runs: PYTHON_FAILED with what it said', async () => {
    const python = fakePython('exit1', 'echo "python: cannot open file: Permission denied" >&2\nexit 1');
    const result = await runFrameworkCheck({ python, quick: true });
    expect(result.checks).toEqual([expect.objectContaining({ id: 'python-runs', status: 'fail', code: 'PYTHON_FAILED' })]);
    expect(result.checks[0]?.reason).toContain('exit code 1');
    expect(result.checks[0]?.reason).toContain('Permission denied');
  });

  it('a check that hangs is stopped at the timeout and keeps what it reported so far', async () => {
    const python = fakePython(
      'hang',
      `echo '{"type":"hello","protocol":1,"python":"3.11.2"}'\necho '{"type":"framework","name":"pytorch","version":"2.5.1+cu124","build":{"cuda":"12.4"}}'\necho '{"type":"check","id":"gpu-available","status":"pass"}'\nexec sleep 60`,
    );
    const result = await runFrameworkCheck({ python, quick: true, timeoutMs: 1500 });
    expect(result.framework?.version).toBe('2.5.1+cu124');
    const timeout = result.checks.find((check) => check.id === 'framework-check-finished');
    expect(timeout).toMatchObject({ status: 'fail', code: 'TIMEOUT' });
    expect(timeout?.reason).toContain('"gpu-available"');
    expect(result.finished).toBe(false);
  });

  it('garbage on stdout is ignored and reported as one warning', async () => {
    const python = fakePython(
      'garbage',
      [
        `echo 'Warning: loading libraries'`,
        `echo '{"type":"hello","protocol":1,"python":"3.10.12"}'`,
        `echo '[1, 2, 3]'`,
        `echo '{"type":"check","id":"broken"}'`,
        `echo '{"type":"framework","name":"tensorflow","version":"2.17.0","build":{"cuda":"12.3","cudnn":"8"}}'`,
        `echo '{not json'`,
        `echo '{"type":"check","id":"gpu-available","status":"fail","code":"NO_DEVICES_FOUND","reason":"TensorFlow sees no GPU"}'`,
        `echo '{"type":"done","elapsedS":0.5}'`,
      ].join('\n'),
    );
    const result = await runFrameworkCheck({ python, quick: true });
    expect(result.framework).toEqual({ name: 'tensorflow', version: '2.17.0', build: { cuda: '12.3', cudnn: '8' } });
    expect(result.checks).toEqual([expect.objectContaining({ id: 'gpu-available', status: 'fail', code: 'NO_DEVICES_FOUND' })]);
    expect(result.warnings).toEqual(['Ignored 4 line(s) of unexpected output from the check script (first: "Warning: loading libraries").']);
    expect(result.finished).toBe(true);
  });

  it('a check script that stops without "done" is a failed check, not a crash', async () => {
    const python = fakePython('crash', `echo '{"type":"hello","protocol":1,"python":"3.12.1"}'\necho 'Segmentation fault (core dumped)' >&2\nexit 139`);
    const result = await runFrameworkCheck({ python, quick: true });
    expect(result.checks).toEqual([expect.objectContaining({ id: 'framework-check-finished', status: 'fail', code: 'PYTHON_FAILED' })]);
    expect(result.checks[0]?.reason).toContain('Segmentation fault');
  });
});
