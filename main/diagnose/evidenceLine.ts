/** The line a diagnosis quotes: 1-based, trimmed, at most 300 characters. */
export interface Evidence {
  line: number;
  text: string;
}

export function evidenceAt(lines: readonly string[], index: number): Evidence {
  return { line: index + 1, text: (lines[index] ?? '').trim().slice(0, 300) };
}

/** The first line that matches, as evidence; undefined when none does. */
export function evidenceLine(lines: readonly string[], test: RegExp | ((line: string) => boolean)): Evidence | undefined {
  const index = lines.findIndex(typeof test === 'function' ? test : (line) => test.test(line));
  return index === -1 ? undefined : evidenceAt(lines, index);
}
