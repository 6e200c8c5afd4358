import type { EnvironmentsCheckRequest, EnvironmentsRequest } from '../../../shared/ipc/contract.js';
import { errorText } from '../../../shared/errorText.js';
import type { EnvironmentsCheckEvent, EnvironmentsCheckState, EnvironmentsReport } from '../../../shared/types/environments.js';
import { environmentsCheckEvents } from './environmentsCheckEvents.js';
import { recordEnvironmentsRun, sinceLastRun } from './environmentsHistory.js';
import { verifyEnvironmentsRun } from './verifyEnvironmentsRun.js';

/** Opening the view is a look, not a run: it says what changed since the last run kept, and keeps nothing. */
export async function lookAtEnvironments(request: EnvironmentsRequest = {}): Promise<EnvironmentsReport> {
  return sinceLastRun(await verifyEnvironmentsRun({ locale: request.locale, extraEnvironments: request.extraEnvironments }));
}

/** One run at a time per process: the checks share the GPU, and a second window's run would only halve both. */
let current: { runId: string; controller: AbortController; events: EnvironmentsCheckEvent[] } | null = null;

/**
 * "Run the quick check in each environment": `verify --all --run`, each row's start and outcome published, kept in
 * history. A cancelled run is not kept (as the CLI's Ctrl-C keeps nothing): a partial run would become the baseline the
 * next run's "what changed" compares with, and the history schema has no mark for it. It answers CANCELLED.
 */
export async function checkEnvironments(request: EnvironmentsCheckRequest, publish: (event: EnvironmentsCheckEvent) => void): Promise<EnvironmentsReport> {
  if (current) throw errorText.error('BUSY', 'environments.checkBusy');
  const run = { runId: request.runId, controller: new AbortController(), events: [] as EnvironmentsCheckEvent[] };
  current = run;
  // Every event is kept for the run's lifetime (two per environment), so a window opened late can catch up.
  const hooks = environmentsCheckEvents(request.runId, (event) => {
    run.events.push(event);
    publish(event);
  });
  let cancelled = false;
  try {
    const report = await verifyEnvironmentsRun({ locale: request.locale, extraEnvironments: request.extraEnvironments, check: true, signal: run.controller.signal, ...hooks });
    cancelled = run.controller.signal.aborted;
    if (cancelled) throw errorText.error('CANCELLED', 'environments.checkCancelled');
    return (await recordEnvironmentsRun(report)).report;
  } finally {
    current = null;
    hooks.onChecksEnded(cancelled);
  }
}

/** The wizard's Cancel: the running checks' processes are killed and no further one starts. False when that run is not going. */
export function cancelEnvironmentsCheck(runId: string): { cancelled: boolean } {
  if (current?.runId !== runId || current.controller.signal.aborted) return { cancelled: false };
  current.controller.abort();
  return { cancelled: true };
}

/** The run going now, if any, with its events so far: a view opened during a run shows it instead of being told BUSY. */
export function environmentsCheckState(): EnvironmentsCheckState | null {
  return current ? { runId: current.runId, events: [...current.events] } : null;
}
