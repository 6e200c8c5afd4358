import { evidenceLine } from './evidenceLine.js';
import type { StructuralMatch } from './structuralMatches.js';

/** CUDA's error 804, in any form tools print it. */
const COMPAT_REFUSED = /forward compatibility was attempted on non supported HW|CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE|cudaErrorCompatNotSupportedOnDevice/i;
/** The text says the system was just updated and it worked before ("after recent ubuntu update", "it used to work before"). */
const UPDATED_SAID = /\b(?:after|since) (?:an? |the |some |my |recent |running )*(?:ubuntu |system |driver |kernel |apt |package |os )?(?:updates?|upgrades?|updating|upgrading)\b|\bran (?:some |an? )?(?:updates?|upgrades?)\b|\b(?:used to|was) work(?:ing|ed)?(?: fine)? (?:before|yesterday)\b/i;

/**
 * Error 804 usually means the driver is older than the CUDA a container or a cuda-compat package brings (DRIVER_TOO_OLD).
 * Where the text says an update just ran and it worked before, the new driver's libraries are talking to the old kernel
 * module still loaded: the mismatch a restart ends.
 */
export function compatAfterUpdate(text: string, lines: readonly string[]): StructuralMatch | null {
  if (!UPDATED_SAID.test(text)) return null;
  const refused = evidenceLine(lines, COMPAT_REFUSED);
  return refused ? { code: 'DRIVER_LIBRARY_MISMATCH', evidence: refused, values: {}, outranks: ['DRIVER_TOO_OLD'] } : null;
}
