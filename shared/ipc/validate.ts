import { fail, ok, type Result } from '../result.js';

/** A validator turns untrusted input from a renderer or a socket into a typed value, or says what is wrong. */
export type Validator<T> = (input: unknown) => Result<T>;

function invalid<T>(message: string): Result<T> {
  return fail({ code: 'INVALID_ARGUMENT', message });
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const noArgument: Validator<void> = (input) =>
  input === undefined || input === null ? ok(undefined) : invalid('This call takes no argument.');

type FieldRule = 'string' | 'boolean' | 'number' | 'object' | readonly string[];

/**
 * Validates a flat object: each field has a rule; a trailing '?' in the name marks it optional.
 * Unknown fields are refused so that a typo never silently changes behaviour.
 */
export function objectOf<T>(rules: Record<string, FieldRule>, options: { optional?: boolean } = {}): Validator<T> {
  const fields = Object.entries(rules).map(([name, rule]) => ({
    name: name.replace(/\?$/, ''),
    optional: name.endsWith('?'),
    rule,
  }));
  return (input) => {
    if ((input === undefined || input === null) && options.optional) return ok({} as T);
    if (!isRecord(input)) return invalid('Expected an object argument.');
    for (const key of Object.keys(input)) {
      if (!fields.some((field) => field.name === key)) return invalid(`Unknown field "${key}".`);
    }
    for (const { name, optional, rule } of fields) {
      const value = input[name];
      if (value === undefined) {
        if (optional) continue;
        return invalid(`Missing field "${name}".`);
      }
      if (Array.isArray(rule)) {
        if (typeof value !== 'string' || !rule.includes(value)) return invalid(`Field "${name}" must be one of: ${rule.join(', ')}.`);
      } else if (rule === 'object') {
        if (!isRecord(value)) return invalid(`Field "${name}" must be an object.`);
      } else if (typeof value !== rule) {
        return invalid(`Field "${name}" must be a ${rule}.`);
      }
    }
    return ok(input as T);
  };
}
