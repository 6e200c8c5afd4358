export interface GovernorOptions {
  /** Connections to open at once (a few: most mirrors cap each one, few refuse four). */
  initial?: number;
  /** Never more than this: politeness to mirrors, and past it the gain is rarely measurable. */
  max?: number;
  /** How long each connection count is measured before the next decision. */
  windowMs?: number;
  /** After settling, how long until one more connection is tried again (other downloads may have freed the link). */
  retryMs?: number;
}

/**
 * How many connections one large download should use: start with a few, add one while the total throughput grows by
 * at least half a connection's share (a per-connection cap); when one more brings nothing (the link or the server's
 * total cap is reached), take it back and settle. While settled, one more is tried now and then, since the files
 * that shared the link may have finished. Fed the running byte count; answers the count wanted now.
 */
export class ConnectionGovernor {
  readonly max: number;
  private readonly windowMs: number;
  private readonly retryMs: number;
  private count: number;
  private windowStart: { time: number; bytes: number } | null = null;
  /** Throughput measured at the count before the one now measured; null until one window passed. */
  private previousRate: number | null = null;
  private settledAt: number | null = null;

  constructor(options: GovernorOptions = {}) {
    this.max = Math.max(1, options.max ?? 8);
    this.count = Math.min(this.max, Math.max(1, options.initial ?? 4));
    this.windowMs = options.windowMs ?? 500;
    this.retryMs = options.retryMs ?? 3000;
  }

  get connections(): number {
    return this.count;
  }

  /** A new total of bytes received at `now` (ms); returns the connection count wanted from now on. */
  sample(bytes: number, now = performance.now()): number {
    if (!this.windowStart) {
      this.windowStart = { time: now, bytes };
      return this.count;
    }
    const elapsed = now - this.windowStart.time;
    if (this.settledAt !== null) {
      if (this.count >= this.max || now - this.settledAt < this.retryMs) return this.count;
      // A trial: the rate at the settled count is the baseline, one more connection is measured against it.
      this.settledAt = null;
      this.previousRate = elapsed > 0 ? ((bytes - this.windowStart.bytes) * 1000) / elapsed : null;
      this.windowStart = { time: now, bytes };
      if (this.previousRate !== null) this.count += 1;
      return this.count;
    }
    if (elapsed < this.windowMs) return this.count;
    const rate = ((bytes - this.windowStart.bytes) * 1000) / elapsed;
    const grew = this.previousRate === null || rate > this.previousRate * (1 + 0.5 / this.count);
    this.windowStart = { time: now, bytes };
    if (grew && this.count < this.max) {
      this.previousRate = rate;
      this.count += 1;
    } else {
      if (!grew) this.count -= 1;
      this.settledAt = now;
    }
    return this.count;
  }
}
