import { useCallback, useEffect, useState } from 'react';
import type { AppError } from '../../shared/errors.js';
import type { DlsetupApi, EnvironmentsRequest } from '../../shared/ipc/contract.js';
import { isEnvironmentsCheckEvent } from '../../shared/ipc/pushEvent.js';
import type { EnvironmentsCheckEvent, EnvironmentsReport } from '../../shared/types/environments.js';
import { applyEnvironmentsCheckEvent, startedCheckView, type EnvironmentsCheckView } from './environmentsCheckProgress.js';

/** A run id of this window's own: 128 random bits as hex (the channel's schema takes letters, digits and - . _). */
function newRunId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * "Run the quick check in each environment": asks verify:environmentsCheck and follows its events on the push channel
 * while it runs; resolves to the kept report (each row's check, what changed since the last run), or null otherwise.
 * Opened while a run goes (a reload, a second window), it shows that run from the engine's state and follows it.
 * After a cancel (or a followed run's end) the rows stay as they ended: checked ones with their outcome, the rest not run.
 */
export function useEnvironmentsCheck(api: DlsetupApi): {
  progress: EnvironmentsCheckView | null;
  running: boolean;
  error: AppError | null;
  run(request: EnvironmentsRequest): Promise<EnvironmentsReport | null>;
  cancel(): void;
} {
  const [progress, setProgress] = useState<EnvironmentsCheckView | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const fold = (event: EnvironmentsCheckEvent) => setProgress((view) => (view && !view.ended ? applyEnvironmentsCheckEvent(view, event) : view));

  useEffect(() => {
    // Listening first, then asking: an event between the two is folded after the state (folding one twice changes nothing).
    let early: EnvironmentsCheckEvent[] | null = [];
    let closed = false;
    const stop = api.onProgress((event) => {
      if (!isEnvironmentsCheckEvent(event)) return;
      if (early) early.push(event);
      else fold(event);
    });
    void api['verify:environmentsCheckState']().then((result) => {
      const pending = early ?? [];
      early = null;
      if (closed || !result.ok || !result.value) return;
      const { runId, events } = result.value;
      setProgress((view) => view ?? [...events, ...pending].reduce(applyEnvironmentsCheckEvent, startedCheckView(runId)));
    });
    return () => {
      closed = true;
      stop();
    };
  }, [api]);

  const run = useCallback(
    async (request: EnvironmentsRequest) => {
      const runId = newRunId();
      setError(null);
      setProgress(startedCheckView(runId));
      const result = await api['verify:environmentsCheck']({ ...request, runId });
      // Cancelled: the rows stay as the end event left them; anything else hands over to the report or the error panel.
      if (!result.ok && result.error.code === 'CANCELLED') return null;
      if (!result.ok) setError(result.error);
      setProgress(null);
      return result.ok ? result.value : null;
    },
    [api],
  );
  const cancel = useCallback(() => {
    if (progress && !progress.ended) void api['verify:environmentsCheckCancel']({ runId: progress.runId });
  }, [api, progress]);
  return { progress, running: progress !== null && !progress.ended, error, run, cancel };
}
