import type { Locale } from '../../shared/i18n/localize.js';

/** What every probe gets: the platform to probe for, the time budget, and one place to leave warnings. */
export interface ProbeContext {
  platform: NodeJS.Platform;
  quick: boolean;
  /** Per-command budget; a probe that runs several commands gives each this much. */
  timeoutMs: number;
  env: NodeJS.ProcessEnv;
  warn(message: string): void;
  /** The language of the warnings (English when absent). */
  locale?: Locale;
}
