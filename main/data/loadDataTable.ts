import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { dataDir } from '../appPaths.js';
import { errorText } from '../../shared/errorText.js';
import { NESTED_KEY, keyedError } from '../../shared/i18n/sayError.js';
import { fieldPath, problemKeyOf } from '../../shared/schema/checkSchema.js';
import { schemaText } from '../../shared/schema/schemaText.js';

const cache = new Map<string, unknown>();

/**
 * Where data/<name>.json is read from: DLSETUP_DATA_DIR (tests: a table pointing at a loopback server) when it holds
 * that table, else the package's data/. pkexec and sudo clear the environment, so an elevated helper reads data/.
 */
export function dataTablePath(name: string): string {
  const overlay = process.env.DLSETUP_DATA_DIR;
  const candidate = overlay ? path.join(overlay, `${name}.json`) : null;
  return candidate && existsSync(candidate) ? candidate : path.join(dataDir, `${name}.json`);
}

/** A table that parses but breaks its schema: DATA_OUT_OF_DATE naming the file and the first field that is wrong. */
function mismatch(name: string, file: string, issue: v.BaseIssue<unknown>) {
  const problem = problemKeyOf(issue, schemaText('en'));
  const field = fieldPath(issue) ?? `${name}.json`;
  const params = { ...problem.params, name, field, problem: `${NESTED_KEY}schema:${problem.key}` };
  return keyedError('DATA_OUT_OF_DATE', 'errors:data.invalid', params, 'en', { detail: file });
}

/**
 * Reads data/<name>.json once per process and checks it against its schema (shared/data/), so a broken table is
 * refused at load with the file and field named, not met later as a crash; the tables are facts with sources, never code.
 */
export function loadDataTable<S extends v.GenericSchema>(name: string, schema: S): v.InferOutput<S> {
  const file = dataTablePath(name);
  const cached = cache.get(file);
  if (cached !== undefined) return cached as v.InferOutput<S>;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (cause) {
    throw errorText.error('DATA_OUT_OF_DATE', 'data.damaged', { name }, { cause, detail: file });
  }
  const checked = v.safeParse(schema, json, { abortEarly: true });
  if (!checked.success) throw mismatch(name, file, checked.issues[0]);
  cache.set(file, checked.output);
  return checked.output;
}
