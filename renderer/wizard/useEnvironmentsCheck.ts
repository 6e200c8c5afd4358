import { useCallback, useState } from 'react';
import type { AppError } from '../../shared/errors.js';
import type { DlsetupApi, EnvironmentsRequest } from '../../shared/ipc/contract.js';
import { isEnvironmentsCheckEvent } from '../../shared/ipc/pushEvent.js';
import type { EnvironmentsReport } from '../../shared/types/environments.js';
import { applyEnvironmentsCheckEvent, startedCheckView, type EnvironmentsCheckView } from './environmentsCheckProgress.js';

/** A run id of this window's own: 128 random bits as hex (the channel's schema takes letters, digits and - . _). */
function newRunId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * "Run the quick check in each environment": asks verify:environmentsCheck and follows its events on the push channel
 * while it runs; resolves to the kept report (each row's check, what changed since the last run), or null on failure.
 */
export function useEnvironmentsCheck(api: DlsetupApi): {
  progress: EnvironmentsCheckView | null;
  error: AppError | null;
  run(request: EnvironmentsRequest): Promise<EnvironmentsReport | null>;
} {
  const [progress, setProgress] = useState<EnvironmentsCheckView | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const run = useCallback(
    async (request: EnvironmentsRequest) => {
      const runId = newRunId();
      setError(null);
      setProgress(startedCheckView(runId));
      const stop = api.onProgress((event) => {
        if (isEnvironmentsCheckEvent(event) && event.runId === runId) setProgress((view) => (view ? applyEnvironmentsCheckEvent(view, event) : view));
      });
      try {
        const result = await api['verify:environmentsCheck']({ ...request, runId });
        if (!result.ok) setError(result.error);
        return result.ok ? result.value : null;
      } finally {
        stop();
        setProgress(null);
      }
    },
    [api],
  );
  return { progress, error, run };
}
