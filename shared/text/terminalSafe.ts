/**
 * Code points that steer a terminal or make a line read differently from what it holds: the C0 controls but line feed
 * and tab (ESC starts every escape sequence, CR and BS overwrite), DEL, the C1 controls (U+009B alone is a CSI, U+009D
 * an OSC), the Arabic letter mark, the left-to-right and right-to-left marks, the line and paragraph separators, and the
 * bidirectional embeddings, overrides and isolates.
 */
const UNSAFE_RANGES = '\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069';

/**
 * A style mark holds this process's random nonce, which nothing outside the process ever sees (the printer turns every
 * mark into a colour code or removes it), so outside text cannot hold a mark: only terminalStyle's colours get through.
 */
const NONCE = Array.from((globalThis as unknown as { crypto: { getRandomValues(bytes: Uint8Array): Uint8Array } }).crypto.getRandomValues(new Uint8Array(12)), (byte) => byte.toString(16).padStart(2, '0')).join('');
const MARK_OR_UNSAFE = new RegExp(`\\u0000${NONCE}([0-9;]{1,8})\\u0000|[${UNSAFE_RANGES}]`, 'g');

/** Where terminalStyle's SGR `code` goes (terminalStyle is its only caller): a colour code with colour on, nothing with it off. */
export function styleMark(code: string): string {
  return `\u0000${NONCE}${code}\u0000`;
}

/** `\u001b` for ESC: six visible ASCII characters naming the code point, which is also a JSON string escape of it. */
function escaped(char: string): string {
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * The one printer's rule: every unsafe code point in `text` shown as its `\uXXXX` escape, so text from outside (a GPU
 * name, a METADATA Version, a folder name, pasted text) reaches the terminal as data, ESC included. terminalStyle's
 * marks become their colour codes when `colour` is on and vanish when it is off. JSON stays valid: JSON.stringify
 * leaves DEL, C1 and bidi characters raw only inside strings, where `\uXXXX` is the same character.
 */
export function terminalSafe(text: string, colour = false): string {
  return text.replace(MARK_OR_UNSAFE, (match, code: string | undefined) => (code === undefined ? escaped(match) : colour ? `\u001b[${code}m` : ''));
}

/** JSON text for a file a person may `cat` (history, reports): JSON.parse gives back the same value, the bytes hold no unsafe code point. */
export function terminalSafeJson(value: unknown, space?: number): string {
  return terminalSafe(JSON.stringify(value, null, space));
}
