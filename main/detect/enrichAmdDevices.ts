import { amdCodenameFacts, amdDeviceById, type AmdDeviceTable } from '../../shared/gpus/amdDeviceTable.js';
import type { Gpu } from '../../shared/types/hardware.js';

// Names that say nothing about the card: sysfs alone ("AMD GPU") or an lspci whose pci.ids lacks the id ("Device 744c").
const PLACEHOLDER_NAME = /^(AMD GPU|Device(?: [0-9a-fA-F]{4})?)$/;

/**
 * Fills what AMD cards lack from data/amd-devices.json, each clue in order of trust: the gfx target ROCm's tools
 * reported stays; then the device id in the table; then the codename in the name lspci printed from the machine's own,
 * maybe newer, pci.ids; what none of them knows stays unknown. gfxArchSource says which one answered.
 */
export function enrichAmdDevices(gpus: Gpu[], table: AmdDeviceTable | null): Gpu[] {
  return gpus.map((gpu) => {
    if (gpu.vendor !== 'amd' || !table) return gpu;
    const next: Gpu = { ...gpu };
    const device = amdDeviceById(table, gpu.pciId);
    if (device) {
      if (device.codename) next.chip ??= device.codename;
      if (device.gfxArch && !next.gfxArch) {
        next.gfxArch = device.gfxArch;
        next.gfxArchSource = 'pci-id';
      }
      // amdgpu.ids names the exact product by revision ("AMD Radeon RX 7900 XTX" for 744c rev c8); ROCm's own name stays.
      const byRevision = next.pciRevision ? device.revisions[next.pciRevision] : undefined;
      // A card ROCm's tools reported (as the GPU, or with its gfx target) carries their name.
      const toolNamed = [gpu.source, gpu.gfxArchSource].some((source) => source === 'amd-smi' || source === 'rocm-smi');
      if (byRevision && !toolNamed) next.name = byRevision;
      else if (PLACEHOLDER_NAME.test(next.name)) next.name = device.names[0] ?? onlyName(device.revisions) ?? next.name;
    }
    if (!next.gfxArch) {
      const facts = amdCodenameFacts(table, gpu.chip);
      if (facts) {
        next.chip ??= facts.codename;
        next.gfxArch = facts.gfxArch;
        next.gfxArchSource = 'lspci-chip';
      }
    }
    const support = rocmSupportOf(table, next.gfxArch);
    if (support) next.rocmSupport = support;
    return next;
  });
}

/** The one name amdgpu.ids gives every revision of a device, if they agree. */
function onlyName(revisions: Record<string, string>): string | undefined {
  const names = [...new Set(Object.values(revisions))];
  return names.length === 1 ? names[0] : undefined;
}

/** What the table's ROCm list says of a gfx target, whichever clue found it. */
function rocmSupportOf(table: AmdDeviceTable, gfx: string | undefined): Gpu['rocmSupport'] {
  if (!gfx) return undefined;
  return table.rocmSupported.includes(gfx) ? 'supported' : table.rocmUnsupported.includes(gfx) ? 'unsupported' : 'notListed';
}
