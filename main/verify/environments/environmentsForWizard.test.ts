// The wizard's "All environments" through the transport (dispatch, the handler table, the push hub), as `dlsetup serve`
// and the Electron window call it: the quick check's progress per environment, the run kept, and what changed since
// the last run across a driver update (the GT 1030 host on 470.74, then on its 535.104.05 edit; the history shared).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../../../shared/errors.js';
import { sayError } from '../../../shared/i18n/sayError.js';
import type { PushEvent } from '../../../shared/ipc/pushEvent.js';
import type { EnvironmentsReport } from '../../../shared/types/environments.js';
import { createSimulatedHost, withSimulatedHost, type SimulatedHost } from '../../../testkit/simulatedHost.js';
import { GT1030_FILES, GT1030_XML_470, GT1030_XML_535 } from '../../../testkit/verify/gt1030Host.js';
import { EIGHT_ENVIRONMENTS, environmentFiles, environmentPrefix } from '../../../testkit/verify/environments.js';
import { dispatch } from '../../transport/dispatch.js';
import { createHandlers } from '../../transport/handlers.js';
import { ProgressHub } from '../../transport/progressHub.js';
import { formatEnvironments } from './formatEnvironments.js';

/** Two CUDA builds and a CPU one; their interpreters are not on this machine, so each check really fails to start Python. */
const ENVS = EIGHT_ENVIRONMENTS.filter((env) => ['torch-pypi-cu121', 'torch-cu118', 'torch-cpu'].includes(env.name));
const python = (name: string) => path.join(environmentPrefix(name), 'bin', 'python');
const RUN_ID = '0f9e8d7c6b5a49382716f5e4d3c2b1a0';

let on470: SimulatedHost;
let on535: SimulatedHost;
beforeAll(async () => {
  const files = { ...GT1030_FILES, ...environmentFiles(ENVS) };
  on470 = await createSimulatedHost({ isolatePath: true, files, tools: { 'nvidia-smi': { stdout: GT1030_XML_470 } } });
  on535 = await createSimulatedHost({ isolatePath: true, files, tools: { 'nvidia-smi': { stdout: GT1030_XML_535 } } });
  on535.env.DLSETUP_HOME = on470.env.DLSETUP_HOME;
}, 60_000);
afterAll(async () => {
  await on470?.cleanup();
  await on535?.cleanup();
});

async function call(host: SimulatedHost, channel: string, arg: unknown) {
  const progress = new ProgressHub();
  const events: PushEvent[] = [];
  progress.subscribe((event) => events.push(event));
  const result = await withSimulatedHost(host, () => dispatch(createHandlers({ transport: 'http', progress }), channel, arg));
  return { result, events };
}
const kept = () => readdirSync(path.join(on470.env.DLSETUP_HOME, 'reports')).filter((name) => name.startsWith('environments-'));

describe('verify:environmentsCheck and verify:environments', () => {
  it('refuses a run id that is not a name before anything runs', async () => {
    for (const runId of ['', '../x', 'a'.repeat(65), 7]) {
      const { result, events } = await call(on470, 'verify:environmentsCheck', { runId });
      expect(result.ok ? 'ok' : result.error.code).toBe('INVALID_ARGUMENT');
      expect(events).toEqual([]);
    }
  });

  it('the check streams each row on the push channel, answers every row with its check and keeps the run', async () => {
    const { result, events } = await call(on470, 'verify:environmentsCheck', { runId: RUN_ID, locale: 'en' });
    expect(result.ok).toBe(true);
    const report = (result as { value: EnvironmentsReport }).value;
    const paths = ENVS.map((env) => python(env.name)).sort();
    // One at a time on the one GPU: started, then for each environment its start and its outcome, in that order.
    expect(events[0]).toMatchObject({ type: 'environments-checks-started', runId: RUN_ID, seq: 0, parallel: 1 });
    expect((events[0] as { paths: string[] }).paths.sort()).toEqual(paths);
    expect(events.map((event) => event.type)).toEqual(['environments-checks-started', ...ENVS.flatMap(() => ['environment-check-started', 'environment-check-finished']), 'environments-checks-ended']);
    expect(events.at(-1)).toMatchObject({ cancelled: false });
    expect(events.map((event) => event.seq)).toEqual(events.map((_, at) => at));
    const finished = events.filter((event) => event.type === 'environment-check-finished');
    expect(finished.map((event) => event.done)).toEqual([1, 2, 3]);
    for (const event of finished) {
      expect(event).toMatchObject({ runId: RUN_ID, total: 3, check: { passed: 0, failed: 1, firstFailure: { id: 'python-runs' } } });
      expect(report.environments.find((row) => row.path === event.path)?.check).toEqual(event.check);
    }
    expect(report.since).toBeUndefined();
    expect(kept()).toHaveLength(1);
    // The line under the table no longer says no Python was started.
    expect(formatEnvironments(report)).toMatch(/^3 environments read in \d+ ms; the quick check ran in 3 of them\.$/m);
  });

  it('after the driver update, opening the view says what changed since that run and keeps nothing', async () => {
    const { result, events } = await call(on535, 'verify:environments', { locale: 'zh-CN' });
    const report = (result as { value: EnvironmentsReport }).value;
    expect(report.driver).toBe('535.104.05');
    // The kept run checked, this look did not: offline verdicts are compared (the CLI's rule).
    expect(report.since).toMatchObject({ driver: '470.74', changes: [{ path: python('torch-pypi-cu121'), name: 'torch-pypi-cu121', from: 'needsDriver', to: 'works', fromFloor: '525.60.13' }] });
    expect(events).toEqual([]);
    expect(kept()).toHaveLength(1);
  });

  it('a second check run is kept too and compares check with check', async () => {
    const { result } = await call(on535, 'verify:environmentsCheck', { runId: `${RUN_ID}-2`, locale: 'en' });
    const report = (result as { value: EnvironmentsReport }).value;
    // Both runs' checks failed (no interpreter): a failed check outranks the verdict, so nothing changed.
    expect(report.since).toMatchObject({ driver: '470.74', changes: [] });
    expect(kept()).toHaveLength(2);
  });

  it('a second window asking while a run goes is told BUSY (said in its language by the key); the first run is not disturbed', async () => {
    const handlers = createHandlers({ transport: 'http', progress: new ProgressHub() });
    const [first, second] = await withSimulatedHost(on535, () =>
      Promise.all([dispatch(handlers, 'verify:environmentsCheck', { runId: 'window-1', locale: 'en' }), dispatch(handlers, 'verify:environmentsCheck', { runId: 'window-2', locale: 'zh-CN' })]),
    );
    expect(first.ok).toBe(true);
    expect(second).toEqual({ ok: false, error: expect.objectContaining({ code: 'BUSY', key: 'errors:environments.checkBusy' }) });
    // The wizard's error panel says it again in the reader's language.
    expect(sayError((second as { error: AppError }).error, 'zh-CN')).toBe('已有一次快速检查正在各环境中运行（由另一个窗口或标签页发起）。请等它结束后再运行。');
    expect(kept()).toHaveLength(3);
  });
});
