import { describe, expect, it } from 'vitest';
import type { PushEvent } from '../../shared/ipc/pushEvent.js';
import type { RunStatus } from '../../shared/types/install.js';
import { RunViewStore } from './runViewStore.js';

const steps: RunStatus['steps'] = [{ id: 'framework', kind: 'framework', title: 'Install PyTorch', elevated: false, weight: 10, state: 'pending' }];

function fakeApi() {
  const listeners = new Set<(event: PushEvent) => void>();
  let seq = 0;
  return {
    onProgress(listener: (event: PushEvent) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(runId: string, body: Record<string, unknown>) {
      for (const listener of listeners) listener({ runId, seq: seq++, time: '2026-12-03T10:00:00Z', ...body } as PushEvent);
    },
  };
}

describe('run view store', () => {
  it('keeps the log of a dry run that finished before any screen subscribed', () => {
    const api = fakeApi();
    const store = new RunViewStore(api);
    api.emit('dry', { type: 'run-started', steps, dryRun: true });
    api.emit('dry', { type: 'step-started', stepId: 'framework' });
    api.emit('dry', { type: 'step-log', stepId: 'framework', stream: 'info', line: '$ python -m pip install torch==2.5.1' });
    api.emit('dry', { type: 'step-finished', stepId: 'framework', state: 'skipped' });
    api.emit('dry', { type: 'run-finished', state: 'succeeded' });
    const seen: string[] = [];
    store.subscribe('dry', () => seen.push('changed'));
    store.merge({ runId: 'dry', state: 'succeeded', fraction: 1, steps: [{ ...steps[0]!, state: 'skipped' }], dryRun: true });
    expect(store.get('dry')).toMatchObject({ state: 'succeeded', dryRun: true, steps: [{ state: 'skipped', log: ['$ python -m pip install torch==2.5.1'] }] });
    expect(seen).toEqual(['changed']);
  });

  it('forgets old runs, keeping the last three', () => {
    const api = fakeApi();
    const store = new RunViewStore(api);
    for (const runId of ['a', 'b', 'c', 'd']) api.emit(runId, { type: 'run-started', steps });
    expect(['a', 'b', 'c', 'd'].map((runId) => store.get(runId) !== null)).toEqual([false, true, true, true]);
  });

  it("leaves the environments' quick-check events on the same channel alone: they are no install run", () => {
    const api = fakeApi();
    const store = new RunViewStore(api);
    api.emit('envs', { type: 'environments-checks-started', paths: ['/opt/venv/bin/python'], parallel: 1 });
    api.emit('envs', { type: 'environment-check-finished', path: '/opt/venv/bin/python', done: 1, total: 1, check: { passed: 6, failed: 0, durationMs: 900 } });
    expect(store.get('envs')).toBeNull();
  });
});
