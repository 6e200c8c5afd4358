/** The longest request target `dlsetup serve` reads; its own URLs are a few dozen characters. */
export const MAX_TARGET_LENGTH = 2048;

const BASE = 'http://dlsetup.invalid';

export interface RequestTarget {
  /** The path as the URL parser normalised it, escapes kept: safe to send back in a Location header. */
  pathname: string;
  /** The same path with its escapes decoded once: what routing and the static files compare. */
  path: string;
  query: URLSearchParams;
}

/**
 * Parses a request line's target, or null when it is not a plain origin-form path of this server (issue 15): `//x`,
 * `http://x/`, `*`, backslashes, control characters, escapes that do not decode to UTF-8, overlong targets. Callers
 * answer null with a fixed 400 that does not repeat the input.
 */
export function parseRequestTarget(raw: string | undefined): RequestTarget | null {
  if (!raw || raw.length > MAX_TARGET_LENGTH) return null;
  if (!raw.startsWith('/') || raw.startsWith('//')) return null;
  // The URL parser reads `\` as `/` (so `/\evil` names a host); spaces and controls never belong in a target.
  if (/[\\\x00-\x20\x7f-\uffff]/.test(raw)) return null;
  try {
    decodeURIComponent(raw);
  } catch {
    return null;
  }
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  // Dot segments can still leave `//host` (`/x/..//evil`), which a redirect would hand to another site.
  if (url.origin !== BASE || url.pathname.startsWith('//')) return null;
  const path = decodeURIComponent(url.pathname);
  if (/[\\\x00-\x1f\x7f]/.test(path)) return null;
  return { pathname: url.pathname, path, query: url.searchParams };
}
