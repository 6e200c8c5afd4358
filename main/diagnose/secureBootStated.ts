import { evidenceLine } from './evidenceLine.js';
import type { StructuralMatch } from './structuralMatches.js';

/** The text says Secure Boot is on: the installer's own question, mokutil's answer, or the user's words. */
const SECURE_BOOT_ON = /\bSecure ?Boot(?: is| was)? (?:enabled|on|active)\b|UEFI Secure Boot enabled|SecureBoot enabled/i;
/** The text says Secure Boot is off: the user's words ("checked secure boot in my BIOS and it's off") or mokutil's. */
const SECURE_BOOT_OFF = /\bSecure ?Boot\b[^\n]{0,40}?\b(?:is |was |it['’]?s |is already )?(?:disabled|off|not enabled|turned off)\b|\b(?:disabled|turned off) (?:the )?Secure ?Boot\b|SecureBoot disabled/i;
/** The kernel refusing the module's signature ("key was rejected by service"), which Secure Boot alone does not explain when it is off. */
const KEY_REJECTED = /Key was rejected by service|Loading of module with unavailable key is rejected|Required key not available/i;
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

/**
 * A key refused while the text says Secure Boot is off: the kernel enforces signatures itself (module.sig_enforce, a
 * locked-down or vendor kernel) or the module was built for another kernel, so it is the module's failure to load, not
 * Secure Boot's family.
 */
export function keyRejectedWithSecureBootOff(text: string, lines: readonly string[]): StructuralMatch | null {
  if (!SECURE_BOOT_OFF.test(text) || SECURE_BOOT_ON.test(text)) return null;
  const rejected = evidenceLine(lines, KEY_REJECTED);
  return rejected ? { code: 'DRIVER_MODULE_LOAD_FAILED', evidence: rejected, values: {}, outranks: ['SECURE_BOOT_BLOCKED'] } : null;
}
