import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProgressEvent } from '../../shared/types/install.js';
import { parseLockHolder } from './aptGet.js';
import { InstallService } from './installService.js';
import { readJournal } from './journal/runJournal.js';
import { createTestAptHost, type TestAptHost } from '../../testkit/install/debRepo.js';
import { testPlan } from '../../testkit/install/testPlan.js';

const isRoot = process.getuid?.() === 0;
let tmp: string;
let host: TestAptHost;
const saved = { ...process.env };

beforeAll(() => {
  if (!isRoot) return;
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-apt-'));
  host = createTestAptHost(tmp, [
    { name: 'cuda-cudart-99-9', files: { '/usr/local/cuda-99.9/lib64/libcudart.so.99': 'fake\n' } },
    { name: 'cuda-toolkit-99-9', depends: ['cuda-cudart-99-9'], files: { '/usr/local/cuda-99.9/bin/nvcc': '#!/bin/sh\necho "Cuda compilation tools, release 99.9"\n' } },
    { name: 'cudnn9-cuda-99', files: { '/usr/include/cudnn_version_dlsetup_test.h': '#define CUDNN_MAJOR 9\n' } },
  ]);
  Object.assign(process.env, host.env, { DLSETUP_SYSROOT: host.root, DLSETUP_HOME: path.join(tmp, 'data'), DLSETUP_APT_LOCK_TIMEOUT_S: '2' });
});

afterAll(() => {
  process.env = saved;
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

const toolkitPlan = () =>
  testPlan([
    // Package names as NVIDIA's repository has them: the steps (and the helper) derive them from data/ for the versions.
    { id: 'tk', kind: 'cuda-toolkit', title: 'CUDA Toolkit 99.9', elevated: true, params: { version: '99.9', method: 'apt', setActive: false } },
    { id: 'dnn', kind: 'cudnn', title: 'cuDNN 9', elevated: true, params: { version: '9.1.0', cudaMajor: '99' } },
  ]);

async function run(service: InstallService) {
  const events: ProgressEvent[] = [];
  service.onProgress((event) => events.push(event));
  const { runId } = service.start(toolkitPlan());
  return { runId, status: await service.wait(runId), events };
}

function holdLock(file: string): Promise<ChildProcess> {
  // apt locks with fcntl (POSIX) locks, so the holder must too; flock(1) would not conflict.
  const child = spawn('python3', ['-c', `import fcntl,time; f=open(${JSON.stringify(file)},'w'); fcntl.lockf(f, fcntl.LOCK_EX); print('locked', flush=True); time.sleep(30)`], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve) => child.stdout!.once('data', () => resolve(child)));
}

describe.skipIf(!isRoot)('apt-based steps against a real dpkg with its own database and a file:// repository', () => {
  it('waits visibly for a held dpkg lock, then fails with APT_LOCKED naming the holder', async () => {
    const holder = await holdLock(path.join(host.admindir, 'lock-frontend'));
    try {
      const { status, events } = await run(new InstallService({ elevation: 'direct' }));
      expect(status.state).toBe('failed');
      expect(status.error?.code).toBe('APT_LOCKED');
      expect(status.error?.message).toContain(`python3 (process ${holder.pid})`);
      const waiting = events.find((e) => e.type === 'step-progress' && e.detail.startsWith('Waiting for python3'));
      expect(waiting).toBeDefined();
      expect(existsSync(path.join(host.root, 'usr/local/cuda-99.9/bin/nvcc'))).toBe(false);
    } finally {
      holder.kill();
    }
  });

  it('installs through the real step code, journals exactly the new packages, skips on re-run and rolls back', async () => {
    const service = new InstallService({ elevation: 'direct' });
    const { runId, status, events } = await run(service);
    expect(status.error).toBeUndefined();
    expect(status.state).toBe('succeeded');
    expect(existsSync(path.join(host.root, 'usr/local/cuda-99.9/bin/nvcc'))).toBe(true);
    const installed = readJournal(runId).flatMap((e) => (e.t === 'change' && e.change.type === 'packages-installed' ? [e.change.packages] : []));
    expect(installed).toEqual([['cuda-cudart-99-9', 'cuda-toolkit-99-9'], ['cudnn9-cuda-99']]);
    // apt's own status lines moved the bar.
    expect(events.some((e) => e.type === 'step-progress' && /cuda-toolkit-99-9/.test(e.detail))).toBe(true);
    const commands = readJournal(runId).filter((e) => e.t === 'command' && e.argv[0] === 'apt-get');
    expect(commands.length).toBe(2);

    const again = await run(service);
    expect(again.status.steps.map((s) => s.state)).toEqual(['skipped', 'skipped']);

    const preview = await service.rollback(runId, { dryRun: true });
    expect(preview.preview.actions.map((a) => a.description)).toEqual([
      'Remove the apt packages the install added (and what their scripts changed under /etc): cudnn9-cuda-99',
      'Remove the apt packages the install added (and what their scripts changed under /etc): cuda-cudart-99-9 cuda-toolkit-99-9',
    ]);
    const result = await service.rollback(runId);
    expect(result.ok).toBe(true);
    expect(existsSync(path.join(host.root, 'usr/local/cuda-99.9/bin/nvcc'))).toBe(false);
  });

  it('reads who holds the lock from apt\'s message', () => {
    expect(parseLockHolder('E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 2245 (unattended-upgr)')).toEqual({
      lock: '/var/lib/dpkg/lock-frontend',
      pid: 2245,
      program: 'unattended-upgr',
    });
  });
});
