/** The Install screen's view of one run, folded from install:status and the engine:events push channel (pure, so it is testable). */
import type { ByteProgress, ProgressEvent, RunStatus, StepSummary } from '../../shared/types/install.js';

/** Lines kept per step; older ones are dropped so a chatty pip cannot grow the page without bound. */
export const MAX_LOG_LINES = 400;

export interface StepView extends StepSummary {
  fraction: number | null;
  detail: string;
  bytes: ByteProgress | null;
  log: string[];
  /** How many older lines were dropped to respect MAX_LOG_LINES. */
  logDropped: number;
}

export interface RunView {
  runId: string;
  state: RunStatus['state'];
  fraction: number;
  steps: StepView[];
  dryRun: boolean;
  error: { code: string; message: string; detail?: string } | null;
}

const FINISHED = new Set<StepSummary['state']>(['skipped', 'succeeded', 'failed', 'cancelled', 'needs-reboot']);

function stepView(summary: StepSummary, previous?: StepView): StepView {
  // A snapshot can be older than the events already folded in (HTTP answers after the socket): never un-finish a step.
  const state = previous && FINISHED.has(previous.state) && !FINISHED.has(summary.state) ? previous.state : summary.state;
  return {
    ...summary,
    state,
    fraction: state === 'succeeded' || state === 'skipped' ? 1 : (previous?.fraction ?? 0),
    detail: previous?.detail ?? '',
    bytes: previous?.bytes ?? null,
    log: previous?.log ?? [],
    logDropped: previous?.logDropped ?? 0,
  };
}

export function emptyRunView(runId: string): RunView {
  return { runId, state: 'running', fraction: 0, steps: [], dryRun: false, error: null };
}

/** The server's snapshot wins for states; lines and bytes already seen through events are kept. */
export function mergeRunStatus(view: RunView | null, status: RunStatus): RunView {
  const byId = new Map(view?.steps.map((step) => [step.id, step]));
  return {
    runId: status.runId,
    state: view && view.state !== 'running' ? view.state : status.state,
    fraction: Math.max(view?.fraction ?? 0, status.fraction),
    steps: status.steps.map((summary) => stepView(summary, byId.get(summary.id))),
    dryRun: status.dryRun ?? view?.dryRun ?? false,
    error: status.error ?? view?.error ?? null,
  };
}

function updateStep(view: RunView, stepId: string, change: (step: StepView) => StepView): RunView {
  let found = false;
  const steps = view.steps.map((step) => {
    if (step.id !== stepId) return step;
    found = true;
    return change(step);
  });
  return found ? { ...view, steps } : view;
}

/** Terminal colour and cursor codes (pip colours its errors): shown as text they are noise. */
const ANSI_ESCAPE = /\u001b\[[0-9;?]*[A-Za-z]/g;

function appendLine(step: StepView, raw: string): StepView {
  const line = raw.replace(ANSI_ESCAPE, '');
  const log = step.log.length >= MAX_LOG_LINES ? [...step.log.slice(step.log.length - MAX_LOG_LINES + 1), line] : [...step.log, line];
  return { ...step, log, logDropped: step.logDropped + (step.log.length + 1 - log.length) };
}

export function applyProgressEvent(view: RunView, event: ProgressEvent): RunView {
  if (event.runId !== view.runId) return view;
  switch (event.type) {
    case 'run-started':
      return {
        ...view,
        state: 'running',
        dryRun: event.dryRun ?? false,
        error: null,
        steps: event.steps.map((summary) => stepView(summary, view.steps.find((step) => step.id === summary.id))),
      };
    case 'step-started':
      return updateStep(view, event.stepId, (step) => ({ ...step, state: 'running', fraction: 0, detail: '', bytes: null, message: undefined, errorCode: undefined }));
    case 'step-progress':
      return {
        ...updateStep(view, event.stepId, (step) => ({ ...step, fraction: event.fraction, detail: event.detail, bytes: event.bytes ?? step.bytes })),
        fraction: event.overall,
      };
    case 'step-log':
      return updateStep(view, event.stepId, (step) => appendLine(step, event.line));
    case 'step-finished':
      return updateStep(view, event.stepId, (step) => ({
        ...step,
        state: event.state,
        fraction: event.state === 'succeeded' || event.state === 'skipped' ? 1 : step.fraction,
        message: event.message ?? step.message,
        errorCode: event.errorCode ?? step.errorCode,
      }));
    case 'run-finished':
      return {
        ...view,
        state: event.state,
        fraction: event.state === 'succeeded' ? 1 : view.fraction,
        error: event.errorCode || (event.message && event.state !== 'succeeded') ? { code: event.errorCode ?? 'COMMAND_FAILED', message: event.message ?? '' } : null,
      };
  }
}

/** The text diagnose:text gets for a failed step: its message and the tail of its log. */
export function failureText(step: StepView): string {
  return [step.errorCode, step.message, ...step.log.slice(-40)].filter(Boolean).join('\n');
}

export function isFinished(state: RunStatus['state']): boolean {
  return state !== 'running';
}
