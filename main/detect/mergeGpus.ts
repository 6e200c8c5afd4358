import type { DisplayAdapter, Gpu } from '../../shared/types/hardware.js';
import { gpuVendorFromPciVendor, isVirtualDisplayAdapter } from './isVirtualDisplayAdapter.js';
import type { MacDisplay, MacHardware } from './parsers/parseMacos.js';
import type { WindowsVideoController } from './parsers/parseWindowsVideoControllers.js';
import { amdGpuDetails, type AmdProbeResult } from './probes/probeAmd.js';
import type { NvidiaProbeResult } from './probes/probeNvidia.js';
import type { PciDisplayDevice } from './probes/probePci.js';

export interface GpuSources {
  pci: PciDisplayDevice[];
  nvidia: NvidiaProbeResult | null;
  amd: AmdProbeResult | null;
  apple: { displays: MacDisplay[]; hardware: MacHardware | null } | null;
  windows: WindowsVideoController[];
}

/** "00000000:01:00.0" (nvidia-smi) and "0000:01:00.0" (sysfs) name the same slot. */
function slotKey(busId: string | undefined): string | undefined {
  if (!busId) return undefined;
  const match = /([0-9a-fA-F]{2}:[0-9a-fA-F]{2}\.[0-7])$/.exec(busId.trim());
  return match ? (match[1] as string).toLowerCase() : undefined;
}

const VENDOR_NAMES = { nvidia: 'NVIDIA', amd: 'AMD', intel: 'Intel', apple: 'Apple' } as const;

/**
 * One GPU list from every source: nvidia-smi wins for NVIDIA cards, amd-smi / rocm-smi add AMD details, the PCI scan adds what
 * no vendor tool reported (a card without its driver), Windows CIM and macOS system_profiler cover their platforms.
 * Virtual and remote display adapters stay in displayAdapters only.
 */
