import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHANNELS } from '../../shared/ipc/contract.js';
import type { RunStatus } from '../../shared/types/install.js';
import { createHandlers } from './handlers.js';
import { dispatch } from './dispatch.js';
import { createPreloadBridge } from '../electron/preloadBridge.js';
import { ProgressHub } from './progressHub.js';
import { testPlan } from '../../testkit/install/testPlan.js';

describe('the contract at run time', () => {
  it('the handler table and the preload bridge serve exactly the contract channels', () => {
    const handlers = createHandlers({ transport: 'http', progress: new ProgressHub() });
    expect(Object.keys(handlers).sort()).toEqual([...CHANNELS].sort());
    const invoked: string[] = [];
    const bridge = createPreloadBridge({
      invoke: async (channel: string) => invoked.push(channel),
      on: () => undefined as never,
      removeListener: () => undefined as never,
    });
    expect(Object.keys(bridge).filter((key) => key !== 'onProgress').sort()).toEqual([...CHANNELS].sort());
  });

  it('app:info reports the package version and the transport', async () => {
    const handlers = createHandlers({ transport: 'electron', progress: new ProgressHub() });
    expect(await handlers['app:info']()).toMatchObject({ name: 'DL Setup', version: expect.stringMatching(/^\d+\.\d+\.\d+/), transport: 'electron' });
  });
});

describe('install:rollback', () => {
  let tmp: string;
  beforeAll(() => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-handler-rollback-'));
    vi.stubEnv('DLSETUP_HOME', path.join(tmp, 'data'));
    // A venv "interpreter" that waits while tmp/hold exists, so the test decides when the run ends.
    writeFileSync(path.join(tmp, 'python'), `#!/bin/sh\nwhile [ -e "${tmp}/hold" ]; do sleep 0.05; done\n[ "$1" = -m ] || exit 0; exec /usr/bin/python3 -m venv --without-pip "$3"\n`);
    chmodSync(path.join(tmp, 'python'), 0o755);
  });
  afterAll(() => {
    vi.unstubAllEnvs();
    rmSync(tmp, { recursive: true, force: true });
  });

  const codeOf = async (arg: unknown, handlers = createHandlers({ transport: 'http', progress: new ProgressHub() })) => {
    const result = await dispatch(handlers, 'install:rollback', arg);
    return result.ok ? 'ok' : result.error.code;
  };

  it('refuses a bad argument before the engine sees it', async () => {
    for (const bad of [undefined, {}, { runId: 7 }, { runId: '20250101-000000-0000ff', dryRun: 'yes' }, { runId: '20250101-000000-0000ff', locale: 'fr' }, { runId: '20250101-000000-0000ff', force: true }]) {
      expect(await codeOf(bad), JSON.stringify(bad)).toBe('INVALID_ARGUMENT');
    }
  });

  it('an unknown run is the service\'s NOT_FOUND, in the asked language; a malformed id is INVALID_ARGUMENT', async () => {
    const handlers = createHandlers({ transport: 'http', progress: new ProgressHub() });
    const unknown = await dispatch(handlers, 'install:rollback', { runId: '20250101-000000-0000ff', dryRun: true, locale: 'zh-CN' });
    expect(unknown).toEqual({ ok: false, error: expect.objectContaining({ code: 'NOT_FOUND', message: '找不到安装记录“20250101-000000-0000ff”。' }) });
    expect(await codeOf({ runId: '../../etc', dryRun: true }, handlers)).toBe('INVALID_ARGUMENT');
  });

  it('refuses while the run is going, then previews and undoes it through the same service as install:start', async () => {
    const handlers = createHandlers({ transport: 'http', progress: new ProgressHub() });
    const envDir = path.join(tmp, 'envs', 'undo-me');
    writeFileSync(path.join(tmp, 'hold'), '');
    const plan = testPlan([{ id: 'env', kind: 'python-env', title: 'Create the Python environment', elevated: false, params: { manager: 'venv', path: envDir, interpreter: path.join(tmp, 'python'), minFreeBytes: 1e6 } }]);
    const { runId } = await handlers['install:start']({ plan });

    const whileRunning = await dispatch(handlers, 'install:rollback', { runId, dryRun: true });
    expect(whileRunning).toEqual({ ok: false, error: expect.objectContaining({ code: 'INVALID_ARGUMENT', message: `Run ${runId} is still running; cancel it first.` }) });

    rmSync(path.join(tmp, 'hold'));
    let status: RunStatus | null = null;
    for (let tries = 0; tries < 200 && status?.state !== 'succeeded' && status?.state !== 'failed'; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = await handlers['install:status']({ runId });
    }
    expect(status?.state).toBe('succeeded');
    expect(existsSync(path.join(envDir, 'pyvenv.cfg'))).toBe(true);

    const preview = await dispatch(handlers, 'install:rollback', { runId, dryRun: true });
    expect(preview).toMatchObject({ ok: true, value: { applied: false, ok: true, preview: { runId } } });
    const actions = preview.ok ? (preview.value as { preview: { actions: { description: string; elevated: boolean }[] } }).preview.actions : [];
    expect(actions).toContainEqual(expect.objectContaining({ description: `Remove ${envDir} and everything in it (created by the install)`, elevated: false }));
    expect(existsSync(envDir)).toBe(true);

    expect(await dispatch(handlers, 'install:rollback', { runId })).toMatchObject({ ok: true, value: { applied: true, ok: true, notes: [] } });
    expect(existsSync(envDir)).toBe(false);
    expect(await dispatch(handlers, 'install:rollback', { runId, dryRun: true, locale: 'zh-CN' })).toMatchObject({ ok: true, value: { preview: { actions: [] } } });
  });
});
