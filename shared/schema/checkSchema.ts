import * as v from 'valibot';
import { DlsetupError } from '../errors.js';
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

/** What is wrong with the value, as the second half of a sentence ("it must be a version such as 12.6.3."). */
export function problemOf(issue: Issue, say: SchemaSay): string {
  const objectLike = issue.type === 'strict_object' || issue.type === 'object' || issue.type === 'loose_object' || issue.type === 'variant';
  if (objectLike && issue.expected === 'never') return say('problem.unknownField');
  if (objectLike && issue.received === 'undefined' && issue.path?.length) return say('problem.missing');
  if (issue.type === 'variant' && issue.expected !== 'Object') return say('problem.oneOf', { allowed: allowedOf(issue, say) });
  if (issue.type === 'picklist' || issue.type === 'literal') return say('problem.oneOf', { allowed: allowedOf(issue, say) });
  const { key, params } = keyAndParams(issue.message);
  if (key === 'problem.controlChar') {
    const input = String(issue.input);
    return say(key, { code: firstControlChar(input, CONTROL_CHARS_BUT_LINES) ?? firstControlChar(input) ?? '' });
  }
  if (key) return sayUnchecked(say, key, params);
  if (issue.type === 'string') return say('problem.notText');
  if (issue.type === 'number') return say('problem.notNumber');
  if (issue.type === 'boolean') return say('problem.notBoolean');
  if (issue.type === 'array') return say('problem.notList');
  return say('problem.pattern');
}

/** The whole refusal: the field path and what is wrong with it. */
export function refusal(issue: Issue, options: CheckOptions = {}): string {
  const say = schemaText(options.locale);
  const field = fieldPath(issue, options.field);
  const problem = problemOf(issue, say);
  return field ? say('field.invalid', { field, problem }) : say('argument.invalid', { problem });
}

/** Checks untrusted input against `schema`: its output, or INVALID_ARGUMENT naming the first field that is wrong. */
export function checkSchema<S extends v.GenericSchema>(schema: S, input: unknown, options: CheckOptions = {}): Result<v.InferOutput<S>> {
  const result = v.safeParse(schema, input, { abortEarly: true });
  if (result.success) return ok(result.output);
  return fail({ code: 'INVALID_ARGUMENT', message: refusal(result.issues[0], options) });
}

/** As checkSchema, for code that throws: a DlsetupError('INVALID_ARGUMENT') naming the field. */
export function parseSchema<S extends v.GenericSchema>(schema: S, input: unknown, options: CheckOptions = {}): v.InferOutput<S> {
  const result = checkSchema(schema, input, options);
  if (!result.ok) throw new DlsetupError(result.error.code, result.error.message);
  return result.value;
}
