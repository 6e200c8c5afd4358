/** Names of loaded kernel modules from /proc/modules ("nouveau 2412544 1 - Live 0x..."). */
export function parseProcModules(text: string): Set<string> {
  const names = new Set<string>();
  if (typeof text !== 'string') return names;
  for (const line of text.split(/\r?\n/)) {
    const match = /^([A-Za-z0-9_]+)\s+\d+\s+\d+/.exec(line);
    if (match) names.add(match[1] as string);
  }
  return names;
}
