/**
 * Terminal attacks (issue 27, item 8): what a GPU name, a METADATA Version, a folder name or pasted text may carry to
 * take over the terminal that prints it. The oracle below is written from the list, not from the product's code.
 */

/** Each attack, named by what it would do to a terminal that printed it raw. */
export const TERMINAL_ATTACKS: Readonly<Record<string, string>> = {
  oscWindowTitle: '\u001b]0;pwned\u0007',
  clearScreen: '\u001b[2J',
  c1CsiRed: '\u009b31m',
  rightToLeftOverride: '\u202e',
  cursorHome: '\u001b[1;1H',
  oscHyperlink: '\u001b]8;;https://evil.example/\u001b\\click\u001b]8;;\u001b\\',
  oscClipboard: '\u001b]52;c;ZWNobyBwd25lZA==\u0007',
  c1OscTitle: '\u009d0;pwned\u009c',
  carriageReturnOverwrite: '\rworks',
  backspaces: '\b\b\b\b',
  delete: '\u007f',
  nextLineC1: '\u0085',
  bidiIsolates: '\u2066evil\u2069',
  bidiEmbeddings: '\u202a\u202b\u202c\u202d',
  directionMarks: '\u200e\u200f\u061c',
  lineSeparators: '\u2028\u2029',
  // The exact colour code DL Setup itself writes: from outside it is data like the rest.
  productLookalikeRed: '\u001b[31m',
  nul: '\u0000',
};

/** Every attack in one string, as one hostile value carries them. */
export const ALL_ATTACKS = Object.values(TERMINAL_ATTACKS).join('');

/** Attacks that fit where `fits` says (a file name holds no `/` and no NUL), each after its `{name}` tag. */
export function taggedAttacks(fits: (attack: string) => boolean = () => true): [name: string, tagged: string][] {
  return Object.entries(TERMINAL_ATTACKS)
    .filter(([, attack]) => fits(attack))
    .map(([name, attack]) => [name, `{${name}}${attack}`]);
}

/** The list: C0 but \n and \t, DEL, C1, the bidi marks, embeddings, overrides and isolates, U+061C, U+2028/9. */
const DANGEROUS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
const DANGEROUS_ALL = new RegExp(DANGEROUS.source, 'gu');

/** DL Setup's own colour codes (terminalStyle): the only escape sequences allowed out, and only with colour on. */
const PRODUCT_SGR = /\u001b\[(?:0|1|2|31|31;1|32|33|36)m/g;

/** The dangerous code points in `text` as U+XXXX names (empty: none), after the product's own SGR when `colour` is on. */
export function dangerousCodePoints(text: string, colour = false): string[] {
  const checked = colour ? text.replace(PRODUCT_SGR, '') : text;
  return [...checked.matchAll(DANGEROUS_ALL)].map(([char]) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`);
}

/** The tagged attacks that reached `text` raw, by name: in any colour mode, an attack from outside must not be there. */
export function attacksThrough(text: string, tagged: readonly [string, string][]): string[] {
  return tagged.filter(([, attack]) => text.includes(attack)).map(([name]) => name);
}
