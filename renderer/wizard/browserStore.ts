import type { Plan } from '../../shared/types/plan.js';

/** The renderer's small memory across reloads: the install run being watched (and its plan, for retry). */
const RUN_KEY = 'dlsetup.installRun';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function read<T>(key: string): T | null {
  const raw = storage()?.getItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function loadInstallRun(): { runId: string; plan: Plan | null } | null {
  return read<{ runId: string; plan: Plan | null }>(RUN_KEY);
}

export function saveInstallRun(runId: string, plan: Plan | null): void {
  storage()?.setItem(RUN_KEY, JSON.stringify({ runId, plan }));
}
