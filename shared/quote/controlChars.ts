import { errorText } from '../errorText.js';

/**
 * Characters that end or bend a line somewhere: C0 controls (NUL, tab, CR, LF, ESC…), DEL, C1 controls (NEL U+0085
 * ends a line in YAML 1.1), the Unicode line and paragraph separators (line breaks to YAML 1.1 and JavaScript), and
 * the bidirectional overrides that make a line read differently from what it is.
 */
export const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/;
const CONTROL_CHARS_ALL = new RegExp(CONTROL_CHARS.source, 'gu');

export function hasControlChar(value: string): boolean {
  return CONTROL_CHARS.test(value);
}

/** Throws INVALID_ARGUMENT (naming the variable `name` when given) when `value` holds a control character (for line-based files). */
export function refuseControlChars(value: string, name?: string): string {
  const found = CONTROL_CHARS.exec(value);
  if (found) {
    const code = found[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    throw name === undefined ? errorText.error('INVALID_ARGUMENT', 'quote.controlChar', { code }) : errorText.error('INVALID_ARGUMENT', 'quote.controlCharIn', { name, code });
  }
  return value;
}

/** The text on one line, every control character shown as \n, \t or \uXXXX (for comments and display, never code). */
export function oneLine(text: string): string {
  return text.replace(CONTROL_CHARS_ALL, (char) => {
    if (char === '\n') return '\\n';
    if (char === '\r') return '\\r';
    if (char === '\t') return '\\t';
    return `\\u${char.codePointAt(0)!.toString(16).padStart(4, '0')}`;
  });
}
