import type { Evidence } from './evidenceLine.js';

/** A line of a pasted text, with its place (0-based), for the readings that look at lines around a call. */
export interface Line {
  index: number;
  text: string;
}

export function lineEvidence(line: Line): Evidence {
  return { line: line.index + 1, text: line.text.trim().slice(0, 300) };
}

export function firstLine(lines: readonly string[], pattern: RegExp): Line | undefined {
  const index = lines.findIndex((line) => pattern.test(line));
  return index === -1 ? undefined : { index, text: lines[index] as string };
}

/** The line that prints a call's value: the call's own line when the value follows it there, else the next non-blank line. */
export function printedAfter(lines: readonly string[], call: RegExp, value: RegExp): Line | undefined {
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] as string;
    const at = call.exec(line);
    if (!at) continue;
    if (value.test(line.slice(at.index + at[0].length))) return { index, text: line };
    let next = index + 1;
    while (next < lines.length && (lines[next] as string).trim() === '' && next < index + 3) next += 1;
    // The value alone on its line, or after IPython's "Out[2]:" prompt.
    if (next < lines.length && new RegExp(`^\\s{0,8}(?:Out\\[\\d{1,4}\\]:\\s{0,4})?(?:${value.source})\\s{0,8}$`, 'i').test(lines[next] as string)) return { index: next, text: lines[next] as string };
  }
  return undefined;
}

// The call with or without its parentheses ("print(torch.cuda.is_available) is False").
export const IS_AVAILABLE = /cuda\.is_available(?:\(\))?/;
export const FALSE = /\bfalse\b/i;

// False said in words ("is_available() returns false").
export const SAID_FALSE = /\b(?:getting|get|got|returns?|returned|returning|gives?|gave|prints?|printed|shows?|showed|says?|outputs?|results? in|is|was|still)\s{1,3}(?:a |an |always )?["'`]?false\b/i;

/** A value said in words a line or two around a call ("This piece of code return empty array" under the call). */
export function saidNear(lines: readonly string[], call: RegExp, said: RegExp): Line | undefined {
  for (let index = 0; index < lines.length; index += 1) {
    if (!call.test(lines[index] as string)) continue;
    for (let near = Math.max(0, index - 3); near <= Math.min(lines.length - 1, index + 2); near += 1) {
      if (said.test(lines[near] as string)) return { index: near, text: lines[near] as string };
    }
  }
  return undefined;
}

/**
 * A value printed under a label: `print("Is GPU available?", tf.config.list_physical_devices('GPU'))` in the script, and
 * `Is GPU available? []` in its output further down. The label is read from the print call, so any wording works.
 */
export function printedUnderLabel(lines: readonly string[], call: RegExp, value: RegExp): Line | undefined {
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] as string;
    if (!call.test(line)) continue;
    const label = /print\(\s{0,4}(?:f?["'])([^"'{}\n]{3,80}?)\s{0,4}["']\s{0,4},/.exec(line)?.[1]?.trim();
    if (!label) continue;
    for (let next = index + 1; next < Math.min(lines.length, index + 200); next += 1) {
      const output = lines[next] as string;
      const at = output.indexOf(label);
      if (at !== -1 && !output.includes('print(') && value.test(output.slice(at + label.length))) return { index: next, text: output };
    }
  }
  return undefined;
}
