import type { Readable } from 'node:stream';
import { AttemptError } from './attemptError.js';

/** The sentences a stopped body says (the run's locale). */
export interface BodyWatchWords {
  noData: (seconds: number) => string;
  tooSlow: (rate: number, seconds: number) => string;
}

export interface BodyWatchLimits {
  idleTimeoutMs: number;
  minBytesPerSecond: number;
  rateWindowMs: number;
}

/** Thrown when a body stayed below the minimum rate for a whole window (retryable: the link may recover). */
export class TooSlowError extends AttemptError {
  constructor(message: string) {
    super(message, true);
    this.name = 'TooSlowError';
  }
}

/**
 * Watches one response body while it is read: no byte for `idleTimeoutMs`, or fewer than `minBytesPerSecond` on average
 * over any `rateWindowMs`, destroys it with a retryable AttemptError. So a body that drips a byte just under the idle
 * timeout still ends within one window. Call `received` for every chunk and `stop` when the body is done.
 */
export function watchBody(body: Readable, limits: BodyWatchLimits, words: BodyWatchWords): { received: (bytes: number) => void; stop: () => void } {
  const stall = () => body.destroy(new AttemptError(words.noData(limits.idleTimeoutMs / 1000), true));
  let idle = setTimeout(stall, limits.idleTimeoutMs);
  let inWindow = 0;
  const windowBytes = (limits.minBytesPerSecond * limits.rateWindowMs) / 1000;
  const rate = setInterval(() => {
    if (inWindow < windowBytes) body.destroy(new TooSlowError(words.tooSlow(limits.minBytesPerSecond, limits.rateWindowMs / 1000)));
    inWindow = 0;
  }, limits.rateWindowMs);
  return {
    received(bytes) {
      inWindow += bytes;
      clearTimeout(idle);
      idle = setTimeout(stall, limits.idleTimeoutMs);
    },
    stop() {
      clearTimeout(idle);
      clearInterval(rate);
    },
  };
}
