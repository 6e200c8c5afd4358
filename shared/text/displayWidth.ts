/** How many terminal columns text takes: CJK and full-width forms take two, so tables with Chinese cells stay aligned. */
import { terminalSafe } from './terminalSafe.js';

/** East Asian Wide and Fullwidth code point ranges (Unicode UAX #11), inclusive. */
const WIDE_RANGES: readonly (readonly [number, number])[] = [
  [0x1100, 0x115f], // Hangul Jamo leading consonants
  [0x2e80, 0xa4cf], // CJK radicals, punctuation (、。「」), kana, CJK ideographs, Yi
  [0xac00, 0xd7a3], // Hangul syllables
  [0xf900, 0xfaff], // CJK compatibility ideographs
  [0xfe30, 0xfe4f], // CJK compatibility forms
  [0xff00, 0xff60], // Fullwidth forms: （）：，！？
  [0xffe0, 0xffe6], // Fullwidth signs: ￥ ￡
  [0x20000, 0x3fffd], // CJK ideographs beyond the BMP (extensions B and later)
];

function isWide(codePoint: number): boolean {
  return WIDE_RANGES.some(([first, last]) => codePoint >= first && codePoint <= last);
}

/**
 * Terminal columns of `text` as the terminal-safe printer shows it: terminalStyle's colours take none, a control or
 * bidi character takes the six of its `\uXXXX` escape. U+201C/U+201D (“ ”) count one, as most terminals draw them.
 */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of terminalSafe(text)) width += isWide(char.codePointAt(0)!) ? 2 : 1;
  return width;
}

/** `text` followed by spaces up to `width` columns (never shortened), like String.padEnd for display columns. */
export function padEndToWidth(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - displayWidth(text)));
}
