import type { Gpu } from '../../shared/types/hardware.js';
import { lookupGpu, type GpuRow } from '../../shared/gpus/lookupGpu.js';

/**
 * Fills what the tools did not report from data/gpus.json: architecture, compute capability (NVIDIA), gfx arch (AMD),
 * memory, a name for cards only known by PCI id, and the spec peaks the verify step compares against.
 */
export function enrichGpuSpecs(gpus: Gpu[], rows: readonly GpuRow[]): Gpu[] {
  return gpus.map((gpu) => {
    const truncated = gpu.name.endsWith('...');
    const row = lookupGpu(rows, { ...(gpu.pciId ? { pciId: gpu.pciId } : {}), ...(truncated ? {} : { name: gpu.name }) });
    if (!row || row.vendor !== gpu.vendor) return gpu;
    const enriched: Gpu = { ...gpu };
    if (truncated || /^(NVIDIA|AMD|Intel) GPU$|^Graphics Device$/.test(gpu.name)) enriched.name = row.name;
    enriched.architecture ??= row.architecture;
    if (row.computeCapability && gpu.vendor === 'nvidia' && !enriched.computeCapability) {
      enriched.computeCapability = row.computeCapability;
      enriched.computeCapabilitySource = 'gpus.json';
    }
    if (row.gfxArch && gpu.vendor === 'amd' && !enriched.gfxArch) {
      enriched.gfxArch = row.gfxArch;
      enriched.gfxArchSource = 'gpus.json';
    }
    // A vGPU slice or MIG-less memory is what the tool says; only fill memory when nothing reported it.
    if (row.memoryMiB && !gpu.integrated) enriched.memoryMiB ??= row.memoryMiB;
    const tensor = Object.fromEntries(Object.entries(row.tensorTflops ?? {}).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
    if (row.fp32Tflops !== undefined || Object.keys(tensor).length > 0 || row.bandwidthGBs !== undefined || row.memoryMiB !== undefined) {
      enriched.spec = { source: row.source };
      if (row.fp32Tflops !== undefined) enriched.spec.fp32Tflops = row.fp32Tflops;
      if (Object.keys(tensor).length > 0) enriched.spec.tensorTflops = tensor;
      if (row.bandwidthGBs !== undefined) enriched.spec.bandwidthGBs = row.bandwidthGBs;
      if (row.memoryMiB !== undefined) enriched.spec.memoryMiB = row.memoryMiB;
    }
    return enriched;
  });
}
