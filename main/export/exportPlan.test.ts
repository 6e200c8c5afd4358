import { mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { DlsetupError } from '../../shared/errors.js';
import { examplePlan } from '../../testkit/export/examplePlans.js';
import { cudaBaseImage } from './exportDockerfile.js';
import { exportPlan } from './exportPlan.js';
import { shWord } from '../../shared/quote/sh.js';
import { writeExportFiles } from './writeExportFiles.js';

const file = (result: ReturnType<typeof exportPlan>, name: string) => result.files.find((entry) => entry.path === name)!.content;

describe('dockerfile export (no Dockerfile linter is packaged in Debian 12, so the structure is checked here)', () => {
  test('wheels plan: slim Python base, pinned framework from the plan\'s index, verification as the default command', () => {
    const plan = examplePlan('rtx4090Wheels');
    const { indexUrl, packages } = plan.framework;
    const result = exportPlan(plan, 'dockerfile');
    const dockerfile = file(result, 'Dockerfile');
    const instructions = dockerfile.split('\n').filter((line) => /^[A-Z]+ /.test(line)).map((line) => line.split(' ')[0]);
    expect(instructions[0]).toBe('FROM');
    expect(dockerfile).toContain('FROM python:3.12-slim\n');
    // The plan's own index and pins, whatever release the data makes newest (driver 550 rules out the PyPI default).
    expect(indexUrl).toMatch(/^https:\/\/download\.pytorch\.org\/whl\/cu\d+$/);
    expect(packages).toEqual([expect.stringMatching(/^torch==\d+\.\d+\.\d+$/)]);
    const pipArgs = ['--index-url', indexUrl!, ...packages].map((arg) => JSON.stringify(arg)).join(', ');
    expect(dockerfile).toContain(`RUN ["/opt/venv/bin/python", "-m", "pip", "install", "--disable-pip-version-check", "--no-input", "--no-color", "--progress-bar", "off", ${pipArgs}]`);
    expect(dockerfile).toMatch(/^CMD \["\/opt\/venv\/bin\/python", "\/opt\/dlsetup\/dlsetup_report.py", .*"--framework", "pytorch", "--quick", "--out", "\/reports\/verify.json"\]$/m);
    expect(dockerfile).toContain('docker run --rm --gpus all');
    expect(file(result, '.dockerignore')).toBe('# Only the verification scripts go into the build context.\n*\n!dlsetup_check.py\n!dlsetup_report.py\n');
    // Every COPY source is in the build context the .dockerignore lets through.
    for (const line of dockerfile.split('\n').filter((l) => l.startsWith('COPY '))) {
      for (const source of line.split(' ').slice(1, -1)) expect(result.files.map((f) => f.path)).toContain(source);
    }
  });

  test('system plan: nvidia/cuda cuDNN runtime base matching the plan\'s CUDA and cuDNN', () => {
    const dockerfile = file(exportPlan(examplePlan('v100TensorflowSystem'), 'dockerfile'), 'Dockerfile');
    expect(dockerfile).toContain('FROM nvidia/cuda:11.2.2-cudnn8-runtime-ubuntu20.04\n');
    const plan = examplePlan('v100TensorflowSystem');
    expect(plan.framework!.packages).not.toHaveLength(0);
    for (const pkg of plan.framework!.packages) expect(dockerfile).toContain(`"${pkg}"`);
  });

  test.each([
    ['11.2.2', 8, 'nvidia/cuda:11.2.2-cudnn8-runtime-ubuntu20.04'],
    ['12.4.1', 9, 'nvidia/cuda:12.4.1-cudnn-runtime-ubuntu22.04'],
    ['12.6.3', 9, 'nvidia/cuda:12.6.3-cudnn-runtime-ubuntu24.04'],
    ['13.0', 9, 'nvidia/cuda:13.0.0-cudnn-runtime-ubuntu24.04'],
    ['12.8.1', null, 'nvidia/cuda:12.8.1-runtime-ubuntu24.04'],
  ])('base image for CUDA %s / cuDNN %s is %s', (cuda, cudnn, tag) => {
    expect(cudaBaseImage(cuda, cudnn)).toBe(tag);
  });
});

describe('exportPlan', () => {
  test('refuses a blocked plan and a Windows plan before producing anything', () => {
    const blocked = { ...examplePlan('rtx4090Wheels'), status: 'blocked' as const, blockers: [{ code: 'X', message: 'No build runs on this GPU.' }] };
    expect(() => exportPlan(blocked, 'shell')).toThrow(expect.objectContaining({ code: 'PLAN_BLOCKED' }));
    const windows = examplePlan('rtx4090Wheels');
    windows.profile = { ...windows.profile, os: 'windows' };
    expect(() => exportPlan(windows, 'ansible')).toThrow(DlsetupError);
    expect(() => exportPlan({} as never, 'shell')).toThrow(/not a DL Setup plan/);
  });

  test('a hostile value in a plan is refused by the install engine\'s own validation, never interpolated', () => {
    const plan = examplePlan('rtx4090Wheels');
    plan.steps = plan.steps.map((step) => (step.kind === 'framework' ? { ...step, params: { ...step.params, packages: ['torch==2.14.0; rm -rf /'] } } : step));
    expect(() => exportPlan(plan, 'shell')).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
  });

  test('mirrors replace the indexes the plan names', () => {
    const plan = examplePlan('rtx4090Wheels');
    const shell = file(exportPlan(plan, 'shell', { mirrors: { pypi: 'tuna' } }), 'install.sh');
    expect(shell).toContain("--extra-index-url https://pypi.tuna.tsinghua.edu.cn/simple");
    expect(plan.framework.indexUrl).toMatch(/^https:\/\/download\.pytorch\.org\/whl\//);
    expect(shell).toContain(`DLSETUP_PIP_INDEX_URL=\${DLSETUP_PIP_INDEX_URL:-${plan.framework.indexUrl}}`);
  });

  test('CPU plan: no system step, the CPU index, no sudo at all', () => {
    const shell = file(exportPlan(examplePlan('cpuOnly'), 'shell'), 'install.sh');
    expect(shell).toContain('https://download.pytorch.org/whl/cpu');
    const steps = shell.slice(shell.indexOf('\nstep '));
    expect(steps).toContain('step framework');
    expect(steps).not.toMatch(/^\s*(as_root|apt_install) /m);
  });

  test('shWord survives quotes, spaces and $', () => {
    expect(shWord("it's $HOME")).toBe(`'it'\\''s $HOME'`);
    expect(shWord("it's")).toBe(`"it's"`);
    expect(shWord('torch==2.14.0')).toBe('torch==2.14.0');
    expect(shWord('')).toBe("''");
  });
});

describe('writeExportFiles', () => {
  test('creates the folder, keeps script modes, refuses to overwrite without force and never follows a planted symlink', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-write-'));
    try {
      const out = path.join(dir, 'a', 'b');
      const { files } = exportPlan(examplePlan('cpuOnly'), 'shell');
      await writeExportFiles(out, files);
      expect(statSync(path.join(out, 'install.sh')).mode & 0o777).toBe(0o755);
      await expect(writeExportFiles(out, files)).rejects.toThrow(/already exist.*--force/);
      writeFileSync(path.join(dir, 'victim'), 'keep');
      rmSync(path.join(out, 'dlsetup_check.py'));
      symlinkSync(path.join(dir, 'victim'), path.join(out, 'dlsetup_check.py'));
      await expect(writeExportFiles(out, files, { force: true })).rejects.toThrow();
      expect(readFileSync(path.join(dir, 'victim'), 'utf8')).toBe('keep');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
