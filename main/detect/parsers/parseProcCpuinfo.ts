export interface ProcCpuinfo {
  model: string | null;
  /** Logical processors (one "processor" stanza each). */
  threads: number;
}

/** Parses /proc/cpuinfo (x86 "model name", Arm "Model"/"CPU part" fallbacks). */
export function parseProcCpuinfo(text: string): ProcCpuinfo {
  if (typeof text !== 'string') return { model: null, threads: 0 };
  const model = /^(?:model name|Model|cpu model|Hardware)\s*:\s*(.+)$/m.exec(text)?.[1]?.trim() ?? null;
  const threads = (text.match(/^processor\s*:/gm) ?? []).length;
  return { model, threads };
}

/** MemTotal from /proc/meminfo, in bytes. */
export function parseMeminfoTotal(text: string): number | null {
  if (typeof text !== 'string') return null;
  const kib = /^MemTotal:\s*(\d+)\s*kB/m.exec(text)?.[1];
  return kib ? Number(kib) * 1024 : null;
}
