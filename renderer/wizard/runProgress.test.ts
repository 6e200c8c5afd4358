import { describe, expect, it } from 'vitest';
import type { ProgressEvent, RunStatus } from '../../shared/types/install.js';
import { applyProgressEvent, emptyRunView, failureText, MAX_LOG_LINES, mergeRunStatus } from './runProgress.js';

const base = { runId: 'r1', time: '2026-12-03T10:00:00Z' };
const steps: RunStatus['steps'] = [
  { id: 'python-env', kind: 'python-env', title: 'Create a Python environment', elevated: false, weight: 1, state: 'pending' },
  { id: 'framework', kind: 'framework', title: 'Install PyTorch', elevated: false, weight: 10, state: 'pending' },
];

type EventBody = ProgressEvent extends infer E ? (E extends ProgressEvent ? Omit<E, 'runId' | 'time' | 'seq'> : never) : never;

function fold(events: EventBody[]) {
  return events.reduce((view, event, seq) => applyProgressEvent(view, { ...base, seq, ...event } as ProgressEvent), emptyRunView('r1'));
}

describe('install run view', () => {
  it('follows a run from start to a failed download with bytes, speed and the error', () => {
    const view = fold([
      { type: 'run-started', steps },
      { type: 'step-started', stepId: 'python-env' },
      { type: 'step-finished', stepId: 'python-env', state: 'succeeded' },
      { type: 'step-started', stepId: 'framework' },
      { type: 'step-progress', stepId: 'framework', fraction: 0.25, detail: 'Downloading torch', bytes: { done: 200e6, total: 800e6, perSecond: 10e6, etaSeconds: 60 }, overall: 0.32 },
      { type: 'step-log', stepId: 'framework', stream: 'stderr', line: 'ERROR: HTTP error 404 while getting https://download.pytorch.org/whl/cu121/torch' },
      { type: 'step-finished', stepId: 'framework', state: 'failed', errorCode: 'NETWORK', message: 'pip could not download torch.' },
      { type: 'run-finished', state: 'failed', errorCode: 'NETWORK', message: 'pip could not download torch.' },
    ]);
    expect(view.state).toBe('failed');
    expect(view.fraction).toBe(0.32);
    expect(view.steps.map((step) => step.state)).toEqual(['succeeded', 'failed']);
    expect(view.steps[1]).toMatchObject({ fraction: 0.25, bytes: { done: 200e6, total: 800e6 }, errorCode: 'NETWORK' });
    expect(failureText(view.steps[1]!)).toContain('HTTP error 404');
    expect(failureText(view.steps[1]!)).toContain('pip could not download torch.');
  });

  it('shows pip\'s coloured error lines as plain text', () => {
    const view = fold([{ type: 'run-started', steps }, { type: 'step-log', stepId: 'framework', stream: 'stderr', line: '\u001b[31mERROR: No matching distribution found for torch==2.14.0\u001b[0m\u001b[31m' }]);
    expect(view.steps[1]!.log).toEqual(['ERROR: No matching distribution found for torch==2.14.0']);
  });

  it('keeps only the newest log lines and counts the dropped ones', () => {
    const lines = Array.from({ length: MAX_LOG_LINES + 50 }, (_, index) => ({ type: 'step-log' as const, stepId: 'framework', stream: 'stdout' as const, line: `line ${index}` }));
    const view = fold([{ type: 'run-started', steps }, ...lines]);
    expect(view.steps[1]!.log).toHaveLength(MAX_LOG_LINES);
    expect(view.steps[1]!.log.at(-1)).toBe(`line ${MAX_LOG_LINES + 49}`);
    expect(view.steps[1]!.logDropped).toBe(50);
  });

  it('ignores events of another run', () => {
    const view = applyProgressEvent(emptyRunView('r1'), { ...base, runId: 'other', seq: 1, type: 'run-finished', state: 'failed' });
    expect(view.state).toBe('running');
  });

  it('a reattached page takes step states from install:status and keeps lines already seen', () => {
    const seen = fold([{ type: 'run-started', steps }, { type: 'step-log', stepId: 'framework', stream: 'stdout', line: 'Collecting torch' }]);
    const status: RunStatus = { runId: 'r1', state: 'running', fraction: 0.4, steps: [{ ...steps[0]!, state: 'succeeded' }, { ...steps[1]!, state: 'running' }] };
    const merged = mergeRunStatus(seen, status);
    expect(merged.steps.map((step) => step.state)).toEqual(['succeeded', 'running']);
    expect(merged.steps[0]!.fraction).toBe(1);
    expect(merged.steps[1]!.log).toEqual(['Collecting torch']);
    expect(mergeRunStatus(null, { ...status, state: 'needs-reboot' }).state).toBe('needs-reboot');
  });

  it('a snapshot older than the events never turns a finished step back to running (retry race)', () => {
    const seen = fold([{ type: 'run-started', steps }, { type: 'step-started', stepId: 'python-env' }, { type: 'step-finished', stepId: 'python-env', state: 'skipped' }]);
    const stale: RunStatus = { runId: 'r1', state: 'running', fraction: 0, steps: [{ ...steps[0]!, state: 'running' }, { ...steps[1]!, state: 'pending' }] };
    const merged = mergeRunStatus(seen, stale);
    expect(merged.steps.map((step) => step.state)).toEqual(['skipped', 'pending']);
    expect(merged.steps[0]!.fraction).toBe(1);
  });
});
