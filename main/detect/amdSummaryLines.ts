import type { Gpu, HardwareReport } from '../../shared/types/hardware.js';
import type { detectSummaryText } from './detectSummaryText.js';

type SummarySay = ReturnType<typeof detectSummaryText>;

const SOURCE_KEYS = {
  'amd-smi': 'amd.gfxSource.amdSmi',
  'rocm-smi': 'amd.gfxSource.rocmSmi',
  rocm_agent_enumerator: 'amd.gfxSource.agentEnumerator',
  'pci-id': 'amd.gfxSource.pciId',
  'lspci-chip': 'amd.gfxSource.lspciChip',
  'gpus.json': 'amd.gfxSource.gpusJson',
} as const;

const SUPPORT_KEYS = { supported: 'amd.rocmSupport.supported', unsupported: 'amd.rocmSupport.unsupported', notListed: 'amd.rocmSupport.notListed' } as const;

function gfxLine(gpu: Gpu, say: SummarySay): string {
  if (!gpu.gfxArch) return say('amd.gfxUnknown', { name: gpu.name });
  const source = gpu.gfxArchSource ? say(SOURCE_KEYS[gpu.gfxArchSource]) : null;
  const support = gpu.rocmSupport ? say(SUPPORT_KEYS[gpu.rocmSupport]) : null;
  return say('amd.gfxLine', { name: gpu.name, gfx: gpu.gfxArch, detail: [source, support].filter(Boolean).join(say('list.separator')) || '-' });
}

/**
 * What an AMD machine has for its GPU, not the NVIDIA driver: the ROCm release (and where it was read) or that ROCm's tools
 * are there, whether amdgpu is loaded, and each AMD GPU's gfx target with where it came from and ROCm's word on it.
 */
export function amdSummaryLines(report: HardwareReport, say: SummarySay): string[] {
  const amdGpus = report.gpus.filter((gpu) => gpu.vendor === 'amd');
  if (amdGpus.length === 0) return [];
  const tools = report.rocmTools?.length ? report.rocmTools.join(say('list.separator')) : null;
  const rocm = report.rocm
    ? say(tools ? 'amd.rocmVersionFound' : 'amd.rocmVersionOnly', { version: report.rocm.version, source: report.rocm.source, tools: tools ?? '' })
    : tools
      ? say('amd.rocmFound', { tools })
      : say('amd.rocmNone');
  const amdgpu = report.os.amdgpuLoaded === undefined ? null : say(report.os.amdgpuLoaded ? 'amd.amdgpuLoaded' : 'amd.amdgpuNotLoaded');
  return [`  ${[rocm, amdgpu].filter(Boolean).join(' · ')}`, ...amdGpus.map((gpu) => `  ${gfxLine(gpu, say)}`)];
}
