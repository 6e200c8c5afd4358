import type { EnvironmentsCheckEvent } from '../../../shared/types/environments.js';
import type { EnvironmentsRunOptions } from './verifyEnvironmentsRun.js';

type Hooks = Required<Pick<EnvironmentsRunOptions, 'onChecksStarting' | 'onCheckStarted' | 'onCheckFinished'>> & { onChecksEnded: (cancelled: boolean) => void };

/** The quick-check hooks of one run as push events, numbered in order and stamped with the time, for the wizard's rows. */
export function environmentsCheckEvents(runId: string, publish: (event: EnvironmentsCheckEvent) => void, now: () => string = () => new Date().toISOString()): Hooks {
  let seq = 0;
  const stamp = () => ({ runId, seq: seq++, time: now() });
  return {
    onChecksStarting: (rows, parallel) => publish({ ...stamp(), type: 'environments-checks-started', paths: rows.map((row) => row.path), parallel }),
    onCheckStarted: (row) => publish({ ...stamp(), type: 'environment-check-started', path: row.path }),
    onCheckFinished: (done, total, row, check) => publish({ ...stamp(), type: 'environment-check-finished', path: row.path, done, total, check }),
    onChecksEnded: (cancelled) => publish({ ...stamp(), type: 'environments-checks-ended', cancelled }),
  };
}
