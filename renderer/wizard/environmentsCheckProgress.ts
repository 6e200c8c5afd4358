/** The "All environments" view's quick-check rows, folded from the push channel's events (pure, so it is testable). */
import type { EnvironmentCheck, EnvironmentsCheckEvent } from '../../shared/types/environments.js';

export type RowCheck = { state: 'waiting' } | { state: 'checking' } | { state: 'done'; check: EnvironmentCheck } | { state: 'notRun' };

export interface EnvironmentsCheckView {
  runId: string;
  /** By interpreter path; a row with no framework is never checked, so it has no entry. */
  rows: ReadonlyMap<string, RowCheck>;
  done: number;
  /** 0 until the engine says which environments it will check. */
  total: number;
  /** Set by the run's last event: while absent the run goes on (the button is off, Cancel is shown). */
  ended?: 'cancelled' | 'finished';
}

export function startedCheckView(runId: string): EnvironmentsCheckView {
  return { runId, rows: new Map(), done: 0, total: 0 };
}

/** Events of other runs (another window's) are ignored; a finished row never goes back to "checking". */
export function applyEnvironmentsCheckEvent(view: EnvironmentsCheckView, event: EnvironmentsCheckEvent): EnvironmentsCheckView {
  if (event.runId !== view.runId) return view;
  const rows = new Map(view.rows);
  switch (event.type) {
    case 'environments-checks-started':
      for (const path of event.paths) if (!rows.has(path)) rows.set(path, { state: 'waiting' });
      return { ...view, rows, total: event.paths.length };
    case 'environment-check-started':
      if (rows.get(event.path)?.state === 'done') return view;
      rows.set(event.path, { state: 'checking' });
      return { ...view, rows };
    case 'environment-check-finished':
      rows.set(event.path, { state: 'done', check: event.check });
      return { ...view, rows, done: Math.max(view.done, event.done), total: Math.max(view.total, event.total) };
    case 'environments-checks-ended':
      // What had not finished by then was not run: the row says so rather than "waiting" forever.
      for (const [path, row] of rows) if (row.state !== 'done') rows.set(path, { state: 'notRun' });
      return { ...view, rows, ended: event.cancelled ? 'cancelled' : 'finished' };
  }
}
