/**
 * A URL's user info (`user:password@`, or a token alone as `TOKEN@`) found by the URL's structure: everything between
 * `scheme://` and the authority's LAST `@`, so a raw `@` inside a password is still part of it. Scheme optional, as
 * pip and curl accept a proxy written `user:password@host:port`.
 */
const USERINFO = /^((?:[a-z][a-z0-9+.-]{0,31}:\/\/)?)([^\s/?#]*)@(?=[^\s/?#@]*(?:[/?#]|$))/i;

/** `url` without its user info (`http://user:pw@proxy:3128` → `http://proxy:3128`); unchanged when it has none. */
export function withoutUserinfo(url: string): string {
  return url.replace(USERINFO, '$1');
}

/** Whether `url` carries a user name, a token or a password before its host. */
export function hasUserinfo(url: string): boolean {
  return USERINFO.test(url);
}
