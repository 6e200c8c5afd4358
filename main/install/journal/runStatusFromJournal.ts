import { readFileSync } from 'node:fs';
import type { RunStatus, StepState, StepSummary } from '../../../shared/types/install.js';
import type { Plan } from '../../../shared/types/plan.js';
import { sysrootPath } from '../../system/sysroot.js';
import type { JournalEntry } from './journalEntry.js';
import { stepForKind } from '../stepRegistry.js';
import { processAlive } from '../../system/processAlive.js';
import type { Locale } from '../../../shared/i18n/localize.js';
import { planText } from '../../../shared/plan/planText.js';
import { stepTitle } from '../../../shared/plan/stepTitle.js';

export function stepWeight(kind: string): number {
  try {
    return stepForKind(kind).weight;
  } catch {
    return 1;
  }
}

/** The run's steps, each titled in `locale` from its kind and params (the plan's own title when none fits). */
export function stepSummaries(plan: Plan, locale?: Locale): StepSummary[] {
  const say = planText(locale);
  return plan.steps.map((step) => ({ id: step.id, kind: step.kind, title: stepTitle(step, say, plan), elevated: step.elevated, weight: stepWeight(step.kind), state: 'pending' as StepState }));
}

/** The overall fraction: only the runner's formula, from step weights (docs/design.md §3). */
export function overallFraction(steps: StepSummary[], running: Map<string, number> = new Map()): number {
  const total = steps.reduce((sum, step) => sum + step.weight, 0);
  if (total === 0) return 1;
  const done = steps.reduce((sum, step) => {
    if (step.state === 'succeeded' || step.state === 'skipped' || step.state === 'needs-reboot') return sum + step.weight;
    return sum + step.weight * (running.get(step.id) ?? 0);
  }, 0);
  return Math.min(1, done / total);
}

const BOOT_ID = '/proc/sys/kernel/random/boot_id';

/** This boot's id; a simulated host may carry its own (a new one there is a simulated reboot), else the real one. */
export function currentBootId(): string | null {
  for (const file of [sysrootPath(BOOT_ID), BOOT_ID]) {
    try {
      return readFileSync(file, 'utf8').trim();
    } catch {
      // Not in the simulated host: this machine's own.
    }
  }
  return null;
}


/** Rebuilds a run's status from its journal; a run whose process is gone without finishing is 'interrupted'. */
export function statusFromJournal(runId: string, entries: JournalEntry[]): RunStatus | null {
  const started = entries.find((entry) => entry.t === 'run-started');
  if (!started || started.t !== 'run-started') return null;
  // In the language the run speaks: the last resume's, else the start's.
  const resumed = entries.filter((entry) => entry.t === 'run-resumed').at(-1);
  const steps = stepSummaries(started.plan, (resumed?.t === 'run-resumed' ? resumed.locale : undefined) ?? started.locale);
  const byId = new Map(steps.map((step) => [step.id, step]));
  let state: RunStatus['state'] = 'running';
  let error: RunStatus['error'];
  let finishedAt: string | undefined;
  let pid = started.pid;
  let bootId = started.bootId;
  for (const entry of entries) {
    if (entry.t === 'run-resumed') {
      state = 'running';
      error = undefined;
      finishedAt = undefined;
      pid = entry.pid;
      bootId = entry.bootId;
    } else if (entry.t === 'step-started') {
      const step = byId.get(entry.stepId);
      if (step) step.state = 'running';
    } else if (entry.t === 'step-finished') {
      const step = byId.get(entry.stepId);
      if (step) {
        step.state = entry.state;
        if (entry.message) step.message = entry.message;
        if (entry.errorCode) step.errorCode = entry.errorCode;
      }
    } else if (entry.t === 'run-finished') {
      state = entry.state;
      finishedAt = entry.time;
      error = entry.errorCode ? { code: entry.errorCode, message: entry.message ?? '' } : undefined;
    }
  }
  if (state === 'running' && (!processAlive(pid) || (bootId !== null && bootId !== currentBootId()) || pid === process.pid)) {
    state = 'interrupted';
    for (const step of steps) if (step.state === 'running') step.state = 'pending';
  }
  const status: RunStatus = {
    runId,
    state,
    fraction: overallFraction(steps),
    steps,
    dryRun: started.dryRun,
    startedAt: started.time,
    resumable: !started.dryRun && (state === 'interrupted' || state === 'needs-reboot' || state === 'failed' || state === 'cancelled'),
  };
  if (finishedAt) status.finishedAt = finishedAt;
  if (error) status.error = error;
  return status;
}
