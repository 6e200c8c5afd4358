import * as v from 'valibot';
import { DlsetupError, type AppError } from '../errors.js';
import { NESTED_KEY, sayError } from '../i18n/sayError.js';
import { sayUnchecked, type Locale, type TextParams } from '../i18n/localize.js';
import { fail, ok, type Result } from '../result.js';
import { CONTROL_CHARS, CONTROL_CHARS_BUT_LINES, firstControlChar } from './patterns.js';
import { isSchemaTextKey, schemaText, type SchemaSay, type SchemaTextKey } from './schemaText.js';

/** Where the checked value sits (`plan`, `steps[0].params`) and the language of the refusal. */
export interface CheckOptions {
  /** The name of the value itself, put before every field path ("plan" → "plan.steps[0].kind"). */
  field?: string;
  locale?: Locale;
}

type Issue = v.BaseIssue<unknown>;

/** A key as it goes into a sentence: plain names as `.name`, anything else quoted, escaped and cut short. */
function keyPart(key: unknown): string {
  if (typeof key === 'number') return `[${key}]`;
  const name = String(key);
  if (/^[A-Za-z_$][A-Za-z0-9_$-]{0,63}$/.test(name)) return `.${name}`;
  const shown = [...name.slice(0, 40)].map((char) => (CONTROL_CHARS.test(char) || char === '"' || char === '\\' ? `\\u${char.codePointAt(0)!.toString(16).padStart(4, '0')}` : char)).join('');
  return `["${shown}${name.length > 40 ? '…' : ''}"]`;
}

/** `plan.steps[0].params.CUDA_HOME`, or null for the value itself. */
export function fieldPath(issue: Issue, field = ''): string | null {
  const path = (issue.path ?? []).map((item) => keyPart(item.key)).join('');
  const full = `${field}${path}`.replace(/^\./, '');
  return full || null;
}

/** The literal choices a picklist or variant names in `expected` ('"a" | "b"'). */
function allowedOf(issue: Issue, say: SchemaSay): string {
  return [...(issue.expected ?? '').matchAll(/"([^"]*)"/g)].map((match) => match[1]).join(say('list.separator'));
}

function keyAndParams(message: string): { key: SchemaTextKey | null; params: TextParams } {
  const at = message.indexOf('#');
  const key = at < 0 ? message : message.slice(0, at);
  const params = at < 0 ? {} : (JSON.parse(message.slice(at + 1)) as TextParams);
  return { key: isSchemaTextKey(key) ? key : null, params };
}

/** What is wrong with the value, as a key of the schema catalog and its params. */
export function problemKeyOf(issue: Issue, say: SchemaSay): { key: SchemaTextKey; params: TextParams } {
  const objectLike = issue.type === 'strict_object' || issue.type === 'object' || issue.type === 'loose_object' || issue.type === 'variant';
  if (objectLike && issue.expected === 'never') return { key: 'problem.unknownField', params: {} };
  if (objectLike && issue.received === 'undefined' && issue.path?.length) return { key: 'problem.missing', params: {} };
  if (issue.type === 'variant' && issue.expected !== 'Object') return { key: 'problem.oneOf', params: { allowed: allowedOf(issue, say) } };
  if (issue.type === 'picklist' || issue.type === 'literal') return { key: 'problem.oneOf', params: { allowed: allowedOf(issue, say) } };
  const { key, params } = keyAndParams(issue.message);
  if (key === 'problem.controlChar') {
    const input = String(issue.input);
    return { key, params: { code: firstControlChar(input, CONTROL_CHARS_BUT_LINES) ?? firstControlChar(input) ?? '' } };
  }
  if (key) return { key, params };
  if (issue.type === 'string') return { key: 'problem.notText', params: {} };
  if (issue.type === 'number') return { key: 'problem.notNumber', params: {} };
  if (issue.type === 'boolean') return { key: 'problem.notBoolean', params: {} };
  if (issue.type === 'array') return { key: 'problem.notList', params: {} };
  return { key: 'problem.pattern', params: {} };
}

/** What is wrong with the value, as the second half of a sentence ("it must be a version such as 12.6.3."). */
export function problemOf(issue: Issue, say: SchemaSay): string {
  const { key, params } = problemKeyOf(issue, say);
  return sayUnchecked(say, key, params);
}

/**
 * The whole refusal as a key: 'schema:field.invalid' {field, problem} where problem nests the problem's own key
 * (NESTED_KEY), so the reader's language says both halves; the message is said in `options.locale`.
 */
export function refusalError(issue: Issue, options: CheckOptions = {}): AppError {
  const locale = options.locale ?? 'en';
  const field = fieldPath(issue, options.field);
  const problem = problemKeyOf(issue, schemaText(locale));
  const params: TextParams = { ...problem.params, ...(field ? { field } : {}), problem: `${NESTED_KEY}schema:${problem.key}` };
  const key = field ? 'schema:field.invalid' : 'schema:argument.invalid';
  return { code: 'INVALID_ARGUMENT', message: sayError({ message: key, key, params }, locale), key, params };
}

/** The whole refusal: the field path and what is wrong with it. */
export function refusal(issue: Issue, options: CheckOptions = {}): string {
  return refusalError(issue, options).message;
}

/** Checks untrusted input against `schema`: its output, or INVALID_ARGUMENT naming the first field that is wrong. */
export function checkSchema<S extends v.GenericSchema>(schema: S, input: unknown, options: CheckOptions = {}): Result<v.InferOutput<S>> {
  const result = v.safeParse(schema, input, { abortEarly: true });
  if (result.success) return ok(result.output);
  return fail(refusalError(result.issues[0], options));
}

/** As checkSchema, for code that throws: a DlsetupError('INVALID_ARGUMENT') naming the field. */
export function parseSchema<S extends v.GenericSchema>(schema: S, input: unknown, options: CheckOptions = {}): v.InferOutput<S> {
  const result = checkSchema(schema, input, options);
  if (!result.ok) throw new DlsetupError(result.error.code, result.error.message, { key: result.error.key, params: result.error.params });
  return result.value;
}
