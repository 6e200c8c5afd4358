import { majorMinorOf } from '../versions/dottedVersion.js';

// Versions here come from the data tables and a few user inputs, so the cache stays small; the cap guards the rest.
const textCache = new Map<string, string>();
const CACHE_LIMIT = 10_000;

/** "12.6.3" -> "12.6"; "3" -> "3". */
export function majorMinor(version: string): string {
  let result = textCache.get(version);
  if (result === undefined) {
    const [major = '', minor] = version.split('.');
    result = minor === undefined ? major : `${major}.${minor}`;
    if (textCache.size < CACHE_LIMIT) textCache.set(version, result);
  }
  return result;
}

/** "3.12" -> [3, 12]; a missing part is 0 (the one reading of a series, shared/versions/dottedVersion.ts). */
export const majorMinorParts: (version: string) => readonly [number, number] = majorMinorOf;
