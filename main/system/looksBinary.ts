/** How much of a text or file decides: every text format DL Setup reads shows what it is in its first few KB. */
export const BINARY_SAMPLE = 8192;

/** Control characters that real logs and tool output carry: backspace, tab, line ends, form feed, ESC (colours). */
function isTextControl(code: number): boolean {
  return code === 0x08 || code === 0x09 || code === 0x0a || code === 0x0b || code === 0x0c || code === 0x0d || code === 0x1b;
}

/**
 * Whether text is really binary data: a NUL in its first 8 KB (git's rule), or more than 5% of that sample control
 * characters no log carries (random bytes have about 10%). U+FFFD does not count: a log in GBK or Latin-1 decodes to
 * many of them and is still text. Reads only the sample, so a 50 MB blob is judged as fast as a line.
 */
export function looksBinary(text: string): boolean {
  const end = Math.min(text.length, BINARY_SAMPLE);
  let suspicious = 0;
  for (let index = 0; index < end; index++) {
    const code = text.charCodeAt(index);
    if (code === 0) return true;
    if ((code < 0x20 && !isTextControl(code)) || code === 0x7f) suspicious += 1;
  }
  return suspicious * 20 > end;
}
