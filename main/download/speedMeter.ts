/** Bytes per second over a sliding window, so the ETA does not jump with every chunk. */
export class SpeedMeter {
  private readonly samples: { time: number; bytes: number }[] = [];

  constructor(private readonly windowMs = 3000) {}

  sample(bytes: number, now = performance.now()): number | null {
    this.samples.push({ time: now, bytes });
    while (this.samples.length > 2 && now - this.samples[0]!.time > this.windowMs) this.samples.shift();
    const first = this.samples[0]!;
    const elapsed = now - first.time;
    if (elapsed < 200) return null;
    return Math.round(((bytes - first.bytes) * 1000) / elapsed);
  }
}
