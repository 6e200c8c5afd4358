import type { VerifyComparison, VerifyReport } from '../../shared/types/verify.js';
import { compareReports } from './compareReports.js';
import { latestReport, saveReport } from './reportHistory.js';
import { verify, type VerifyOptions } from './verify.js';

export interface VerificationOutcome {
  report: VerifyReport;
  /** Against the previous saved report; null on the first run. */
  comparison: VerifyComparison | null;
  saved: { jsonPath: string; htmlPath: string };
}

/** One verification as the CLI and the wizard both run it: measure, compare with the last report, then keep this one. */
export async function runVerification(options: VerifyOptions): Promise<VerificationOutcome> {
  const previous = await latestReport();
  const report = await verify(options);
  const comparison = previous ? compareReports(previous, report, options.locale) : null;
  const saved = await saveReport(report, { locale: options.locale });
  return { report, comparison, saved };
}
