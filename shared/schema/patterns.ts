/**
 * The accepted shapes of untrusted text, as plain patterns and predicates: the valibot schemas (safeText.ts) and the
 * install engine's ParamReader both use these, so a value means the same thing at every boundary.
 */

// The characters that end or bend a line (C0/C1 controls, U+2028/2029, bidi overrides, BOM): one definition, the quoting's.
import { CONTROL_CHARS } from '../quote/controlChars.js';

export { CONTROL_CHARS };

/** The same, but tab and line feed are allowed: multi-line text shown to people (step messages, pasted logs). */
export const CONTROL_CHARS_BUT_LINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/;

export function hasControlChar(value: string): boolean {
  return CONTROL_CHARS.test(value);
}

/** "U+000A" for the first control character in `value`, or null. */
export function firstControlChar(value: string, pattern: RegExp = CONTROL_CHARS): string | null {
  const found = pattern.exec(value);
  return found ? `U+${found[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}` : null;
}

/** An absolute POSIX path of [A-Za-z0-9._+-] segments: no empty segment (`//`), no trailing slash, "/" alone allowed. */
const POSIX_PATH = /^\/(?:[A-Za-z0-9._+-]+(?:\/[A-Za-z0-9._+-]+)*)?$/;
const DOT_SEGMENT = /(?:^|[/\\])\.{1,2}(?:[/\\]|$)/;

/** Absolute, normalised (no `.`, `..`, `//`, trailing `/`) and limited to [A-Za-z0-9._/+-]. */
export function isSafePosixPath(value: string): boolean {
  return value.length <= 4096 && POSIX_PATH.test(value) && !DOT_SEGMENT.test(value);
}

/** A drive-letter Windows path whose segments are letters, digits, single spaces and . _ + - ( ) (C:\Program Files\…). */
const WINDOWS_PATH = /^[A-Za-z]:(?:\\[A-Za-z0-9._+()-]+(?: [A-Za-z0-9._+()-]+)*)+$/;

export function isSafeWindowsPath(value: string): boolean {
  return value.length <= 1024 && WINDOWS_PATH.test(value) && !DOT_SEGMENT.test(value);
}

/**
 * An absolute, normalised path of any printable characters (POSIX, or Windows with a drive letter): where DL Setup keeps
 * its own files, since the per-user data folder may hold a space (macOS "Application Support"). Never written unquoted.
 */
export function isLocalPath(value: string): boolean {
  if (value.length > 4096 || CONTROL_CHARS.test(value)) return false;
  if (value === '/') return true;
  const windows = /^[A-Za-z]:\\/.test(value);
  if (!windows && !value.startsWith('/')) return false;
  if (windows && /[<>:"|?*/]/.test(value.slice(2))) return false;
  return value
    .slice(windows ? 3 : 1)
    .split(windows ? '\\' : '/')
    .every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** `value` is `root` or lies below it (both safe POSIX paths, so a prefix test is exact). */
export function isPathUnder(value: string, roots: readonly string[]): boolean {
  return roots.some((root) => value === root || root === '/' || value.startsWith(`${root}/`));
}

/** 2.14.0, 12.6.3, 9.10.2.21, 580.65.06 */
export const VERSION_PATTERN = /^\d{1,4}(?:\.\d{1,6}){0,3}$/;
/** A framework release: a version with an optional PEP 440 pre/post/dev tag (2.6.0rc1). */
export const RELEASE_PATTERN = /^\d{1,4}(?:\.\d{1,6}){0,3}(?:(?:a|b|rc)\d{1,4})?(?:\.post\d{1,4})?(?:\.dev\d{1,6})?$/;
/** 3.12, 3.10.12, 3.14.0rc1 */
export const PYTHON_VERSION_PATTERN = /^\d{1,2}\.\d{1,3}(?:\.\d{1,3})?(?:(?:a|b|rc)\d{1,3})?$/;
/** 580, 580.65.06, 537.13 */
export const DRIVER_VERSION_PATTERN = /^\d{1,4}(?:\.\d{1,4}){0,3}$/;
export const COMPUTE_CAPABILITY_PATTERN = /^\d{1,2}\.\d{1,2}$/;
export const SHA256_PATTERN = /^[0-9a-f]{64}$/;
/** Debian package names (Policy §5.6.1): never starts with "-", so apt cannot read one as an option. */
export const DEB_PACKAGE_PATTERN = /^[a-z0-9][a-z0-9+.-]{1,100}$/;
/** A pip requirement: a name, optional extras and version clauses; nothing pip or a shell could read as an option or code. */
export const PIP_REQUIREMENT_PATTERN =
  /^[A-Za-z0-9][A-Za-z0-9._-]{0,100}(\[[A-Za-z0-9._,-]{1,100}\])?((==|>=|<=|~=|!=|<|>)[A-Za-z0-9.*+!_-]{1,60}(,(==|>=|<=|~=|!=|<|>)[A-Za-z0-9.*+!_-]{1,60}){0,5})?$/;
/** A conda match spec as the plan writes it (cudatoolkit=11.2). */
export const CONDA_PACKAGE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,100}(?:[=<>!]=?[A-Za-z0-9.*+_-]{1,60}){0,4}$/;
/** Names DL Setup puts in file names and argv: step ids, environment names, conda channels. */
export const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
/** 20250101-120000-0a1b2c: sorts by start time, safe in file names. */
export const RUN_ID_PATTERN = /^\d{8}-\d{6}-[0-9a-f]{6}$/;
export const ISO_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * https anywhere, plain http only on loopback; a host, an optional port and a path of unreserved characters: no
 * credentials, query, fragment, quotes or spaces.
 */
const URL_PATTERN = /^https?:\/\/(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}))*|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?(?:\/[A-Za-z0-9._~%+/-]*)?$/;
const LOOPBACK_HTTP = /^http:\/\/(?:127\.0\.0\.1|localhost|\[::1\])(?::\d{1,5})?(?:\/|$)/;

export function isSafeUrl(value: string): boolean {
  return value.length <= 2048 && URL_PATTERN.test(value) && (value.startsWith('https://') || LOOPBACK_HTTP.test(value));
}

/** A proxy: http(s), optional user:password of unreserved or percent-encoded characters, a host and a port. */
const PROXY_PATTERN = /^https?:\/\/(?:[A-Za-z0-9._~%+-]{1,200}(?::[A-Za-z0-9._~%+-]{0,200})?@)?(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,252})|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?\/?$/;

export function isSafeProxy(value: string): boolean {
  return PROXY_PATTERN.test(value);
}

/** A mirror preset id ("tuna", "aliyun"); the engine refuses ids it does not know. */
export const MIRROR_ID_PATTERN = /^[a-z][a-z0-9-]{0,31}$/;

/**
 * A GPU or device name as tools print it (NVIDIA GeForce RTX 4090, Tesla V100-SXM2-16GB, Intel(R) UHD Graphics 630,
 * Navi 31 [Radeon RX 7900 XTX]): letters and digits of any script and a few marks that no shell or YAML reads as code.
 */
export const DEVICE_NAME_PATTERN = /^[\p{L}\p{N}[(][\p{L}\p{N} ._()[\]/+,:#@®™-]{0,199}$/u;
