import { pciDeviceIndex } from './pciDeviceIndex.js';

/** data/nvidia-devices.json, one array per device in `columns` order: its type comes from its schema. */
export type { NvidiaDeviceTable, OpenKernelModules } from '../data/nvidiaDevicesSchema.js';
import type { NvidiaDeviceTable, OpenKernelModules } from '../data/nvidiaDevicesSchema.js';

/** One NVIDIA GPU device id of pci.ids with what the sources say about it; null where a source is silent. */
export interface NvidiaDevice {
  /** Lower-case device id without the vendor, e.g. "2882". */
  id: string;
  /** pci.ids' chip code, e.g. "AD107", "GK110B", "GB203M". */
  chip: string;
  /** Marketing names from pci.ids' brackets, e.g. ["GeForce RTX 4060"]. */
  names: string[];
  architecture: string | null;
  computeCapability: string | null;
  /** The newest driver branch that drives it ("470", "580") or "current". */
  driverBranch: string | null;
  /** The newest nvidia-detect list (550.163.01) that has it; null when in none. */
  listedBranch: string | null;
  openKernelModules: OpenKernelModules | null;
}

/** What a chip code alone says (lspci's name from the machine's own, maybe newer, pci.ids). */
export interface ChipFacts {
  chip: string;
  architecture: string;
  computeCapability: string | null;
  driverBranch: string | null;
  openKernelModules: OpenKernelModules;
}

const nvidiaIndex = pciDeviceIndex('10de', (table: NvidiaDeviceTable) => table.devices.map(([id, chip, names, architecture, computeCapability, driverBranch, listedBranch, openKernelModules]): NvidiaDevice => ({ id, chip, names, architecture, computeCapability, driverBranch, listedBranch, openKernelModules })));

/** Every device of the table as objects. */
export const nvidiaDevices = nvidiaIndex.all;

/** The row for "10de:…" (any spelling normalizePciId accepts); undefined for other vendors and unknown ids. */
export const nvidiaDeviceById = nvidiaIndex.byId;

const CHIP_CODE = /^(GK|GM|GP|GV|TU|GA|AD|GH|GB)(\d{2,3})([A-Z]*)$/;

/**
 * Architecture and compute capability from a chip code as lspci prints it ("AD107", "GK110B", "GB203M / GN22-X11",
 * "TU104GL"): the family is the code without its suffix. Undefined when the text holds no modern NVIDIA chip code.
 */
export function nvidiaChipFacts(table: NvidiaDeviceTable, text: string | undefined): ChipFacts | undefined {
  const code = text?.trim().split(/[\s/[]/)[0] ?? '';
  const match = CHIP_CODE.exec(code);
  if (!match) return undefined;
  const architecture = table.prefixes[match[1] as string];
  if (!architecture) return undefined;
  const family = `${match[1]}${match[2]}`;
  const row = table.families.find((entry) => entry.chips.includes(family));
  const rules = table.openKernelModules;
  const openKernelModules: OpenKernelModules = rules.requiredArchitectures.includes(architecture) ? 'required' : rules.supportedFrom.includes(architecture) ? 'supported' : 'unsupported';
  return { chip: code, architecture, computeCapability: row?.computeCapability ?? null, driverBranch: table.lastDriverBranch[architecture] ?? 'current', openKernelModules };
}
