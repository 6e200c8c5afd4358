import { useEffect, useState } from 'react';
import type { AppError } from '../../shared/errors.js';
import type { DlsetupApi } from '../../shared/ipc/contract.js';
import type { RunView } from './runProgress.js';
import { runViewStore } from './runViewStore.js';

/** Calls `flush` at most once per animation frame, however many events arrive (20/s pip progress must not re-render 20×). */
function frameScheduler(flush: () => void): { schedule(): void; cancel(): void } {
  let handle: number | null = null;
  const raf = typeof requestAnimationFrame === 'function';
  return {
    schedule() {
      if (handle !== null) return;
      const run = () => {
        handle = null;
        flush();
      };
      handle = raf ? requestAnimationFrame(run) : (setTimeout(run, 16) as unknown as number);
    },
    cancel() {
      if (handle === null) return;
      if (raf) cancelAnimationFrame(handle);
      else clearTimeout(handle);
      handle = null;
    },
  };
}

/**
 * Follows one install run: shows what the app-wide store folded from the push channel (engine:events) so far, then asks install:status
 * for the snapshot (this is also how a reloaded page reattaches); re-renders at most once per frame.
 */
export function useRunProgress(api: DlsetupApi, runId: string | null): { view: RunView | null; error: AppError | null } {
  const [view, setView] = useState<RunView | null>(null);
  const [error, setError] = useState<AppError | null>(null);

  useEffect(() => {
    if (!runId) return;
    const store = runViewStore(api);
    let live = true;
    const frames = frameScheduler(() => {
      if (live) setView(store.get(runId));
    });
    const unsubscribe = store.subscribe(runId, () => frames.schedule());
    frames.schedule();
    void api['install:status']({ runId }).then((result) => {
      if (!live) return;
      if (!result.ok) return setError(result.error);
      if (result.value) store.merge(result.value);
    });
    return () => {
      live = false;
      frames.cancel();
      unsubscribe();
    };
  }, [api, runId]);

  return { view: view && view.runId === runId ? view : null, error };
}
