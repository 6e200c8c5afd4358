/** Parses /etc/os-release (KEY=value, optionally quoted) into a map; comments and junk lines are skipped. */
export function parseOsRelease(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  if (typeof text !== 'string') return values;
  for (const line of text.split(/\r?\n/)) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (!match) continue;
    let value = (match[2] as string).trim();
    const quote = value[0];
    if ((quote === '"' || quote === "'") && value.endsWith(quote) && value.length >= 2) value = value.slice(1, -1);
    values[match[1] as string] = value.replace(/\\(["'$`\\])/g, '$1');
  }
  return values;
}
