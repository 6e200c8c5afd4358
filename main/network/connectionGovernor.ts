export interface GovernorOptions {
  /** Connections to open at once (a few: most mirrors cap each one, few refuse four). */
  initial?: number;
  /** Never more than this: politeness to mirrors, and past it the gain is rarely measurable. */
  max?: number;
  /** How long each connection count is measured before the next decision. */
  windowMs?: number;
}

/**
 * How many connections one large download should use: start with a few, add one while the total throughput grows by
 * at least half a connection's share (a per-connection cap), stop adding once it does not (the link or the server's
 * total cap is reached). Fed the running byte count; answers the count wanted now.
 */
export class ConnectionGovernor {
  readonly max: number;
  private readonly windowMs: number;
  private count: number;
  private windowStart: { time: number; bytes: number } | null = null;
  /** Throughput measured at the previous count; null until one window passed. */
  private previousRate: number | null = null;
  private settled = false;

  constructor(options: GovernorOptions = {}) {
    this.max = Math.max(1, options.max ?? 8);
    this.count = Math.min(this.max, Math.max(1, options.initial ?? 4));
    this.windowMs = options.windowMs ?? 500;
  }

  get connections(): number {
    return this.count;
  }

  /** A new total of bytes received at `now` (ms); returns the connection count wanted from now on. */
  sample(bytes: number, now = performance.now()): number {
    if (this.settled || this.count >= this.max) return this.count;
    if (!this.windowStart) {
      this.windowStart = { time: now, bytes };
      return this.count;
    }
    const elapsed = now - this.windowStart.time;
    if (elapsed < this.windowMs) return this.count;
    const rate = ((bytes - this.windowStart.bytes) * 1000) / elapsed;
    const grew = this.previousRate === null || rate > this.previousRate * (1 + 0.5 / this.count);
    if (grew) {
      this.previousRate = rate;
      this.count += 1;
    } else this.settled = true;
    this.windowStart = { time: now, bytes };
    return this.count;
  }
}
