/** What replaces a secret in a log line: says something was there without saying what. */
export const REDACTED = '[redacted]';

/** The password in a URL's user info (proxies: http://user:password@host:3128); the user name stays for context. */
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^\s/@:]*:)[^\s/@]*@/gi;
/** A header whose whole value is a credential, in header form or as a JSON/object field. */
const CREDENTIAL_HEADER = /\b((?:proxy-)?authorization|cookie)(["']?\s*[:=]\s*["']?)[^"'\r\n]+/gi;
/** `Bearer …` wherever it appears without its header name. */
const BEARER = /\b(bearer\s+)[\w.~+/=-]+/gi;
/** A name that ends in token, password, secret or key, then = or :, then its value: `?token=…`, `PIP_PASSWORD=…`, `"api_key": "…"`. */
const NAMED_SECRET = /\b([\w-]*(?:token|password|passwd|secret|api[_-]?key))(["']?\s*[=:]\s*["']?)[^\s"'&;,]+/gi;

/** A line with every credential DL Setup could meet replaced by REDACTED, so a log can be shared as it is. */
export function redactSecrets(text: string): string {
  return text
    .replace(URL_PASSWORD, `$1${REDACTED}@`)
    .replace(CREDENTIAL_HEADER, `$1$2${REDACTED}`)
    .replace(BEARER, `$1${REDACTED}`)
    .replace(NAMED_SECRET, `$1$2${REDACTED}`);
}
