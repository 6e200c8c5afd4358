/** Reads a toolkit's version.json (CUDA 11.1+: {"cuda": {"version": "12.4.1"}}) or version.txt ("CUDA Version 10.1.243"). */
export function parseCudaVersionFile(text: string): string | null {
  if (typeof text !== 'string') return null;
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    try {
      const parsed = JSON.parse(trimmed) as { cuda?: { version?: unknown } };
      const version = parsed.cuda?.version;
      return typeof version === 'string' && /^\d+\.\d+/.test(version) ? version : null;
    } catch {
      return null;
    }
  }
  return /CUDA Version\s+(\d+\.\d+(?:\.\d+)?)/.exec(trimmed)?.[1] ?? null;
}
