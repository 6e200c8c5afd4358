import type { Locale } from '../../shared/i18n/localize.js';
import type { TuningResult } from '../../shared/types/verify.js';
import { verifyText } from './verifyText.js';

/** Advice that needs no measurement, in plain words (issue 6: pinned memory, empty_cache caveats). */
export function staticAdvice(locale?: Locale): string[] {
  const say = verifyText(locale);
  return [say('advice.dataLoading'), say('advice.emptyCache'), say('advice.cachedMemory')];
}

/** One sentence per measured tuning setting: keep it when it helped, say so when it did not. */
export function tuningAdvice(tuning: TuningResult[], locale?: Locale): string[] {
  const say = verifyText(locale);
  return tuning.map((entry) => {
    const label = entry.label;
    if (entry.skipped || !entry.speedup) return say('advice.notMeasured', { label, why: entry.skipped ?? say('advice.noResult') });
    const speedup = entry.speedup.toFixed(2);
    if (entry.speedup >= 1.1) return entry.setting ? say('advice.fasterWithSetting', { label, speedup, setting: entry.setting }) : say('advice.faster', { label, speedup });
    if (entry.speedup <= 0.9) return say('advice.slower', { label, speedup });
    return say('advice.noDifference', { label, speedup });
  });
}
