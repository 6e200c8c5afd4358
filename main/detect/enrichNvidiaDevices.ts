import { nvidiaChipFacts, nvidiaDeviceById, type NvidiaDeviceTable } from '../../shared/gpus/nvidiaDeviceTable.js';
import type { Gpu } from '../../shared/types/hardware.js';

/**
 * Fills what NVIDIA cards lack from data/nvidia-devices.json, each clue in order of trust: the driver's own compute
 * capability (nvidia-smi) stays; then the device id in the table; then the chip code in the name lspci printed from the
 * machine's own, maybe newer, pci.ids; what none of them knows stays unknown. computeCapabilitySource says which one answered.
 */
export function enrichNvidiaDevices(gpus: Gpu[], table: NvidiaDeviceTable | null): Gpu[] {
  return gpus.map((gpu) => {
    if (gpu.vendor !== 'nvidia') return gpu;
    const next: Gpu = { ...gpu };
    if (next.computeCapability && !next.computeCapabilitySource) next.computeCapabilitySource = 'nvidia-smi';
    if (!table) return next;
    const device = nvidiaDeviceById(table, gpu.pciId);
    if (device) {
      next.chip = device.chip;
      if (device.architecture) next.architecture ??= device.architecture;
      if (device.computeCapability && !next.computeCapability) {
        next.computeCapability = device.computeCapability;
        next.computeCapabilitySource = 'pci-id';
      }
      if (device.driverBranch) next.driverBranch = device.driverBranch;
      if (device.openKernelModules) next.openKernelModules = device.openKernelModules;
      // A card lspci could not name ("Device 2882") is named by the table.
      if (/^(NVIDIA GPU|Device(?: [0-9a-fA-F]{4})?)$/.test(next.name) && device.names[0]) next.name = device.names[0];
    }
    if (next.computeCapability && next.architecture) return next;
    // An lspci without the chip in brackets prints the bare code as the name ("GB20B").
    const facts = nvidiaChipFacts(table, gpu.chip) ?? nvidiaChipFacts(table, gpu.name);
    if (!facts) return next;
    next.chip ??= facts.chip;
    next.architecture ??= facts.architecture;
    if (facts.computeCapability && !next.computeCapability) {
      next.computeCapability = facts.computeCapability;
      next.computeCapabilitySource = 'lspci-chip';
    }
    if (facts.driverBranch) next.driverBranch ??= facts.driverBranch;
    next.openKernelModules ??= facts.openKernelModules;
    return next;
  });
}
