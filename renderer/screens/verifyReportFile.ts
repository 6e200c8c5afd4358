import { checkSchema } from '../../shared/schema/checkSchema.js';
import { verifyReportSchema } from '../../shared/schema/verifyReportSchema.js';
import type { VerifyReport } from '../../shared/types/verify.js';

/**
 * A report saved by "Download a copy (JSON)" or `dlsetup verify --json`, read back through the same schema as the
 * history folder (it may come from another machine); null when the text is not one.
 */
export function readVerifyReport(text: string): VerifyReport | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const checked = checkSchema(verifyReportSchema, value);
  return checked.ok ? checked.value : null;
}
