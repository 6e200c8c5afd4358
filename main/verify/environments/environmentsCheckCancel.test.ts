// The wizard's Cancel and a view opened during a run, through the transport (dispatch, the handler table, the push hub)
// on the simulated GT 1030 host: cancel named by run id, rows not yet checked end as not run, a cancelled run is not kept,
// and the run's state (its events so far) is there for a window that reloads mid-run, then gone when it ends.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushEvent } from '../../../shared/ipc/pushEvent.js';
import type { EnvironmentsCheckState } from '../../../shared/types/environments.js';
import { createSimulatedHost, withSimulatedHost, type SimulatedHost } from '../../../testkit/simulatedHost.js';
import { GT1030_FILES, GT1030_XML_470 } from '../../../testkit/verify/gt1030Host.js';
import { EIGHT_ENVIRONMENTS, environmentFiles } from '../../../testkit/verify/environments.js';
import { dispatch } from '../../transport/dispatch.js';
import { createHandlers } from '../../transport/handlers.js';
import { ProgressHub } from '../../transport/progressHub.js';

const ENVS = EIGHT_ENVIRONMENTS.filter((env) => ['torch-pypi-cu121', 'torch-cu118', 'torch-cpu'].includes(env.name));

let host: SimulatedHost;
beforeAll(async () => {
  host = await createSimulatedHost({ isolatePath: true, files: { ...GT1030_FILES, ...environmentFiles(ENVS) }, tools: { 'nvidia-smi': { stdout: GT1030_XML_470 } } });
}, 60_000);
afterAll(async () => {
  await host?.cleanup();
});

const kept = () => {
  const dir = path.join(host.env.DLSETUP_HOME, 'reports');
  return existsSync(dir) ? readdirSync(dir).filter((name) => name.startsWith('environments-')) : [];
};

/** One run through the transport; `during` is called on each of its push events, with the handler table to call back. */
async function runWith(runId: string, during: (event: PushEvent, call: (channel: string, arg?: unknown) => Promise<unknown>) => void) {
  const progress = new ProgressHub();
  const handlers = createHandlers({ transport: 'http', progress });
  const events: PushEvent[] = [];
  const calls: Promise<unknown>[] = [];
  const call = (channel: string, arg?: unknown) => {
    const answer = withSimulatedHost(host, () => dispatch(handlers, channel, arg));
    calls.push(answer);
    return answer;
  };
  progress.subscribe((event) => {
    events.push(event);
    during(event, call);
  });
  const result = await call('verify:environmentsCheck', { runId, locale: 'en' });
  return { result, events, answers: await Promise.all(calls.slice(1)), after: await call('verify:environmentsCheckState') };
}

describe('verify:environmentsCheckCancel and verify:environmentsCheckState', () => {
  it('cancel is refused without a run id that is a name, and answers false when no such run goes', async () => {
    const handlers = createHandlers({ transport: 'http', progress: new ProgressHub() });
    const bad = await withSimulatedHost(host, () => dispatch(handlers, 'verify:environmentsCheckCancel', { runId: '../x' }));
    expect(bad.ok ? 'ok' : bad.error.code).toBe('INVALID_ARGUMENT');
    expect(await withSimulatedHost(host, () => dispatch(handlers, 'verify:environmentsCheckCancel', { runId: 'nothing-runs' }))).toEqual({ ok: true, value: { cancelled: false } });
    expect(await withSimulatedHost(host, () => dispatch(handlers, 'verify:environmentsCheckState', undefined))).toEqual({ ok: true, value: null });
  });

  it('mid-run, the state holds the run id and every event so far, in order; after the run it is gone', async () => {
    let seen: EnvironmentsCheckState | null = null;
    const { result, events, after } = await runWith('run-state', (event, call) => {
      if (event.type === 'environment-check-finished' && event.done === 1) void call('verify:environmentsCheckState').then((answer) => (seen = (answer as { value: EnvironmentsCheckState }).value));
    });
    expect(result).toMatchObject({ ok: true });
    // Asked right after the first outcome: the three events up to it (the state copies, so later ones are not in it).
    expect(seen!.runId).toBe('run-state');
    expect(seen!.events.map((event) => event.type).slice(0, 3)).toEqual(['environments-checks-started', 'environment-check-started', 'environment-check-finished']);
    expect(events.at(-1)).toMatchObject({ type: 'environments-checks-ended', cancelled: false, runId: 'run-state' });
    expect(after).toEqual({ ok: true, value: null });
    expect(kept()).toHaveLength(1);
  });

  it('cancel during the first check: another run id changes nothing, the run id stops it; no further check starts, the run answers CANCELLED and is not kept', async () => {
    const { result, events, answers, after } = await runWith('run-cancel', (event, call) => {
      if (event.type !== 'environment-check-started') return;
      void call('verify:environmentsCheckCancel', { runId: 'another-window' });
      void call('verify:environmentsCheckCancel', { runId: 'run-cancel' });
    });
    expect(answers).toEqual([{ ok: true, value: { cancelled: false } }, { ok: true, value: { cancelled: true } }]);
    expect(result).toEqual({ ok: false, error: expect.objectContaining({ code: 'CANCELLED', key: 'errors:environments.checkCancelled' }) });
    // The check that was starting is killed before an outcome; the other two never start.
    expect(events.map((event) => event.type)).toEqual(['environments-checks-started', 'environment-check-started', 'environments-checks-ended']);
    expect(events.at(-1)).toMatchObject({ cancelled: true, seq: 2 });
    expect(after).toEqual({ ok: true, value: null });
    expect(kept()).toHaveLength(1);
  });

  it('after a cancelled run the next one is not BUSY', async () => {
    const { result } = await runWith('run-after', () => undefined);
    expect(result).toMatchObject({ ok: true });
    expect(kept()).toHaveLength(2);
  });
});
