import { parseAmdSmiStatic, type AmdSmiGpu } from '../parsers/parseAmdSmiStatic.js';
import { parseRocmAgentEnumerator, parseRocmSmi, type RocmSmiGpu, type RocmSmiReport } from '../parsers/parseRocmSmi.js';
import type { ProbeContext } from '../probeContext.js';
import { detectText } from '../detectText.js';
import { runTool } from '../runTool.js';

export interface AmdProbeResult {
  rocmSmi: RocmSmiReport | null;
  /** `amd-smi static --asic --vram`: what newer ROCm ships instead of rocm-smi. */
  amdSmi: AmdSmiGpu[] | null;
  /** gfx targets from rocm_agent_enumerator, one per GPU agent. */
  gfxTargets: string[];
}

/**
 * AMD facts from ROCm's tools when installed, all at once: amd-smi (ROCm 6+) and rocm-smi (ids, names, VRAM) and
 * rocm_agent_enumerator (gfx arch). Each runs only when it is on PATH.
 */
export async function probeAmd(context: ProbeContext): Promise<AmdProbeResult> {
  if (context.platform !== 'linux') return { rocmSmi: null, amdSmi: null, gfxTargets: [] };
  const say = detectText(context.locale);
  const [amdSmi, smi, agents] = await Promise.all([
    runTool(context, ['amd-smi', 'static', '--asic', '--vram'], say('purpose.amdSmiDetails')),
    runTool(context, ['rocm-smi', '--showid', '--showproductname', '--showmeminfo', 'vram'], say('purpose.amdDetails')),
    runTool(context, ['rocm_agent_enumerator'], say('purpose.amdGfxArch')),
  ]);
  return {
    rocmSmi: smi.ok ? parseRocmSmi(smi.result.stdout) : null,
    amdSmi: amdSmi.ok ? parseAmdSmiStatic(amdSmi.result.stdout) : null,
    gfxTargets: agents.ok ? parseRocmAgentEnumerator(agents.result.stdout) : [],
  };
}

/**
 * One detail list per AMD card: amd-smi first (it is the maintained tool), rocm-smi filling what it left out, by index;
 * rocm-smi's extra partitions (DPX/QPX/CPX) are not separate cards.
 */
export function amdGpuDetails(amd: AmdProbeResult | null): { gpus: RocmSmiGpu[]; source: 'amd-smi' | 'rocm-smi' } {
  const rocm = amd?.rocmSmi?.gpus.filter((gpu) => !gpu.partition || gpu.partition.id === 0) ?? [];
  const fromAmdSmi = amd?.amdSmi ?? [];
  if (fromAmdSmi.length === 0) return { gpus: rocm, source: 'rocm-smi' };
  const gpus = fromAmdSmi.map((gpu, at) => {
    const other = rocm.find((entry) => entry.index === gpu.index) ?? rocm[at];
    return other && (!other.deviceId || !gpu.deviceId || other.deviceId === gpu.deviceId) ? { ...other, ...gpu } : gpu;
  });
  return { gpus, source: 'amd-smi' };
}
