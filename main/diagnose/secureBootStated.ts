import { evidenceLine } from './evidenceLine.js';
import type { StructuralMatch } from './structuralMatches.js';

/** The text says Secure Boot is on: the installer's own question, mokutil's answer, or the user's words. */
const SECURE_BOOT_ON = /\bSecure ?Boot(?: is| was)? (?:enabled|on|active)\b|UEFI Secure Boot enabled|SecureBoot enabled/i;
/** A module load refused with EPERM: what the kernel answers an unsigned module under Secure Boot. */
const LOAD_NOT_PERMITTED = /(?:Kernel module load error|could not insert|Error inserting|insmod: ERROR)[^\n]{0,200}Operation not permitted/i;
/** The boot's own words for a module that never loaded (Fedora's nvidia-kmod), or the user's. */
const MODULE_NOT_LOADED = /nvidia kernel module missing,? falling back to nouveau|\b(?:not be able to|unable to|cannot|can['’]t) load (?:the )?nvidia(?: kernel)? modules?\b/i;

/**
 * "Operation not permitted" (or a module that did not load) alone has other causes (an install command that failed
 * first, a container without the right to load modules), so it is Secure Boot's family only where the text also says
 * Secure Boot is on.
 */
export function secureBootRefusal(text: string, lines: readonly string[]): StructuralMatch | null {
  if (!SECURE_BOOT_ON.test(text)) return null;
  const refused = evidenceLine(lines, LOAD_NOT_PERMITTED) ?? evidenceLine(lines, MODULE_NOT_LOADED);
  return refused ? { code: 'SECURE_BOOT_BLOCKED', evidence: refused, values: {}, outranks: ['DRIVER_MODULE_LOAD_FAILED', 'DRIVER_INSTALL_FAILED', 'DRIVER_NOT_LOADED'] } : null;
}
