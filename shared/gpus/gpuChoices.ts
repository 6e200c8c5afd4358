// The NVIDIA GPUs a person can pick when detection could not tell theirs (issue 28): every product name of
// data/nvidia-devices.json that names one kind of GPU and every NVIDIA name of data/gpus.json (what --gpu takes), and
// every generation (architecture and compute capability).
import { compareMajorMinor } from '../versions/dottedVersion.js';
import { productTokens } from './findNvidiaProduct.js';
import type { GpuRow } from './lookupGpu.js';
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
  return compareMajorMinor(a.computeCapability, b.computeCapability);
}

type Choices = { products: GpuChoice[]; generations: GpuChoice[] };

const NO_ROWS: readonly GpuRow[] = [];
const cache = new WeakMap<NvidiaDeviceTable, WeakMap<readonly GpuRow[], Choices>>();

/**
 * Products sorted by name and generations by compute capability. A name whose words stand for GPUs of different
 * architecture or compute capability (findNvidiaProduct's "ambiguous") is left out, as are devices the sources give no
 * compute capability (pre-Kepler). A data/gpus.json name is offered as it is written there and with its facts: --gpu
 * matches those names first, so one with the words of a device-table name takes that name's place.
 */
export function gpuChoices(table: NvidiaDeviceTable, gpus: readonly GpuRow[] = NO_ROWS): Choices {
  let byRows = cache.get(table);
  const cached = byRows?.get(gpus);
  if (cached) return cached;
  const byWords = new Map<string, { first: GpuChoice; kinds: Set<string> }>();
  const generations = new Map<string, GpuChoice>();
  const add = (name: string, architecture: string, computeCapability: string, replace: boolean) => {
    const kind = `${architecture}|${computeCapability}`;
    if (!generations.has(kind)) generations.set(kind, { choice: computeCapability, architecture, computeCapability });
    const words = productTokens(name).join(' ');
    const seen = byWords.get(words);
    if (seen && !replace) seen.kinds.add(kind);
    else byWords.set(words, { first: { choice: name, name, architecture, computeCapability }, kinds: new Set([kind]) });
  };
  for (const device of nvidiaDevices(table)) {
    const { architecture, computeCapability } = device;
    if (!architecture || !computeCapability) continue;
    for (const name of device.names) add(name, architecture, computeCapability, false);
  }
  for (const row of gpus) if (row.vendor === 'nvidia' && row.computeCapability) add(row.name, row.architecture, row.computeCapability, true);
  const products = [...byWords.values()]
    .filter((entry) => entry.kinds.size === 1 && SENDABLE.test(entry.first.choice))
    .map((entry) => entry.first)
    .sort((a, b) => a.choice.localeCompare(b.choice, 'en'));
  // One entry per compute capability: two architectures that share one (none today) would plan the same.
  const perCapability = new Map<string, GpuChoice>();
  for (const generation of generations.values()) if (!perCapability.has(generation.computeCapability)) perCapability.set(generation.computeCapability, generation);
  const result = { products, generations: [...perCapability.values()].sort(byCapability) };
  if (!byRows) {
    byRows = new WeakMap();
    cache.set(table, byRows);
  }
  byRows.set(gpus, result);
  return result;
}
