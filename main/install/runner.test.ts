import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProgressEvent } from '../../shared/types/install.js';
import { packageRoot } from '../appPaths.js';
import { formatDryRun } from './formatDryRun.js';
import { InstallService } from './installService.js';
import { descendantPids } from '../system/processTree.js';
import { createNdjsonProgressPrinter } from './progressPrinters.js';
import { readJournal } from './journal/runJournal.js';
import { testPlan, userEnvPlan } from '../../testkit/install/testPlan.js';
import { alive } from '../../testkit/install/processAlive.js';

let tmp: string;
let rc: string;
const saved = { ...process.env };
// Bytes a real user's rc might hold: no final newline, a UTF-8 comment, CRLF from a Windows editor.
const ORIGINAL_RC = Buffer.from('# ~/.bashrc\r\nexport EDITOR=vim\n# café ☕\nalias ll="ls -l"', 'utf8');

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-run-'));
  process.env.DLSETUP_HOME = path.join(tmp, 'data');
  process.env.HOME = path.join(tmp, 'user');
  mkdirSync(process.env.HOME);
  rc = path.join(process.env.HOME, '.bashrc');
  // A slow interpreter: hangs (with a grandchild) while tmp/hang exists, else makes a real venv quickly.
  writeFileSync(
    path.join(tmp, 'python'),
    `#!/bin/sh\n[ "$1" = -m ] || exit 0\nif [ -e "${tmp}/hang" ]; then sleep 60 & echo $! > "${tmp}/sleep.pid"; wait; fi\nexec /usr/bin/python3 -m venv --without-pip "$3"\n`,
  );
  chmodSync(path.join(tmp, 'python'), 0o755);
});

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
  process.env = saved;
});

const plan = (envDir: string) => userEnvPlan(envDir, path.join(tmp, 'python'));

