import { describe, expect, it } from 'vitest';
import type { EnvironmentsCheckEvent } from '../../shared/types/environments.js';
import { applyEnvironmentsCheckEvent, startedCheckView } from './environmentsCheckProgress.js';

const A = '/home/lab/miniconda3/envs/torch-cu118/bin/python';
const B = '/home/lab/miniconda3/envs/llm-train/bin/python';
const base = (seq: number) => ({ runId: 'run-1', seq, time: '2026-12-03T10:00:00.000Z' });
const passed = { passed: 6, failed: 0, durationMs: 2100 };
const failed = { passed: 2, failed: 1, firstFailure: { id: 'kernel-launch', reason: 'no kernel image is available for execution on the device' }, durationMs: 900 };

function fold(events: EnvironmentsCheckEvent[]) {
  return events.reduce(applyEnvironmentsCheckEvent, startedCheckView('run-1'));
}

describe('the quick check rows of "All environments"', () => {
  it('every row to check waits, one checks, each finished row keeps its outcome; done counts up', () => {
    const started = fold([{ ...base(0), type: 'environments-checks-started', paths: [A, B], parallel: 1 }]);
    expect([...started.rows]).toEqual([[A, { state: 'waiting' }], [B, { state: 'waiting' }]]);
    expect(started).toMatchObject({ done: 0, total: 2 });
    const checking = applyEnvironmentsCheckEvent(started, { ...base(1), type: 'environment-check-started', path: A });
    expect(checking.rows.get(A)).toEqual({ state: 'checking' });
    expect(checking.rows.get(B)).toEqual({ state: 'waiting' });
    const end = fold([
      { ...base(0), type: 'environments-checks-started', paths: [A, B], parallel: 1 },
      { ...base(1), type: 'environment-check-started', path: A },
      { ...base(2), type: 'environment-check-finished', path: A, done: 1, total: 2, check: passed },
      { ...base(3), type: 'environment-check-started', path: B },
      { ...base(4), type: 'environment-check-finished', path: B, done: 2, total: 2, check: failed },
    ]);
    expect(end.rows.get(A)).toEqual({ state: 'done', check: passed });
    expect(end.rows.get(B)).toEqual({ state: 'done', check: failed });
    expect(end).toMatchObject({ done: 2, total: 2 });
  });

  it("another window's run changes nothing, and a late 'started' never un-finishes a row", () => {
    const view = fold([{ ...base(0), type: 'environments-checks-started', paths: [A], parallel: 1 }, { ...base(1), type: 'environment-check-finished', path: A, done: 1, total: 1, check: passed }]);
    expect(applyEnvironmentsCheckEvent(view, { ...base(2), runId: 'run-2', type: 'environment-check-started', path: A })).toBe(view);
    expect(applyEnvironmentsCheckEvent(view, { ...base(2), type: 'environment-check-started', path: A }).rows.get(A)).toEqual({ state: 'done', check: passed });
  });

  it('the end of a cancelled run: a finished row keeps its outcome, the one checking and the one waiting are not run', () => {
    const C = '/home/lab/miniconda3/envs/torch-cpu/bin/python';
    const view = fold([
      { ...base(0), type: 'environments-checks-started', paths: [A, B, C], parallel: 1 },
      { ...base(1), type: 'environment-check-started', path: A },
      { ...base(2), type: 'environment-check-finished', path: A, done: 1, total: 3, check: passed },
      { ...base(3), type: 'environment-check-started', path: B },
      { ...base(4), type: 'environments-checks-ended', cancelled: true },
    ]);
    expect([...view.rows]).toEqual([[A, { state: 'done', check: passed }], [B, { state: 'notRun' }], [C, { state: 'notRun' }]]);
    expect(view).toMatchObject({ done: 1, total: 3, ended: 'cancelled' });
    expect(applyEnvironmentsCheckEvent(startedCheckView('run-1'), { ...base(0), type: 'environments-checks-ended', cancelled: false }).ended).toBe('finished');
  });
});
