/** One row of data/gpus.json and the table, inferred from their schema (shared/data/gpusSchema.ts). */
export type { GpuRow, GpuTable } from '../data/gpusSchema.js';
import type { GpuRow } from '../data/gpusSchema.js';

export interface GpuQuery {
  /** "10de:2684", "0x268410DE" (nvidia-smi pci.device_id) or "268410de". */
  pciId?: string;
  name?: string;
}

const compiled = new Map<string, RegExp>();

function patternOf(source: string): RegExp {
  let re = compiled.get(source);
  if (!re) {
    re = new RegExp(source, 'i');
    compiled.set(source, re);
  }
  return re;
}

/** Accepts the PCI id spellings that lspci, sysfs and nvidia-smi print; returns "vvvv:dddd" or undefined. */
export function normalizePciId(raw: string): string | undefined {
  const text = raw.trim().toLowerCase();
  const pair = /^(?:0x)?([0-9a-f]{4}):(?:0x)?([0-9a-f]{4})$/.exec(text);
  if (pair) return `${pair[1]}:${pair[2]}`;
  // nvidia-smi packs device and vendor into one number: 0x268410DE = device 2684, vendor 10de.
  const packed = /^(?:0x)?([0-9a-f]{4})([0-9a-f]{4})$/.exec(text);
  if (packed) return `${packed[2]}:${packed[1]}`;
  return undefined;
}

/**
 * Finds the row for a GPU: by PCI id first, then by the name pattern with the longest match,
 * so "RTX 4090 Laptop GPU" picks a laptop row over the desktop one when both exist.
 * Names that nvidia-smi's table cut short ("NVIDIA GeForce RTX 4080 ...") are ambiguous and match nothing.
 */
export function lookupGpu(rows: readonly GpuRow[], query: GpuQuery): GpuRow | undefined {
  if (query.pciId) {
    const id = normalizePciId(query.pciId);
    if (id) {
      const byId = rows.find((row) => row.pciIds.includes(id));
      if (byId) return byId;
    }
  }
  const name = query.name?.trim();
  if (!name || name.endsWith('...')) return undefined;
  let best: GpuRow | undefined;
  let bestLength = 0;
  for (const row of rows) {
    for (const source of row.namePatterns) {
      const match = patternOf(source).exec(name);
      if (match && match[0].length > bestLength) {
        best = row;
        bestLength = match[0].length;
      }
    }
  }
  return best;
}
