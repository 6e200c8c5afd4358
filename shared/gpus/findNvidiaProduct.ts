import { nvidiaDevices, type NvidiaDevice, type NvidiaDeviceTable } from './nvidiaDeviceTable.js';

export type ProductMatch =
  | { status: 'found'; device: NvidiaDevice; name: string }
  /** Names that differ in architecture or compute capability, e.g. "GeForce GT 730 (GK208, 3.5)". */
  | { status: 'ambiguous'; candidates: string[] }
  | { status: 'none' };

/**
 * The words of a product name, order-free: case, "NVIDIA"/"GeForce" and "GPU" do not count, "Laptop GPU" (nvidia-smi)
 * is pci.ids' "Mobile", "A100-SXM4-80GB" is "A100 SXM4 80GB".
 */
export function productTokens(name: string): string[] {
  const text = name
    .toLowerCase()
    .replace(/max-?q/g, 'maxq')
    .replace(/[-_,()]/g, ' ')
    .replace(/\bmobile\b/g, 'laptop');
  return text.split(/\s+/).filter((word) => word && word !== 'nvidia' && word !== 'geforce' && word !== 'gpu').sort();
}

const cache = new WeakMap<NvidiaDeviceTable, { device: NvidiaDevice; name: string; tokens: string[] }[]>();

function entriesOf(table: NvidiaDeviceTable) {
  let entries = cache.get(table);
  if (!entries) {
    entries = nvidiaDevices(table).flatMap((device) => device.names.map((name) => ({ device, name, tokens: productTokens(name) })));
    cache.set(table, entries);
  }
  return entries;
}

function sameWords(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((word, at) => word === b[at]);
}

/**
 * A product by the name a person types or a tool prints: every word of the name matches (in any order) first; else the
 * names that contain all its words. Found when all matches agree on architecture and compute capability.
 */
export function findNvidiaProduct(table: NvidiaDeviceTable, query: string): ProductMatch {
  const words = productTokens(query);
  if (words.length === 0) return { status: 'none' };
  const entries = entriesOf(table);
  let matches = entries.filter((entry) => sameWords(entry.tokens, words));
  if (matches.length === 0) matches = entries.filter((entry) => words.every((word) => entry.tokens.includes(word)));
  // Rows without a compute capability (pre-Kepler, unknown chips) answer nothing the plan can use.
  const useful = matches.filter((entry) => entry.device.computeCapability);
  if (useful.length === 0) return { status: 'none' };
  const kinds = new Set(useful.map((entry) => `${entry.device.architecture}|${entry.device.computeCapability}`));
  if (kinds.size === 1) {
    const best = [...useful].sort((a, b) => a.tokens.length - b.tokens.length || a.name.length - b.name.length)[0] as (typeof useful)[number];
    return { status: 'found', device: best.device, name: best.name };
  }
  const candidates = [...new Set(useful.map((entry) => `${entry.name} (${entry.device.chip}, ${entry.device.computeCapability})`))].sort();
  return { status: 'ambiguous', candidates };
}
