import type { LdconfigEntry } from './parseLdconfig.js';

const MAGIC_NEW = 'glibc-ld.so.cache1.1';
const HEADER_NEW = 48;
const ENTRY_NEW = 24;

function ascii(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length));
}

const utf8 = new TextDecoder();

function cString(bytes: Uint8Array, start: number): string | null {
  if (start < 0 || start >= bytes.length) return null;
  const end = bytes.indexOf(0, start);
  if (end < 0) return null;
  return utf8.decode(bytes.subarray(start, end));
}

/**
 * Reads glibc's loader cache (/etc/ld.so.cache, the file `ldconfig -p` prints) without starting ldconfig: the
 * "glibc-ld.so.cache1.1" format. Entries come in ldconfig -p's order; anything else (another libc, the pre-2.32
 * combined format, a truncated file) yields null so the caller can ask ldconfig instead.
 */
export function parseLdSoCache(bytes: Uint8Array, sonamePrefix = ''): LdconfigEntry[] | null {
  if (!(bytes instanceof Uint8Array)) return null;
  // Only the format glibc has written since 2.32; the older "ld.so-1.7.0" combined layout is left to ldconfig.
  if (bytes.length < HEADER_NEW || ascii(bytes, 0, MAGIC_NEW.length) !== MAGIC_NEW) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = view.getUint32(20, true);
  if (HEADER_NEW + count * ENTRY_NEW > bytes.length) return null;
  // A wanted prefix is compared as bytes, so the thousands of other entries are never decoded.
  const prefix = new TextEncoder().encode(sonamePrefix);
  const entries: LdconfigEntry[] = [];
  for (let index = 0; index < count; index++) {
    const at = HEADER_NEW + index * ENTRY_NEW;
    // String offsets count from the start of the file.
    const sonameAt = view.getUint32(at + 4, true);
    const fileAt = view.getUint32(at + 8, true);
    if (sonameAt >= bytes.length || fileAt >= bytes.length) return null;
    if (!startsWithBytes(bytes, sonameAt, prefix)) continue;
    const soname = cString(bytes, sonameAt);
    const file = cString(bytes, fileAt);
    if (soname === null || file === null) return null;
    entries.push({ soname, path: file });
  }
  return entries;
}

function startsWithBytes(bytes: Uint8Array, start: number, prefix: Uint8Array): boolean {
  if (start + prefix.length > bytes.length) return false;
  for (let index = 0; index < prefix.length; index++) if (bytes[start + index] !== prefix[index]) return false;
  return true;
}
