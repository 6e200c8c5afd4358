import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dataDir } from '../../main/appPaths.js';

/**
 * A test's own copy of one data/ table, changed by `edit` (a loopback URL, the sha256 of a stand-in file), in
 * `dir`, which DLSETUP_DATA_DIR then points at: steps and the helper look their downloads up there instead.
 */
export function overlayDataTable<T>(dir: string, name: string, edit: (table: T) => void): void {
  const table = JSON.parse(readFileSync(path.join(dataDir, `${name}.json`), 'utf8')) as T;
  edit(table);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(table, null, 2));
  process.env.DLSETUP_DATA_DIR = dir;
}