describe('runner: journal, crash, resume and rollback', () => {
  it('resumes a run whose process was killed mid-step, then rollback restores the shell rc byte for byte', async () => {
    writeFileSync(rc, ORIGINAL_RC);
    writeFileSync(path.join(tmp, 'hang'), '');
    const envDir = path.join(tmp, 'envs', 'crash');
    const planFile = path.join(tmp, 'plan.json');
    writeFileSync(planFile, JSON.stringify(plan(envDir)));
    // A separate DL Setup process (the CLI's shape) that we kill -9 while the env step runs.
    const driver = `import { readFileSync } from 'node:fs'; import { InstallService } from './installService.ts'; import { createNdjsonProgressPrinter } from './progressPrinters.ts';
      const service = new InstallService({ elevation: 'direct' }); service.onProgress(createNdjsonProgressPrinter((t) => process.stdout.write(t)));
      service.start(JSON.parse(readFileSync(process.argv[2], 'utf8')));`;
    const esbuild = await import('esbuild');
    const outfile = path.join(packageRoot, 'node_modules', '.cache', 'dlsetup-tests', `crash-driver-${process.pid}.mjs`);
    await esbuild.build({ stdin: { contents: driver, resolveDir: path.join(packageRoot, 'main', 'install'), loader: 'ts' }, bundle: true, platform: 'node', format: 'esm', outfile, packages: 'external', logLevel: 'silent' });
    const child = spawn(process.execPath, [outfile, planFile], { stdio: ['ignore', 'pipe', 'inherit'], env: process.env });
    let runId = '';
    await new Promise<void>((resolve) => {
      readline.createInterface({ input: child.stdout }).on('line', (line) => {
        const event = JSON.parse(line) as ProgressEvent;
        runId = event.runId;
        if (event.type === 'step-log' && event.stepId === 'env' && event.line.startsWith('$ ') && event.line.includes(' -m venv ')) {
          setTimeout(() => {
            const tree = descendantPids(child.pid!);
            child.kill('SIGKILL');
            for (const pid of tree) process.kill(pid, 'SIGKILL');
            resolve();
          }, 200);
        }
      });
    });
    await new Promise((resolve) => child.on('close', resolve));
    rmSync(outfile, { force: true });

    const service = new InstallService({ elevation: 'direct' });
    const interrupted = service.status(runId)!;
    expect(interrupted.state).toBe('interrupted');
    expect(interrupted.resumable).toBe(true);
    expect(interrupted.steps.map((s) => s.state)).toEqual(['succeeded', 'pending']);
    expect(readFileSync(rc, 'utf8')).toContain('# >>> dlsetup cuda >>>');

    rmSync(path.join(tmp, 'hang'));
    const events: ProgressEvent[] = [];
    service.onProgress((event) => events.push(event));
    service.resume(runId);
    const finished = await service.wait(runId);
    expect(finished.error).toBeUndefined();
    expect(finished.state).toBe('succeeded');
    // Only the unfinished step ran again.
    expect(events.filter((e) => e.type === 'step-started').map((e) => (e as { stepId: string }).stepId)).toEqual(['env']);
    expect(existsSync(path.join(envDir, 'pyvenv.cfg'))).toBe(true);
    expect(service.status(runId)?.state).toBe('succeeded');

    const preview = await service.rollback(runId, { dryRun: true });
    expect(preview.preview.actions.map((a) => a.kind)).toEqual(['remove-dir', 'remove-dir', 'restore-file']);
    const result = await service.rollback(runId);
    expect(result.ok).toBe(true);
    expect(readFileSync(rc).equals(ORIGINAL_RC)).toBe(true);
    expect(existsSync(envDir)).toBe(false);
    // Rolling back twice undoes nothing more.
    expect((await service.rollback(runId, { dryRun: true })).preview.actions).toEqual([]);
  });

  it('is idempotent: a second run of the same plan skips every step and leaves the rc alone', async () => {
    writeFileSync(rc, ORIGINAL_RC);
    const service = new InstallService({ elevation: 'direct' });
    const first = await service.wait(service.start(plan(path.join(tmp, 'envs', 'twice'))).runId);
    expect(first.state).toBe('succeeded');
    const afterFirst = readFileSync(rc);
    const second = await service.wait(service.start(plan(path.join(tmp, 'envs', 'twice'))).runId);
    expect(second.steps.map((s) => s.state)).toEqual(['skipped', 'skipped']);
    expect(readFileSync(rc).equals(afterFirst)).toBe(true);
    expect(afterFirst.toString('utf8').match(/# >>> dlsetup cuda >>>/g)).toHaveLength(1);
  });

  it('cancel kills the whole process tree and rolls the step back', async () => {
    writeFileSync(path.join(tmp, 'hang'), '');
    rmSync(path.join(tmp, 'sleep.pid'), { force: true });
    const envDir = path.join(tmp, 'envs', 'cancel');
    const service = new InstallService({ elevation: 'direct' });
    const events: ProgressEvent[] = [];
    service.onProgress((event) => {
      events.push(event);
      if (event.type === 'step-log' && event.stepId === 'env' && event.line.startsWith('$ ')) setTimeout(() => service.cancel(event.runId), 300);
    });
    const { runId } = service.start(plan(envDir));
    const status = await service.wait(runId);
    rmSync(path.join(tmp, 'hang'));
    expect(status.state).toBe('cancelled');
    expect(status.steps.find((s) => s.id === 'env')?.state).toBe('cancelled');
    const sleepPid = Number(readFileSync(path.join(tmp, 'sleep.pid'), 'utf8'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(alive(sleepPid)).toBe(false);
    expect(existsSync(envDir)).toBe(false);
    const journal = readJournal(runId);
    expect(journal.some((e) => e.t === 'rollback-undone' && e.change.type === 'dir-created' && e.ok)).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'run-finished', state: 'cancelled', errorCode: 'CANCELLED' });
  });

  it('refuses an invalid plan before changing anything', () => {
    const service = new InstallService({ elevation: 'direct' });
    const bad = testPlan([{ id: 'vars', kind: 'env-vars', title: 'x', elevated: false, params: { scope: 'user', cudaHome: '/etc' } }]);
    expect(() => service.start(bad)).toThrow(/outside the places DL Setup may change/);
    expect(() => service.start(testPlan([{ id: 'x', kind: 'format-disk' as never, title: 'x', elevated: true, params: {} }]))).toThrow(/does not know/);
  });

  it('dry run lists every command, marked where it runs as root, and changes nothing', async () => {
    const full = testPlan(
      [
        { id: 'drv', kind: 'driver', title: 'NVIDIA driver 550', elevated: true, params: { branch: '550' } },
        { id: 'tk', kind: 'cuda-toolkit', title: 'CUDA Toolkit 12.4', elevated: true, params: { version: '12.4' } },
        { id: 'vars', kind: 'env-vars', title: 'CUDA variables', elevated: true, params: { scope: 'system', cudaHome: '/usr/local/cuda-12.4' } },
        { id: 'env', kind: 'python-env', title: 'Python environment', elevated: false, params: { path: '/home/student/dl-env' } },
        { id: 'fw', kind: 'framework', title: 'PyTorch', elevated: false, params: {} },
      ],
      { packages: ['torch==2.5.1+cu124'], indexUrl: 'https://download.pytorch.org/whl/cu124' },
    );
    const text = formatDryRun(full, { pypiMirror: 'tuna' });
    expect(text).toContain('[admin] $ apt-get install --yes nvidia-driver-550');
    expect(text).toContain('[admin] $ apt-get install --yes --no-install-recommends cuda-toolkit-12-4');
    expect(text).toContain('[admin] $ update-alternatives --set cuda /usr/local/cuda-12.4');
    expect(text).toContain('[admin] $ ldconfig');
    expect(text).toContain(
      '       $ /home/student/dl-env/bin/python -m pip install --disable-pip-version-check --no-input --no-color --progress-bar raw --index-url https://download.pytorch.org/whl/cu124 --extra-index-url https://pypi.tuna.tsinghua.edu.cn/simple torch==2.5.1+cu124',
    );
    const service = new InstallService({ elevation: 'direct' });
    const lines: string[] = [];
    service.onProgress(createNdjsonProgressPrinter((line) => lines.push(line)));
    const status = await service.wait(service.start(full, { dryRun: true }).runId);
    expect(status.state).toBe('succeeded');
    expect(status.steps.every((s) => s.state === 'skipped')).toBe(true);
    const events = lines.map((line) => JSON.parse(line) as ProgressEvent);
    expect(events[0]).toMatchObject({ type: 'run-started', dryRun: true });
    expect(events.filter((e) => e.type === 'step-log').length).toBeGreaterThan(5);
    expect(existsSync('/home/student/dl-env')).toBe(false);

    // The wizard's dry run (install:start) marks root's commands as the CLI's --lang zh-CN does, and titles in Chinese (issue 30).
    const chinese: string[] = [];
    service.onProgress(createNdjsonProgressPrinter((line) => chinese.push(line)));
    await service.wait(service.start(full, { dryRun: true, locale: 'zh-CN' }).runId);
    const zhEvents = chinese.map((line) => JSON.parse(line) as ProgressEvent).filter((event) => event.runId !== events[0]!.runId);
    const logs = zhEvents.flatMap((event) => (event.type === 'step-log' ? [event.line] : []));
    expect(logs).toContainEqual(expect.stringMatching(/^\[管理员\] \$ apt-get install --yes nvidia-driver-550\b/));
    expect(logs.join('\n')).not.toContain('[admin]');
    expect(formatDryRun(full, { pypiMirror: 'tuna' }, 'zh-CN')).toContain('   [管理员] $ apt-get install --yes nvidia-driver-550');
    const started = zhEvents.find((event) => event.type === 'run-started');
    expect(started?.type === 'run-started' && started.steps.map((step) => step.title)).toEqual([
      'NVIDIA driver 550',
      '安装 CUDA Toolkit 12.4，与已安装的工具包并存',
      '为所有用户把 CUDA_HOME 设为 /usr/local/cuda-12.4（写入 /etc/profile.d 和库路径）',
      'Python environment',
      'PyTorch',
    ]);
  });
});
