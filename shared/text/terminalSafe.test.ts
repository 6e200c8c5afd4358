import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_ATTACKS, attacksThrough, dangerousCodePoints, taggedAttacks, TERMINAL_ATTACKS } from '../../testkit/terminal/terminalAttacks.js';
import { fuzzRuns, fuzzTally } from '../../testkit/fuzzRuns.js';
import { displayWidth } from './displayWidth.js';
import { formatTable } from './terminalTable.js';
import { terminalSafe, terminalSafeJson } from './terminalSafe.js';
import { terminalStyle } from './terminalStyle.js';

const tally = fuzzTally(({ inputs, calls, through }) => `terminalSafe: ${inputs} random strings, ${calls} printings, ${through} with a raw control or bidi character or a raw attack`);

/** Reads an escape back: `\uXXXX` → the character (the text a person sees names each character it stands for). */
function unescape(text: string): string {
  return text.replace(/\\u([0-9a-f]{4})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

const TAGGED = taggedAttacks();

/** Random text rich in what terminals obey: any code unit, C0 and C1 runs, the tagged attacks, SGR codes, backslashes. */
const hostileText = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.string({ unit: fc.integer({ min: 0, max: 0x9f }).map((code) => String.fromCharCode(code)) }),
      fc.constantFrom(...TAGGED.map(([, tagged]) => tagged), '\u001b[1m', '\u001b[0m', '\u001b[31;1m', '\\', '\\u001b', '\n', '\t', '驱动'),
    ),
    { maxLength: 12 },
  )
  .map((pieces) => pieces.join(''));

describe('terminalSafe', () => {
  it("escapes exactly the issue's list over the whole BMP: C0 but \\n and \\t, DEL, C1, U+061C, U+200E/F, U+2028/9, U+202A-E, U+2066-9", () => {
    const escapedPoints: number[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const char = String.fromCharCode(code);
      for (const colour of [false, true]) {
        if (terminalSafe(char, colour) === char) continue;
        expect(terminalSafe(char, colour)).toBe(`\\u${code.toString(16).padStart(4, '0')}`);
        if (!colour) escapedPoints.push(code);
      }
    }
    const c0 = Array.from({ length: 0x20 }, (_, code) => code).filter((code) => code !== 0x0a && code !== 0x09);
    const delAndC1 = Array.from({ length: 0x21 }, (_, at) => 0x7f + at);
    const bidiAndSeparators = [0x061c, 0x200e, 0x200f, 0x2028, 0x2029, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069];
    expect(escapedPoints).toEqual([...c0, ...delAndC1, ...bidiAndSeparators]);
  });

  it("shows the issue's examples as visible text a person can read", () => {
    expect(terminalSafe('RTX\u001b]0;pwned\u0007 4090\u001b[2J\u009b31m\u202e')).toBe('RTX\\u001b]0;pwned\\u0007 4090\\u001b[2J\\u009b31m\\u202e');
    expect(terminalSafe('line one\n\tline two 驱动 C:\\Users\\me')).toBe('line one\n\tline two 驱动 C:\\Users\\me');
  });

  it("turns terminalStyle's colours into SGR codes with colour on and drops them with colour off; an ESC from outside is escaped either way", () => {
    const red = terminalStyle(true).red('failed');
    expect(terminalSafe(red, true)).toBe('\u001b[31mfailed\u001b[0m');
    expect(terminalSafe(red, false)).toBe('failed');
    // The very code DL Setup writes, arriving from outside, is data.
    expect(terminalSafe(`${TERMINAL_ATTACKS.productLookalikeRed}evil`, true)).toBe('\\u001b[31mevil');
    expect(terminalSafe(`${red}${ALL_ATTACKS}`, true)).toBe(`\u001b[31mfailed\u001b[0m${terminalSafe(ALL_ATTACKS)}`);
  });

  it('gives JSON that parses to the same value, with no raw C1, bidi or line separator (JSON.stringify leaves those raw)', () => {
    const value = { gpu: `NVIDIA${ALL_ATTACKS}`, versions: [ALL_ATTACKS, '2.1.2'], [`key${TERMINAL_ATTACKS.rightToLeftOverride}`]: '\\u202e' };
    expect(dangerousCodePoints(JSON.stringify(value)).length).toBeGreaterThan(0);
    const json = terminalSafeJson(value, 2);
    expect(dangerousCodePoints(json)).toEqual([]);
    expect(JSON.parse(json)).toEqual(value);
    // Colour on changes nothing in JSON: it holds no style mark and no raw ESC.
    expect(terminalSafe(JSON.stringify(value), true)).toBe(terminalSafeJson(value));
  });

  it('for random strings: nothing dangerous and no attack comes out in either colour mode; readable, idempotent, JSON round-trips', () => {
    fc.assert(
      fc.property(hostileText, fc.boolean(), (text, colour) => {
        tally.inputs++;
        tally.calls += 3;
        const shown = terminalSafe(text, colour);
        if (dangerousCodePoints(shown).length > 0 || attacksThrough(shown, TAGGED).length > 0) tally.through++;
        expect(dangerousCodePoints(shown)).toEqual([]);
        expect(attacksThrough(shown, TAGGED)).toEqual([]);
        expect(terminalSafe(shown)).toBe(shown);
        // Readable: every character is there, a dangerous one as the escape naming it (exact unless the text held a literal \u).
        if (!text.includes('\\u')) expect(unescape(shown)).toBe(text);
        // Reversible through JSON, for any text.
        expect(JSON.parse(terminalSafe(JSON.stringify(text), colour))).toBe(text);
      }),
      fuzzRuns(3000, 278, 15_000),
    );
  });
});

describe('tables of escaped text', () => {
  it('line up by the width of what is printed, whatever a cell holds, with colour on or off', () => {
    const rows = [
      [`GeForce${TERMINAL_ATTACKS.oscWindowTitle}`, '12.4'],
      [`evil${TERMINAL_ATTACKS.productLookalikeRed}`, '2.1.2'],
      ['驱动', `x${TERMINAL_ATTACKS.rightToLeftOverride}`],
    ];
    for (const colour of [false, true]) {
      const lines = formatTable(['Name', 'Version'], rows, terminalStyle(colour)).map((line) => terminalSafe(line, colour));
      expect(lines.map((line) => dangerousCodePoints(line, colour))).toEqual([[], [], [], []]);
      const starts = lines.slice(1).map((line, at) => displayWidth(line.slice(0, line.lastIndexOf(terminalSafe(rows[at]![1]!)))));
      expect(new Set(starts).size, lines.join('\n')).toBe(1);
    }
  });
});
