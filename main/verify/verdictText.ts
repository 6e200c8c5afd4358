import { translator, type Locale } from '../../shared/i18n/localize.js';
import { firstFailure, verifyVerdict } from '../../shared/verify/verifyVerdict.js';
import type { VerifyReport } from '../../shared/types/verify.js';
import wizardEn from '../../locales/en/wizard.json' with { type: 'json' };
import wizardZhCN from '../../locales/zh-CN/wizard.json' with { type: 'json' };

// The Verify screen's sentences (wizard catalog), so the saved report words its verdict exactly as the screen does.
const wizardText = translator('wizard', wizardEn, wizardZhCN);

/** The verdict first, then the failed check that caused it: the same two lines the Verify screen shows. */
export function verdictLines(report: VerifyReport, locale?: Locale): { tone: 'pass' | 'fail' | 'cpu'; verdict: string; cause?: string } {
  // Verdict keys are built at run time (verify.verdict.passSpecConv ...), so the catalog is read by plain key.
  const say = wizardText(locale) as unknown as (key: string, params?: Record<string, string | number>) => string;
  const verdict = verifyVerdict(report);
  const failed = firstFailure(report);
  const checkKey = `verify.checkNames.${failed?.id ?? ''}`;
  const check = wizardText.has(checkKey) ? say(checkKey) : say('verify.checkNames.other');
  return { tone: verdict.tone, verdict: say(verdict.key, verdict.params), ...(failed ? { cause: say('verify.verdict.cause', { check, reason: failed.reason ?? '' }) } : {}) };
}
