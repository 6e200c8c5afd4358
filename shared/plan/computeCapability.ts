/** How a build's compute-capability list reaches a GPU: "native" (cubin), "ptx" (JIT by the driver) or not at all. */
export type CapabilityMatch = 'native' | 'ptx' | null;

interface CapabilityEntry {
  major: number;
  minor: number;
  /** "9.0a": arch-specific code, runs on exactly 9.0. */
  archSpecific: boolean;
  ptx: boolean;
  /** ">=5.2": the build covers every capability from here on (JAX's documented minimum). */
  orNewer: boolean;
}

const ENTRY = /^(>=)?(\d+)\.(\d+)(a|f)?(\+PTX)?$/i;
const parsedEntries = new Map<string, CapabilityEntry | null>();

function parseEntry(text: string): CapabilityEntry | null {
  let entry = parsedEntries.get(text);
  if (entry === undefined) {
    const m = ENTRY.exec(text.trim());
    entry = m ? { major: Number(m[2]), minor: Number(m[3]), archSpecific: Boolean(m[4]), ptx: Boolean(m[5]), orNewer: Boolean(m[1]) } : null;
    parsedEntries.set(text, entry);
  }
  return entry;
}

export function parseCapability(text: string): { major: number; minor: number } | null {
  const m = /^(\d+)\.(\d+)$/.exec(text.trim());
  return m ? { major: Number(m[1]), minor: Number(m[2]) } : null;
}

/** "sm_86"-style label for messages: "8.6" -> "sm_86". */
export function smLabel(capability: string): string {
  return `sm_${capability.replace('.', '')}`;
}

/**
 * A cubin for X.y runs on X.z when z >= y (same major); arch-specific "a" code only on exactly X.y;
 * PTX for X.y can be JIT-compiled for any newer capability.
 */
export function matchCapability(entries: readonly string[], capability: string, ptxAllowed: boolean): CapabilityMatch {
  const gpu = parseCapability(capability);
  if (!gpu) return null;
  let viaPtx = false;
  for (const text of entries) {
    const entry = parseEntry(text);
    if (!entry) continue;
    const notNewer = entry.major < gpu.major || (entry.major === gpu.major && entry.minor <= gpu.minor);
    if (entry.orNewer && notNewer) return 'native';
    if (entry.major === gpu.major && (entry.archSpecific ? entry.minor === gpu.minor : entry.minor <= gpu.minor)) return 'native';
    if (ptxAllowed && entry.ptx && notNewer) viaPtx = true;
  }
  return viaPtx ? 'ptx' : null;
}
