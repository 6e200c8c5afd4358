/*
 * "Value 'sm_30' is not defined" and "Unsupported gpu architecture 'compute_90a'" read the same for a Toolkit too new
 * for an old GPU and one too old for a new GPU. Which it is comes from data/cuda-toolkits.json's per-release compute
 * capabilities: the Toolkit the text names when it names one, else the oldest release's range (every newer Toolkit
 * dropped what lies below it, none knew what lies above the newest).
 */
import { cudaToolkitTableSchema } from '../../shared/data/cudaToolkitsSchema.js';
import { compareDotted, parseDotted } from '../../shared/versions/dottedVersion.js';
import { loadDataTable } from '../data/loadDataTable.js';
import type { CompiledKnowledgeBase, KnowledgeEntry } from './knowledgeBase.js';

export interface ArchitectureDirection {
  /** 'removed': the Toolkit no longer builds for it; 'tooNew': the Toolkit (or ptxas) predates it. */
  direction: 'removed' | 'tooNew';
  /** For a removed architecture: the newest CUDA release in the data that still builds for it. */
  lastToolkit?: string;
}

/** "sm_30" → "3.0", "compute_121a" → "12.1". */
function capabilityOf(arch: string): string | undefined {
  const digits = /^(?:sm|compute)_(\d{2,3})[a-z]?$/.exec(arch)?.[1];
  return digits ? `${digits.slice(0, -1)}.${digits.slice(-1)}` : undefined;
}

/** The nvcc/ptxas release the text shows ("Cuda compilation tools, release 11.8", "CUDA 12.4"), if any. */
function statedToolkit(text: string): string | undefined {
  return /compilation tools, release (\d{1,2}\.\d)/i.exec(text)?.[1] ?? /ptxas[^\n]{0,60}\bV?(\d{1,2}\.\d)\.\d/i.exec(text)?.[1];
}

const compare = (a: string, b: string) => compareDotted(parseDotted(a) ?? [0], parseDotted(b) ?? [0]);

export function architectureDirection(arch: string, text: string): ArchitectureDirection | undefined {
  const capability = capabilityOf(arch);
  if (!capability) return undefined;
  let releases;
  try {
    releases = loadDataTable('cuda-toolkits', cudaToolkitTableSchema).releases.filter((release) => (release.computeCapabilities ?? []).length > 0);
  } catch {
    return undefined;
  }
  if (releases.length === 0) return undefined;
  const sorted = [...releases].sort((a, b) => compare(a.version, b.version));
  const stated = statedToolkit(text);
  const range = (stated ? sorted.filter((release) => release.version.startsWith(`${stated}.`)).at(-1) : undefined) ?? sorted[0]!;
  const capabilities = range.computeCapabilities!;
  const newestOfRange = capabilities.reduce((a, b) => (compare(a, b) >= 0 ? a : b));
  const oldestOfRange = capabilities.reduce((a, b) => (compare(a, b) <= 0 ? a : b));
  // With a named Toolkit its own range decides; without one, below the oldest release's newest means long dropped.
  const removed = stated ? compare(capability, oldestOfRange) < 0 : compare(capability, newestOfRange) < 0;
  if (!removed) return { direction: 'tooNew' };
  const last = sorted.filter((release) => release.computeCapabilities!.includes(capability)).at(-1);
  return { direction: 'removed', ...(last ? { lastToolkit: last.version.split('.').slice(0, 2).join('.') } : {}) };
}

interface Raised {
  entry: KnowledgeEntry;
  values: Record<string, string>;
}

/** A ptxas/nvcc "unknown architecture" raised from a line, turned to the family its direction says (removed → NVCC_ARCH_UNSUPPORTED). */
export function withArchitectureDirection<T extends Raised>(item: T, text: string, kb: CompiledKnowledgeBase): T {
  const code = item.entry.code;
  if (code !== 'PTXAS_TOO_OLD' && code !== 'NVCC_ARCH_UNSUPPORTED') return item;
  const arch = item.values.gpuArch ?? item.values.arch;
  if (!arch) return item;
  const found = architectureDirection(arch, text);
  if (found?.direction !== 'removed') return code === 'NVCC_ARCH_UNSUPPORTED' ? { ...item, values: { ...item.values, tooNewArch: arch } } : item;
  const target = kb.byCode.get('NVCC_ARCH_UNSUPPORTED');
  if (!target) return item;
  return { ...item, entry: target.entry, values: { ...item.values, arch, removedArch: arch, ...(found.lastToolkit ? { lastToolkitForArch: found.lastToolkit } : {}) } };
}
