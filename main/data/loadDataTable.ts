import { readFileSync } from 'node:fs';
import path from 'node:path';
import { dataDir } from '../appPaths.js';
import { DlsetupError } from '../../shared/errors.js';

const cache = new Map<string, unknown>();

/** Reads data/<name>.json once per process; the tables are facts with sources, never code (docs/design.md §6). */
export function loadDataTable<T>(name: string): T {
  const cached = cache.get(name);
  if (cached !== undefined) return cached as T;
  const file = path.join(dataDir, `${name}.json`);
  let table: T;
  try {
    table = JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch (cause) {
    throw new DlsetupError('DATA_OUT_OF_DATE', `DL Setup's data file ${name}.json is missing or damaged; reinstall DL Setup.`, { cause, detail: file });
  }
  cache.set(name, table);
  return table;
}
