import type { Plan } from '../../shared/types/plan.js';
import type { VerifyReport } from '../../shared/types/verify.js';

/** The renderer's small memory across reloads: the last verification report, and the install run being watched. */
const REPORT_KEY = 'dlsetup.lastVerifyReport';
const RUN_KEY = 'dlsetup.installRun';

function storage(kind: 'local' | 'session'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

function read<T>(kind: 'local' | 'session', key: string): T | null {
  const raw = storage(kind)?.getItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function loadLastReport(): VerifyReport | null {
  return read<VerifyReport>('local', REPORT_KEY);
}

export function saveLastReport(report: VerifyReport): void {
  storage('local')?.setItem(REPORT_KEY, JSON.stringify(report));
}

export function loadInstallRun(): { runId: string; plan: Plan | null } | null {
  return read<{ runId: string; plan: Plan | null }>('session', RUN_KEY);
}

export function saveInstallRun(runId: string, plan: Plan | null): void {
  storage('session')?.setItem(RUN_KEY, JSON.stringify({ runId, plan }));
}