export function mergeGpus(sources: GpuSources): { gpus: Gpu[]; displayAdapters: DisplayAdapter[] } {
  const gpus: Gpu[] = [];
  const displayAdapters: DisplayAdapter[] = [];
  const claimed = new Set<PciDisplayDevice>();
  const snapshot = sources.nvidia?.snapshot ?? null;

  for (const device of sources.pci) {
    const adapter: DisplayAdapter = { vendorId: device.vendorId, deviceId: device.deviceId, name: device.name ?? '', virtual: isVirtualDisplayAdapter(device) };
    if (device.busId) adapter.busId = device.busId;
    if (device.subsystemId) adapter.subsystemId = device.subsystemId;
    displayAdapters.push(adapter);
  }

  for (const found of snapshot?.gpus ?? []) {
    const pciMatch = sources.pci.find((device) => device.vendorId === '10de' && slotKey(device.busId) !== undefined && slotKey(device.busId) === slotKey(found.busId));
    if (pciMatch) claimed.add(pciMatch);
    const gpu: Gpu = { vendor: 'nvidia', name: found.name, source: sources.nvidia?.snapshotSource ?? 'nvidia-smi' };
    const pciId = found.pciId ?? (pciMatch ? `${pciMatch.vendorId}:${pciMatch.deviceId}` : undefined);
    if (pciId) gpu.pciId = pciId;
    if (pciMatch?.chip) gpu.chip = pciMatch.chip;
    // The table cuts long names; lspci's name (or gpus.json later) is whole, else keep the "..." honest.
    if (found.nameTruncated) gpu.name = pciMatch?.name ?? `${found.name} ...`;
    for (const key of ['index', 'busId', 'uuid', 'memoryMiB', 'computeCapability', 'architecture', 'driverModel', 'migEnabled', 'migDevices', 'virtualization', 'integrated'] as const) {
      if (found[key] !== undefined) (gpu as unknown as Record<string, unknown>)[key] = found[key];
    }
    if (snapshot?.driverVersion) gpu.driverVersion = snapshot.driverVersion;
    gpus.push(gpu);
  }

  const { gpus: rocm, source: amdSource } = amdGpuDetails(sources.amd);
  let amdIndex = 0;
  for (const device of sources.pci) {
    if (claimed.has(device) || isVirtualDisplayAdapter(device)) continue;
    const vendor = gpuVendorFromPciVendor(device.vendorId);
    if (!vendor) continue;
    const gpu: Gpu = { vendor, name: device.name ?? `${VENDOR_NAMES[vendor]} GPU`, pciId: `${device.vendorId}:${device.deviceId}`, source: device.source };
    if (device.busId) gpu.busId = device.busId;
    if ((vendor === 'nvidia' || vendor === 'amd') && device.chip) gpu.chip = device.chip;
    if (vendor === 'amd' && device.revision) gpu.pciRevision = device.revision;
    if (vendor === 'nvidia' && snapshot && snapshot.gpus.length > 0) continue;
    if (vendor === 'amd') {
      const details = rocm.find((entry) => entry.deviceId === device.deviceId) ?? rocm[amdIndex];
      const gfx = details?.gfxArch ?? sources.amd?.gfxTargets[amdIndex];
      amdIndex += 1;
      if (details?.name) gpu.name = details.name;
      if (details?.vramBytes) gpu.memoryMiB = Math.round(details.vramBytes / 1024 ** 2);
      if (gfx) {
        gpu.gfxArch = gfx;
        gpu.gfxArchSource = details?.gfxArch ? amdSource : 'rocm_agent_enumerator';
      }
    }
    if (vendor === 'intel') gpu.integrated = true;
    gpus.push(gpu);
  }
  if (sources.pci.length === 0) {
    rocm.forEach((entry, at) => {
      const gpu: Gpu = { vendor: 'amd', name: entry.name ?? 'AMD GPU', index: entry.index, source: amdSource };
      if (entry.deviceId) gpu.pciId = `1002:${entry.deviceId}`;
      if (entry.vramBytes) gpu.memoryMiB = Math.round(entry.vramBytes / 1024 ** 2);
      const gfx = entry.gfxArch ?? sources.amd?.gfxTargets[at];
      if (gfx) {
        gpu.gfxArch = gfx;
        gpu.gfxArchSource = entry.gfxArch ? amdSource : 'rocm_agent_enumerator';
      }
      gpus.push(gpu);
    });
  }

  for (const controller of sources.windows) {
    const virtual = isVirtualDisplayAdapter(controller);
    displayAdapters.push({ vendorId: controller.vendorId ?? '', deviceId: controller.deviceId ?? '', name: controller.name, virtual });
    if (virtual) continue;
    const vendor = gpuVendorFromPciVendor(controller.vendorId) ?? (/NVIDIA/i.test(controller.name) ? 'nvidia' : /AMD|Radeon/i.test(controller.name) ? 'amd' : /Intel/i.test(controller.name) ? 'intel' : null);
    if (!vendor || (vendor === 'nvidia' && gpus.some((gpu) => gpu.vendor === 'nvidia'))) continue;
    const gpu: Gpu = { vendor, name: controller.name, source: 'Win32_VideoController' };
    if (controller.vendorId && controller.deviceId) gpu.pciId = `${controller.vendorId}:${controller.deviceId}`;
    // AdapterRAM is a uint32: at the cap it says nothing about the real size.
    if (controller.adapterRamBytes && !controller.adapterRamCapped) gpu.memoryMiB = Math.round(controller.adapterRamBytes / 1024 ** 2);
    if (controller.nvidiaDriverVersion) gpu.driverVersion = controller.nvidiaDriverVersion;
    gpus.push(gpu);
  }

  for (const display of sources.apple?.displays ?? []) {
    const virtual = isVirtualDisplayAdapter(display);
    displayAdapters.push({ vendorId: display.vendorId ?? '', deviceId: display.deviceId ?? '', name: display.name, virtual });
    if (virtual) continue;
    const apple = /^Apple\b/.test(display.name) || /Apple/i.test(display.vendor ?? '');
    const vendor = apple ? 'apple' : (gpuVendorFromPciVendor(display.vendorId) ?? (/AMD|Radeon/i.test(display.name) ? 'amd' : /Intel/i.test(display.name) ? 'intel' : null));
    if (!vendor) continue;
    const gpu: Gpu = { vendor, name: display.name, source: 'system_profiler' };
    if (display.vendorId && display.deviceId) gpu.pciId = `${display.vendorId}:${display.deviceId}`;
    if (display.vramMiB) gpu.memoryMiB = display.vramMiB;
    if (apple) {
      gpu.integrated = true;
      // Apple silicon shares system memory with the GPU.
      if (sources.apple?.hardware?.memoryBytes) gpu.memoryMiB = Math.round(sources.apple.hardware.memoryBytes / 1024 ** 2);
    }
    gpus.push(gpu);
  }
  return { gpus, displayAdapters };
}
