import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { dataDir } from '../appPaths.js';
import { errorText } from '../../shared/errorText.js';

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

/** Reads data/<name>.json once per process; the tables are facts with sources, never code (DESIGN.md §6). */
export function loadDataTable<T>(name: string): T {
  const file = dataTablePath(name);
  const cached = cache.get(file);
  if (cached !== undefined) return cached as T;
  let table: T;
  try {
    table = JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch (cause) {
    throw errorText.error('DATA_OUT_OF_DATE', 'data.damaged', { name }, { cause, detail: file });
  }
  cache.set(file, table);
  return table;
}
