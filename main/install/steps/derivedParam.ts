import { invalid } from '../stepParams.js';

/**
 * A plan may repeat a value that DL Setup derives from data/ (a package name, a download URL, a checksum), as a
 * shown value; one that differs from what data/ says is refused by name. Where data/ knows nothing the given value
 * stays a shown value: the elevated helper never takes it (issue 15) and derives its own or refuses.
 */
export function checkDerived<T extends string>(kind: string, name: string, given: string | undefined, derived: T | null | undefined): T | string | undefined {
  if (given === undefined || derived === null || derived === undefined || given === derived) return derived ?? given;
  return invalid(kind, 'params.notFromData', { name, value: JSON.stringify(given), expected: derived });
}
