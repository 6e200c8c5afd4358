export interface LdconfigEntry {
  /** Library file name as the loader knows it: "libcudnn.so.8". */
  soname: string;
  path: string;
  arch?: string;
}

/** Parses `ldconfig -p` lines ("\tlibcudnn.so.8 (libc6,x86-64) => /usr/lib/x86_64-linux-gnu/libcudnn.so.8"). */
export function parseLdconfig(text: string, prefix?: string): LdconfigEntry[] {
  if (typeof text !== 'string') return [];
  const entries: LdconfigEntry[] = [];
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*(\S+)\s+\(([^)]*)\)\s+=>\s+(\S+)\s*$/.exec(line);
    if (!match) continue;
    if (prefix && !(match[1] as string).startsWith(prefix)) continue;
    const arch = /x86-64|AArch64|ppc64le/i.exec(match[2] as string)?.[0];
    entries.push({ soname: match[1] as string, path: match[3] as string, ...(arch ? { arch } : {}) });
  }
  return entries;
}

/** "libcudnn.so.8.9.7" → "8.9.7"; "libcudnn.so.9" → "9"; "libcudnn.so" → null. */
export function versionFromSoname(soname: string): string | null {
  return /\.so\.(\d+(?:\.\d+)*)$/.exec(soname)?.[1] ?? null;
}
