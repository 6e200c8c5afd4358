import { DlsetupError } from '../../shared/errors.js';
import type { InstallSay } from '../system/installText.js';

/** Waits `ms`, or fails CANCELLED as soon as the run is cancelled. */
function sleep(ms: number, signal: AbortSignal, say: InstallSay): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(say.error('CANCELLED', 'run.cancelled'));
      },
      { once: true },
    );
  });
}

export interface RetryPolicy {
  /** How many times in all; 1 runs once. */
  attempts: number;
  /** The first wait; each next one doubles. */
  backoffMs: number;
  signal: AbortSignal;
  say: InstallSay;
  log: (line: string) => void;
}

/** Runs `attempt` again after a NETWORK failure, with doubling waits; any other failure, or a cancel, ends at once. */
export async function withNetworkRetries<T>(policy: RetryPolicy, attempt: () => Promise<T>): Promise<T> {
  const { attempts, signal, say } = policy;
  for (let tried = 1; ; tried++) {
    try {
      return await attempt();
    } catch (error) {
      const code = (error as DlsetupError).code;
      if (signal.aborted || code !== 'NETWORK' || tried >= attempts) throw error;
      const delay = policy.backoffMs * 2 ** (tried - 1);
      policy.log(say('run.networkRetry', { reason: (error as Error).message, seconds: Math.round(delay / 1000), attempt: tried + 1, attempts }));
      await sleep(delay, signal, say);
    }
  }
}
