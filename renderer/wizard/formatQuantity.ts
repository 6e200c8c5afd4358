/** Durations and throughput as short, locale-independent text; byte counts are shared/text/formatBytes.ts. */

/** m:ss, or h:mm:ss past an hour. */
export function formatSeconds(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

export { formatTflops } from '../../shared/text/formatTflops.js';
