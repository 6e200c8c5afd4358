import type { DiagnoseFacts, DiagnoseLocale } from '../../shared/types/diagnose.js';
import type { HardwareReport } from '../../shared/types/hardware.js';
import { loadDataTable } from '../data/loadDataTable.js';
import { pytorchTableSchema } from '../../shared/data/pytorchSchema.js';

const AND: Record<DiagnoseLocale, [string, string]> = { en: [', ', ' and '], 'zh-CN': ['、', ' 和 '] };

function join(items: string[], locale: DiagnoseLocale): string {
  const [separator, and] = AND[locale];
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(separator)}${and}${items[items.length - 1]}`;
}

/** gfx targets PyTorch's ROCm builds support (data/pytorch.json rocmArchitectures, from AMD's system requirements). */
function rocmSupportedGfx(): Set<string> {
  try {
    return new Set(loadDataTable('pytorch', pytorchTableSchema).rocmArchitectures.flatMap((row) => row.supported));
  } catch {
    return new Set();
  }
}

/**
 * Which kind of build can use this machine's GPU, as flags the advice picks its sentence by: a CUDA build only with an
 * NVIDIA GPU; a ROCm build with an AMD GPU whose gfx target ROCm supports; otherwise the CPU build (MPS on Apple GPUs).
 */
export function vendorValues(machine: HardwareReport, locale: DiagnoseLocale): Record<string, string> {
  const values: Record<string, string> = {};
  const gpus = machine.gpus ?? [];
  const nvidia = gpus.filter((gpu) => gpu.vendor === 'nvidia');
  const amd = gpus.filter((gpu) => gpu.vendor === 'amd' && !gpu.integrated);
  if (nvidia.length > 0) {
    const names = nvidia.map((gpu) => (gpu.computeCapability ? `${gpu.name} (${locale === 'zh-CN' ? '计算能力' : 'compute capability'} ${gpu.computeCapability})` : gpu.name));
    values.machineNvidiaGpu = join([...new Set(names)], locale);
    return values;
  }
  values.machineNoNvidiaGpu = 'yes';
  if (amd.length > 0) {
    values.machineAmdGpu = join([...new Set(amd.map((gpu) => (gpu.gfxArch ? `${gpu.name} (${gpu.gfxArch})` : gpu.name)))], locale);
    const supported = rocmSupportedGfx();
    if (amd.some((gpu) => gpu.gfxArch && supported.has(gpu.gfxArch))) values.machineAmdRocm = 'yes';
    else values.machineAmdNoRocm = 'yes';
  } else if (gpus.some((gpu) => gpu.vendor === 'apple')) values.machineAppleGpu = 'yes';
  else values.machineCpuOnly = 'yes';
  return values;
}

/** Flags that pick advice by this machine's GPU vendor; left out of fixes when the text itself comes from an NVIDIA machine. */
export const VENDOR_FLAGS = ['machineNoNvidiaGpu', 'machineAmdGpu', 'machineAmdRocm', 'machineAmdNoRocm', 'machineAppleGpu', 'machineCpuOnly'];

/** The pasted text names an NVIDIA GPU or driver: it comes from a machine where CUDA advice applies, whatever this one has. */
export function textFromNvidiaMachine(facts: DiagnoseFacts): boolean {
  return Boolean(facts.driverVersion || facts.cudaVersion || facts.gpus?.some((gpu) => gpu.vendor === 'nvidia'));
}
