import type * as v from 'valibot';
import type { Result } from '../result.js';
import { checkSchema, type CheckOptions } from '../schema/checkSchema.js';

/**
 * A validator turns untrusted input from a renderer or a socket into a typed value, or says which field is wrong
 * (INVALID_ARGUMENT, in `options.locale`).
 */
export type Validator<T> = (input: unknown, options?: CheckOptions) => Result<T>;

/** The validator of one schema (shared/schema/ipcSchemas.ts); the value it gives is the schema's output. */
export function validatorOf<S extends v.GenericSchema>(schema: S): Validator<v.InferOutput<S>> {
  return (input, options) => checkSchema(schema, input, options);
}
