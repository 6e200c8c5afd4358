import { parseSystemProfilerDisplays, parseSystemProfilerHardware, type MacDisplay, type MacHardware } from '../parsers/parseMacos.js';
import type { ProbeContext } from '../probeContext.js';
import { detectText } from '../detectText.js';
import { runTool } from '../runTool.js';

export interface AppleProbeResult {
  displays: MacDisplay[];
  hardware: MacHardware | null;
}

/** macOS GPUs and the Apple-silicon chip from one system_profiler run. */
export async function probeApple(context: ProbeContext): Promise<AppleProbeResult> {
  if (context.platform !== 'darwin') return { displays: [], hardware: null };
  const outcome = await runTool(context, ['system_profiler', 'SPDisplaysDataType', 'SPHardwareDataType'], detectText(context.locale)('purpose.macGpu'));
  if (!outcome.ok) return { displays: [], hardware: null };
  return { displays: parseSystemProfilerDisplays(outcome.result.stdout), hardware: parseSystemProfilerHardware(outcome.result.stdout) };
}
