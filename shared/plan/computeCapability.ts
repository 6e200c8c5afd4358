/** How a build's compute-capability list reaches a GPU: "native" (cubin), "ptx" (JIT by the driver) or not at all. */
export type CapabilityMatch = 'native' | 'ptx' | null;

interface CapabilityEntry {
  major: number;
  minor: number;
  /** "9.0a": arch-specific code, runs on exactly 9.0. */
  archSpecific: boolean;
  ptx: boolean;
  /** "9.0PTX": PTX only, no cubin (TensorFlow's `compute_90`): every GPU from 9.0 on JIT-compiles it. */
  ptxOnly: boolean;
  /** ">=5.2": the build covers every capability from here on (JAX's documented minimum). */
  orNewer: boolean;
}

const ENTRY = /^(>=)?(\d+)\.(\d+)(a|f)?(\+PTX|PTX)?$/i;
const parsedEntries = new Map<string, CapabilityEntry | null>();

function parseEntry(text: string): CapabilityEntry | null {
  let entry = parsedEntries.get(text);
  if (entry === undefined) {
    const m = ENTRY.exec(text.trim());
    const ptxOnly = m?.[5]?.toUpperCase() === 'PTX';
    entry = m ? { major: Number(m[2]), minor: Number(m[3]), archSpecific: Boolean(m[4]), ptx: Boolean(m[5]), ptxOnly, orNewer: Boolean(m[1]) } : null;
    parsedEntries.set(text, entry);
  }
  return entry;
}

export function parseCapability(text: string): { major: number; minor: number } | null {
  const m = /^(\d+)\.(\d+)$/.exec(text.trim());
  return m ? { major: Number(m[1]), minor: Number(m[2]) } : null;
}

/**
 * The compute capability an nvcc architecture name stands for: the last digit is the minor, the rest the major
 * (sm_86 → 8.6, sm_120 → 12.0, compute_86 → 8.6); the "a"/"f" suffixes (sm_90a, sm_100f) name the same capability.
 */
export function capabilityFromArch(arch: string): string | null {
  const m = /^(?:sm|compute)_(\d{1,2})(\d)[af]?$/i.exec(arch.trim());
  return m ? `${Number(m[1])}.${m[2]}` : null;
}

/** "sm_86"-style label for messages: "8.6" -> "sm_86". */
export function smLabel(capability: string): string {
  return `sm_${capability.replace('.', '')}`;
}

const parsedLists = new WeakMap<readonly string[], readonly CapabilityEntry[]>();

/** Entry lists come from the data tables and are read many times per plan, so each list is parsed once. */
function parsedList(entries: readonly string[]): readonly CapabilityEntry[] {
  let list = parsedLists.get(entries);
  if (!list) {
    list = entries.map(parseEntry).filter((entry): entry is CapabilityEntry => entry !== null);
    parsedLists.set(entries, list);
  }
  return list;
}

const parsedGpus = new Map<string, { major: number; minor: number } | null>();

function parseGpu(capability: string): { major: number; minor: number } | null {
  let gpu = parsedGpus.get(capability);
  if (gpu === undefined) {
    gpu = parseCapability(capability);
    // Capabilities come from a small closed set (data tables, one machine), so the cache stays small.
    if (parsedGpus.size < 10_000) parsedGpus.set(capability, gpu);
  }
  return gpu;
}

/**
 * A cubin for X.y runs on X.z when z >= y (same major); arch-specific "a" code only on exactly X.y;
 * PTX for X.y can be JIT-compiled for any newer capability.
 */
export function matchCapability(entries: readonly string[], capability: string, ptxAllowed: boolean): CapabilityMatch {
  const gpu = parseGpu(capability);
  if (!gpu) return null;
  const { major, minor } = gpu;
  let viaPtx = false;
  for (const entry of parsedList(entries)) {
    const notNewer = entry.major < major || (entry.major === major && entry.minor <= minor);
    if (entry.orNewer && notNewer) return 'native';
    if (!entry.ptxOnly && entry.major === major && (entry.archSpecific ? entry.minor === minor : entry.minor <= minor)) return 'native';
    if (ptxAllowed && entry.ptx && notNewer) viaPtx = true;
  }
  return viaPtx ? 'ptx' : null;
}
