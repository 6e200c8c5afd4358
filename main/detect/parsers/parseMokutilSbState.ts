/** Parses `mokutil --sb-state`; "unknown" for systems without EFI variables or text we do not recognise. */
export function parseMokutilSbState(text: string): 'enabled' | 'disabled' | 'unknown' {
  if (typeof text !== 'string') return 'unknown';
  if (/SecureBoot enabled/i.test(text)) return 'enabled';
  if (/SecureBoot disabled|doesn't support Secure Boot/i.test(text)) return 'disabled';
  return 'unknown';
}

/** The SecureBoot efivar is 4 attribute bytes then one value byte (1 = on). */
export function secureBootFromEfivar(bytes: Uint8Array | null): 'enabled' | 'disabled' | 'unknown' {
  if (!bytes || bytes.length < 5) return 'unknown';
  const value = bytes[bytes.length - 1];
  return value === 1 ? 'enabled' : value === 0 ? 'disabled' : 'unknown';
}
