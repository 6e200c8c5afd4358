// Versions here come from the data tables and a few user inputs, so both caches stay small; the cap guards the rest.
const textCache = new Map<string, string>();
const partsCache = new Map<string, readonly [number, number]>();
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

/** "3.12" -> [3, 12]; a missing part is 0. */
export function majorMinorParts(version: string): readonly [number, number] {
  let parts = partsCache.get(version);
  if (parts === undefined) {
    const [major = 0, minor = 0] = version.split('.').map(Number);
    parts = [major, minor];
    if (partsCache.size < CACHE_LIMIT) partsCache.set(version, parts);
  }
  return parts;
}
