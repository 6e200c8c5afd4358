import type { DlsetupApi } from '../../shared/ipc/contract.js';
import { isEnvironmentsCheckEvent } from '../../shared/ipc/pushEvent.js';
import type { RunStatus } from '../../shared/types/install.js';
import { applyProgressEvent, emptyRunView, mergeRunStatus, type RunView } from './runProgress.js';

/** Runs remembered: the one on screen and the one before it (a retry starts a new run). */
const KEPT_RUNS = 3;

/**
 * Folds every install event of the engine:events push channel into a view per run from the moment the app starts, so a run that begins (or a
 * dry run that finishes) before its screen has subscribed loses no step logs.
 */
export class RunViewStore {
  private readonly views = new Map<string, RunView>();
  private readonly listeners = new Map<string, Set<() => void>>();

  constructor(api: Pick<DlsetupApi, 'onProgress'>) {
    api.onProgress((event) => {
      // The same channel carries the environments' quick checks; those are not install runs.
      if (isEnvironmentsCheckEvent(event)) return;
      this.set(event.runId, applyProgressEvent(this.views.get(event.runId) ?? emptyRunView(event.runId), event));
    });
  }

  get(runId: string): RunView | null {
    return this.views.get(runId) ?? null;
  }

  /** install:status's snapshot: states from the engine, logs and bytes kept from the events. */
  merge(status: RunStatus): void {
    this.set(status.runId, mergeRunStatus(this.views.get(status.runId) ?? null, status));
  }

  subscribe(runId: string, listener: () => void): () => void {
    const set = this.listeners.get(runId) ?? new Set();
    set.add(listener);
    this.listeners.set(runId, set);
    return () => {
      set.delete(listener);
    };
  }

  private set(runId: string, view: RunView): void {
    this.views.delete(runId);
    this.views.set(runId, view);
    for (const old of [...this.views.keys()].slice(0, Math.max(0, this.views.size - KEPT_RUNS))) this.views.delete(old);
    for (const listener of this.listeners.get(runId) ?? []) listener();
  }
}

const stores = new WeakMap<object, RunViewStore>();

/** The one store per api (window); the first call starts listening. */
export function runViewStore(api: Pick<DlsetupApi, 'onProgress'>): RunViewStore {
  let store = stores.get(api);
  if (!store) stores.set(api, (store = new RunViewStore(api)));
  return store;
}
