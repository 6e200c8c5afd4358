import * as v from 'valibot';
import { ERROR_CODES, type AppError } from '../errors.js';
import { NAMESPACES } from '../i18n/catalogTypes.js';
import { boundedText, matching, oneOf, problem } from './safeText.js';

/**
 * An AppError as it arrives over IPC or HTTP: a known code, bounded text, a key shaped 'namespace:key' naming one of
 * the catalogs, and at most a few text-or-number params. Unknown fields are dropped; the key is only a shape here,
 * sayError checks that this version knows it and falls back to the (English) message when it does not.
 */
export const APP_ERROR_LIMITS = { message: 10_000, detail: 100_000, key: 120, params: 16, paramName: 40, paramValue: 4000 } as const;

const KEY = new RegExp(`^(?:${NAMESPACES.join('|')}):[A-Za-z][A-Za-z0-9]*(?:[._-][A-Za-z0-9]+)*$`);
const PARAM_NAME = new RegExp(`^[A-Za-z_][A-Za-z0-9_]{0,${APP_ERROR_LIMITS.paramName - 1}}$`);

const paramValue = v.union([boundedText(APP_ERROR_LIMITS.paramValue), v.pipe(v.number(), v.finite())]);

export const appErrorSchema = v.object({
  code: oneOf(ERROR_CODES),
  message: boundedText(APP_ERROR_LIMITS.message),
  detail: v.optional(boundedText(APP_ERROR_LIMITS.detail)),
  key: v.optional(matching(KEY, 'problem.pattern', APP_ERROR_LIMITS.key)),
  params: v.optional(
    v.pipe(
      v.record(v.pipe(v.string(), v.regex(PARAM_NAME)), paramValue),
      v.check((params) => Object.keys(params).length <= APP_ERROR_LIMITS.params, problem('problem.tooMany', { max: APP_ERROR_LIMITS.params })),
    ),
  ),
});

export type AppErrorFromSchema = v.InferOutput<typeof appErrorSchema>;

/**
 * The error a peer sent, checked: as sent when it passes; its code and message alone when only the key or params are
 * wrong (they are what a newer or hostile peer could get wrong); else an INTERNAL error keeping a bounded copy as detail.
 */
export function readAppError(input: unknown): AppError {
  const checked = v.safeParse(appErrorSchema, input);
  if (checked.success) return checked.output;
  if (typeof input === 'object' && input !== null) {
    const { key: _key, params: _params, ...plain } = input as Record<string, unknown>;
    const bare = v.safeParse(appErrorSchema, plain);
    if (bare.success) return bare.output;
  }
  let detail: string;
  try {
    detail = String(JSON.stringify(input)).slice(0, 2000);
  } catch {
    detail = String(input).slice(0, 2000);
  }
  return { code: 'INTERNAL', message: 'DL Setup received an error it could not read.', detail };
}
