import { pciDeviceIndex } from './pciDeviceIndex.js';

/** data/amd-devices.json, one array per device in `columns` order: its type comes from its schema. */
export type { AmdDeviceTable, RocmSupport } from '../data/amdDevicesSchema.js';
import type { AmdDeviceTable, RocmSupport } from '../data/amdDevicesSchema.js';

/** One AMD GPU device id with what the sources say about it; null where a source is silent. */
export interface AmdDevice {
  /** Lower-case device id without the vendor, e.g. "744c". */
  id: string;
  /** pci.ids' chip words, e.g. "Navi 31", "Vega 10 XT"; null for a device only amdgpu.ids names. */
  chip: string | null;
  /** The codename row of chip-gfx.json it matched, e.g. "Navi 31". */
  codename: string | null;
  /** The Linux amdgpu driver's chip for the id ("BEIGE_GOBY"); null for ids it binds by IP discovery. */
  kernelChip: string | null;
  /** gfx target (clang --offload-arch), e.g. "gfx1100". */
  gfxArch: string | null;
  /** What the newest reviewed ROCm support list says of the gfx target. */
  rocm: RocmSupport | null;
  /** Marketing names from pci.ids' brackets. */
  names: string[];
  /** amdgpu.ids marketing names by PCI revision ("c8" -> "AMD Radeon RX 7900 XTX"). */
  revisions: Record<string, string>;
}

const amdIndex = pciDeviceIndex('1002', (table: AmdDeviceTable) => table.devices.map(([id, chip, codename, kernelChip, gfxArch, rocm, names, revisions]): AmdDevice => ({ id, chip, codename, kernelChip, gfxArch, rocm, names, revisions })));

/** Every device of the table as objects. */
export const amdDevices = amdIndex.all;

/** The row for "1002:…" (any spelling normalizePciId accepts); undefined for other vendors and unknown ids. */
export const amdDeviceById = amdIndex.byId;

/** "Navi32 GL-XL" and "Navi 32" spell the same codename. */
function spelling(text: string): string {
  return text.trim().toLowerCase().replace(/([a-z]) (\d)/g, '$1$2');
}

/**
 * The gfx target a codename as lspci prints it names ("Navi 31", "Navi 21 Pro-XTA", "Aldebaran/MI200"), from the
 * machine's own, maybe newer, pci.ids; whole words only, so "Navi10Lite" is no Navi 10. Undefined when no row matches.
 */
export function amdCodenameFacts(table: AmdDeviceTable, chipText: string | undefined): { codename: string; gfxArch: string } | undefined {
  for (const part of (chipText ?? '').split('/')) {
    const text = spelling(part);
    if (!text) continue;
    const row = table.codenames.find((entry) => {
      const code = spelling(entry.codename);
      return text === code || text.startsWith(`${code} `) || text.startsWith(`${code}-`);
    });
    if (row) return row;
  }
  return undefined;
}
