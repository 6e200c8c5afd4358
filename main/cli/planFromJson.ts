import type { Locale, Say } from '../../shared/i18n/localize.js';
import { keyedError, NESTED_KEY } from '../../shared/i18n/sayError.js';
import { checkSchema } from '../../shared/schema/checkSchema.js';
import { planSchema } from '../../shared/schema/planSchema.js';
import type { Plan } from '../../shared/types/plan.js';

/**
 * The text of a plan file as a Plan: JSON that is not a plan at all says how to make one; a plan with a field DL Setup
 * does not accept (a path with `;`, a newline in a name, an unknown step kind) also names that field.
 */
export function planFromJson(text: string, file: string, say: Say<'cli'>, locale?: Locale): Plan {
  let value: unknown;
  try {
    // A file saved by a Windows editor may start with a byte-order mark; JSON.parse refuses it.
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (cause) {
    throw say.error('INVALID_ARGUMENT', 'planFile.notAPlan', { file }, { cause });
  }
  const record = value as { steps?: unknown; status?: unknown } | null;
  if (typeof record !== 'object' || record === null || !Array.isArray(record.steps) || typeof record.status !== 'string') {
    throw say.error('INVALID_ARGUMENT', 'planFile.notAPlan', { file });
  }
  const checked = checkSchema(planSchema, value, { locale });
  // The schema's refusal nests in the sentence as a key, so the reader's language says both (sayError.ts NESTED_KEY).
  if (!checked.ok) throw keyedError('INVALID_ARGUMENT', 'cli:planFile.notAPlanBecause', { ...checked.error.params, file, refusal: `${NESTED_KEY}${checked.error.key}` }, locale);
  return checked.value;
}
