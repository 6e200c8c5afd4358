import { parseRocmAgentEnumerator, parseRocmSmi, type RocmSmiReport } from '../parsers/parseRocmSmi.js';
import type { ProbeContext } from '../probeContext.js';
import { runTool } from '../runTool.js';

export interface AmdProbeResult {
  rocmSmi: RocmSmiReport | null;
  /** gfx targets from rocm_agent_enumerator, one per GPU agent. */
  gfxTargets: string[];
}

/** AMD facts from ROCm's tools when installed: rocm-smi (ids, names, VRAM) and rocm_agent_enumerator (gfx arch). */
export async function probeAmd(context: ProbeContext): Promise<AmdProbeResult> {
  if (context.platform !== 'linux') return { rocmSmi: null, gfxTargets: [] };
  const [smi, agents] = await Promise.all([
    runTool(context, ['rocm-smi', '--showid', '--showproductname', '--showmeminfo', 'vram'], 'the AMD GPU details'),
    runTool(context, ['rocm_agent_enumerator'], 'the AMD gfx architecture'),
  ]);
  return {
    rocmSmi: smi.ok ? parseRocmSmi(smi.result.stdout) : null,
    gfxTargets: agents.ok ? parseRocmAgentEnumerator(agents.result.stdout) : [],
  };
}
