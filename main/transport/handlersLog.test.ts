import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProgressEvent } from '../../shared/types/install.js';
import { startAppLog, stopAppLog } from '../system/appLog.js';
import { testPlan } from '../../testkit/install/testPlan.js';
import { createHandlers } from './handlers.js';
import { dispatch } from './dispatch.js';
import { ProgressHub } from './progressHub.js';

let tmp: string;
let logFile: string;
beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-handlers-log-'));
  vi.stubEnv('DLSETUP_HOME', path.join(tmp, 'data'));
  vi.stubEnv('HOME', path.join(tmp, 'home'));
  // ~/.bashrc is a folder: the one step below fails for real.
  mkdirSync(path.join(tmp, 'home', '.bashrc'), { recursive: true });
  logFile = startAppLog('serve', 'dlsetup serve --port 0');
});
afterAll(() => {
  stopAppLog();
  vi.unstubAllEnvs();
  rmSync(tmp, { recursive: true, force: true });
});

describe('what the app and `dlsetup serve` tell and log', () => {
  it('app:info says where the log file and the run journals are', async () => {
    const handlers = createHandlers({ transport: 'http', progress: new ProgressHub() });
    expect(await handlers['app:info']()).toMatchObject({ logFile: path.join(tmp, 'data', 'logs', 'dlsetup.log'), runsDir: path.join(tmp, 'data', 'runs') });
    expect(logFile).toBe(path.join(tmp, 'data', 'logs', 'dlsetup.log'));
  });

  it('a failed call is logged with its code; an install run is logged step by step', async () => {
    const progress = new ProgressHub();
    const handlers = createHandlers({ transport: 'http', progress });
    expect(await dispatch(handlers, 'install:rollback', { runId: '20250101-000000-0000ff', dryRun: true })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });

    const finished = new Promise<ProgressEvent>((resolve) => progress.subscribe((event) => event.type === 'run-finished' && resolve(event)));
    const plan = testPlan([{ id: 'vars', kind: 'env-vars', title: 'Set CUDA variables', elevated: false, params: { scope: 'user', cudaHome: '/usr/local/cuda-12.4' } }]);
    const started = await dispatch(handlers, 'install:start', { plan });
    expect(started.ok).toBe(true);
    expect(await finished).toMatchObject({ state: 'failed' });

    const log = readFileSync(logFile, 'utf8');
    expect(log).toMatch(new RegExp(`\\[serve ${process.pid}\\] install:rollback failed \\[NOT_FOUND\\]: `));
    const runId = (started as { value: { runId: string } }).value.runId;
    expect(log).toContain(`run ${runId} started: vars`);
    expect(log).toContain(`run ${runId} step vars started`);
    expect(log).toMatch(new RegExp(`run ${runId} step vars failed( \\[\\w+\\])?: Writing \\S+\\.bashrc failed`));
    expect(log).toMatch(new RegExp(`run ${runId} failed`));
  });
});
