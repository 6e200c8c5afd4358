// The NVIDIA GPUs a person can pick when detection could not tell theirs (issue 28): every product name of
// data/nvidia-devices.json that names one kind of GPU, and every generation (architecture and compute capability).
import { productTokens } from './findNvidiaProduct.js';
import { nvidiaDevices, type NvidiaDeviceTable } from './nvidiaDeviceTable.js';

export interface GpuChoice {
  /** What plan:resolve's gpuChoice gets: the product name, or the generation's compute capability. */
  choice: string;
  /** The product name; absent for a generation. */
  name?: string;
  architecture: string;
  computeCapability: string;
}

// plan:resolve's what-if value pattern (shared/schema/ipcSchemas.ts): a name it would refuse is not offered.
const SENDABLE = /^[A-Za-z0-9][A-Za-z0-9 ._()/+-]{0,99}$/;

function byCapability(a: GpuChoice, b: GpuChoice): number {
  const [a1 = 0, a2 = 0] = a.computeCapability.split('.').map(Number);
  const [b1 = 0, b2 = 0] = b.computeCapability.split('.').map(Number);
  return a1 - b1 || a2 - b2;
}

const cache = new WeakMap<NvidiaDeviceTable, { products: GpuChoice[]; generations: GpuChoice[] }>();

/**
 * Products sorted by name and generations by compute capability. A name whose words stand for GPUs of different
 * architecture or compute capability (findNvidiaProduct's "ambiguous") is left out, as are devices the sources give no
 * compute capability (pre-Kepler).
 */
export function gpuChoices(table: NvidiaDeviceTable): { products: GpuChoice[]; generations: GpuChoice[] } {
  const cached = cache.get(table);
  if (cached) return cached;
  const byWords = new Map<string, { first: GpuChoice; kinds: Set<string> }>();
  const generations = new Map<string, GpuChoice>();
  for (const device of nvidiaDevices(table)) {
    const { architecture, computeCapability } = device;
    if (!architecture || !computeCapability) continue;
    const kind = `${architecture}|${computeCapability}`;
    if (!generations.has(kind)) generations.set(kind, { choice: computeCapability, architecture, computeCapability });
    for (const name of device.names) {
      const words = productTokens(name).join(' ');
      const seen = byWords.get(words);
      if (seen) seen.kinds.add(kind);
      else byWords.set(words, { first: { choice: name, name, architecture, computeCapability }, kinds: new Set([kind]) });
    }
  }
  const products = [...byWords.values()]
    .filter((entry) => entry.kinds.size === 1 && SENDABLE.test(entry.first.choice))
    .map((entry) => entry.first)
    .sort((a, b) => a.choice.localeCompare(b.choice, 'en'));
  // One entry per compute capability: two architectures that share one (none today) would plan the same.
  const perCapability = new Map<string, GpuChoice>();
  for (const generation of generations.values()) if (!perCapability.has(generation.computeCapability)) perCapability.set(generation.computeCapability, generation);
  const result = { products, generations: [...perCapability.values()].sort(byCapability) };
  cache.set(table, result);
  return result;
}
