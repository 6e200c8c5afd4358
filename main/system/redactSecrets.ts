/** What replaces a secret: says something was there without saying what. */
export const REDACTED = '[redacted]';

// Every repetition is bounded, so no line (a 16 KB log entry, a hostile pip line) costs more than linear time.

/**
 * A URL's whole user info, `scheme://user:password@`, `scheme://TOKEN@`: up to the authority's last `@`, so a raw `@`
 * inside a password goes too. The user name goes with the password, because it is often the token itself.
 */
const URL_USERINFO = /\b([a-z][a-z0-9+.-]{0,31}:\/\/)[^\s/?#"'<>`]{0,2048}@/gi;
/** The same without a scheme, where a flag or variable says a URL follows: `--proxy user:pw@host:3128`, `https_proxy=u:p@h`. */
const FLAG_USERINFO = /((?:--(?:proxy|index-url|extra-index-url|find-links)(?:=|\s{1,8})|\b[A-Za-z_]{0,40}(?:proxy|PROXY|INDEX_URL|index_url)=)["']?)(?![a-z][a-z0-9+.-]{0,31}:\/\/)[^\s/?#"'<>`]{1,2048}@(?=[A-Za-z0-9[])/g;
/** Query parameters that carry a signature, a credential or a key (S3, GCS, Azure SAS, OAuth, API keys). */
const QUERY_SECRET = /([?&;](?:sig|signature|key|auth|code|x-amz-signature|x-amz-credential|x-amz-security-token|x-goog-signature|x-goog-credential|x-ms-signature|[\w.-]{0,40}token|[\w.-]{0,40}secret|password|passwd|pwd|credential|session)=)[^&#\s"'<>`]{1,4096}/gi;
/** Headers whose value is a credential, as a header line, a curl `-H`, or a JSON/object field. */
const CREDENTIAL_HEADER =
  /\b((?:proxy-)?authorization|set-cookie|cookie|x-jfrog-art-api|private-token|job-token|deploy-token|x-api-key|api-key|x-auth-token|x-access-token|x-goog-api-key|x-registry-auth|x-vault-token|ocp-apim-subscription-key)(["']?\s{0,8}[:=]\s{0,8}["']?)[^"'\r\n]{1,4096}/gi;
/** `Bearer …` and `Basic <base64>` wherever they appear without their header's name. */
const BEARER = /\b(bearer\s{1,8})[\w.~+/=-]{8,4096}/gi;
const BASIC = /\b(Basic\s{1,8})(?=[A-Za-z0-9+/]{0,4096}[0-9+/=])[A-Za-z0-9+/]{8,4096}={0,2}/g;
/** A quoted field named as a secret, its whole quoted value (spaces and escaped quotes too): `"password": "two words"`. */
const QUOTED_SECRET = /(["'])([\w-]{0,64}(?:token|password|passwd|secret|api[_-]?key|apikey|(?:access|secret|private|client|signing|session)[_-]?key))\1(\s{0,8}:\s{0,8})(["'])(?:\\.|(?!\4)[^\\]){0,4096}\4/gi;
/** A name that ends in token, password, secret or key, then = or :, then its value: `?token=…`, `PIP_PASSWORD=…`, `"api_key": "…"`. */
const NAMED_SECRET = /\b([\w-]{0,64}(?:token|password|passwd|secret|api[_-]?key|apikey|(?:access|secret|private|client|signing|session)[_-]?key))(["']?\s{0,8}[=:]\s{0,8}["']?)[^\s"'&;,]{1,4096}/gi;
/** curl's and wget's credentials on a command line: `--user=user:pw`, `--proxy-user`, `--password`; `-u`/`-U` only as `user:pw` (`sudo -u alice` stays). */
const CREDENTIAL_FLAG = /(\s(?:--user|--proxy-user|--password|--http-password|--proxy-password)(?:=|\s{1,8})|\s-[uU]\s{0,8}(?=[^\s:"']{1,256}:))[^\s"']{1,4096}/g;
/** .netrc: `machine h login u password p`, or `password p` on a line of its own. */
const NETRC_PASSWORD = /(\blogin\s{1,8}\S{1,256}\s{1,8}(?:password|passwd)\s{1,8})\S{1,4096}|^(\s{0,16}(?:password|passwd)\s{1,8})\S{1,4096}(?=\s*$)/gim;
/** A PEM private key, whole. */
const PRIVATE_KEY = /-----BEGIN [A-Z ]{0,40}PRIVATE KEY-----[\s\S]{0,16384}?-----END [A-Z ]{0,40}PRIVATE KEY-----/g;
/**
 * Tokens recognisable by their own shape wherever they stand: AWS access key ids, GitHub, GitLab, Hugging Face, PyPI,
 * npm, Slack, OpenAI and Google API keys, and JWTs.
 */
const TOKEN_SHAPES = new RegExp(
  [
    '\\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[A-Z0-9]{16}\\b',
    '\\b(?:gh[pousr]_[A-Za-z0-9]{30,255}|github_pat_[A-Za-z0-9_]{22,255})\\b',
    '\\bglpat-[A-Za-z0-9_-]{20,255}',
    '\\bhf_[A-Za-z0-9]{30,255}\\b',
    '\\bpypi-[A-Za-z0-9_-]{40,4096}',
    '\\bnpm_[A-Za-z0-9]{36}\\b',
    '\\bxox[abposr]-[A-Za-z0-9-]{10,255}',
    '\\bsk-(?:proj-|ant-)?[A-Za-z0-9_-]{20,255}',
    '\\bAIza[0-9A-Za-z_-]{35}\\b',
    '\\beyJ[A-Za-z0-9_-]{4,4096}\\.eyJ[A-Za-z0-9_-]{4,4096}\\.[A-Za-z0-9_-]{0,4096}',
  ].join('|'),
  'g',
);

/**
 * The one redaction of DL Setup: text with every credential it could meet replaced by REDACTED, so it can be shown,
 * logged, journalled, exported or shared as it is. By structure where it can (a URL's user info, its query), then by
 * names (headers, fields, variables, flags) and by the shapes of well-known tokens; ordinary text stays unchanged.
 */
export function redactSecrets(text: string): string {
  return text
    .replace(PRIVATE_KEY, REDACTED)
    .replace(URL_USERINFO, `$1${REDACTED}@`)
    .replace(FLAG_USERINFO, `$1${REDACTED}@`)
    .replace(QUERY_SECRET, `$1${REDACTED}`)
    .replace(CREDENTIAL_HEADER, `$1$2${REDACTED}`)
    .replace(BEARER, `$1${REDACTED}`)
    .replace(BASIC, `$1${REDACTED}`)
    .replace(QUOTED_SECRET, `$1$2$1$3$4${REDACTED}$4`)
    .replace(NAMED_SECRET, `$1$2${REDACTED}`)
    .replace(CREDENTIAL_FLAG, `$1${REDACTED}`)
    .replace(NETRC_PASSWORD, (_match, login: string | undefined, alone: string | undefined) => `${login ?? alone ?? ''}${REDACTED}`)
    .replace(TOKEN_SHAPES, REDACTED);
}

/** Every string inside `value` (an event, a journal entry, an error) redacted; the shape and every other value kept. */
export function redactSecretsIn<T>(value: T): T {
  if (typeof value === 'string') return redactSecrets(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => redactSecretsIn(item)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactSecretsIn(item)])) as T;
  }
  return value;
}
