import { sayCudaFit } from '../../shared/cuda/explainCudaFit.js';
import type { Locale } from '../../shared/i18n/localize.js';
import type { HardwareReport } from '../../shared/types/hardware.js';

/**
 * One sentence of the driver-vs-Toolkit-vs-cuDNN panel: a catalog key under `machine.explain.` and its values, or, for
 * the verdict, the sentence the CLI's `detect` prints too (shared/cuda/explainCudaFit), already said in the UI language.
 */
export interface ExplainLine {
  key: string;
  values?: Record<string, string>;
  text?: string;
}

/** The plain-language explanation, with this machine's own numbers in it. */
export function explainCuda(report: HardwareReport, locale: Locale): ExplainLine[] {
  const lines: ExplainLine[] = [];
  const driver = report.driver;
  const toolkit = report.cudaToolkits.find((candidate) => candidate.active) ?? report.cudaToolkits[0] ?? null;
  const nvidiaGpu = report.gpus.some((gpu) => gpu.vendor === 'nvidia');
  const amd = report.gpus.filter((gpu) => gpu.vendor === 'amd');
  if (driver) lines.push({ key: driver.cudaVersion ? 'driver' : 'driverNoCuda', values: { version: driver.version, cuda: driver.cudaVersion ?? '' } });
  else if (!nvidiaGpu && amd.length > 0) lines.push(...amdLines(report, amd.map((gpu) => gpu.name)));
  else if (!nvidiaGpu) lines.push({ key: 'noNvidiaGpu' });
  else lines.push({ key: 'noDriver' });
  if (toolkit) lines.push({ key: 'toolkit', values: { toolkit: toolkit.version, path: toolkit.path } });
  else lines.push({ key: 'noToolkit' });
  const cudnn = report.cudnn[0];
  lines.push(cudnn ? { key: 'cudnnFound', values: { version: cudnn.version, path: cudnn.path } } : { key: 'cudnn' });
  if (driver?.cudaVersion && toolkit) {
    lines.push({ key: 'whyDifferent', values: { cuda: driver.cudaVersion, toolkit: toolkit.version } });
    const fit = report.cudaSummary?.fit;
    if (fit) lines.push({ key: 'fit', text: sayCudaFit(fit, locale) });
  } else if (!driver && toolkit && nvidiaGpu) {
    lines.push({ key: 'toolkitWithoutDriver', values: { toolkit: toolkit.version } });
  }
  // The wheels' "only the driver matters" is about NVIDIA's driver: on other machines it would point at the wrong one.
  if (nvidiaGpu || driver) lines.push({ key: 'wheels' });
  return lines;
}

/** An AMD GPU without an NVIDIA one: ROCm (its tools answered) and the amdgpu kernel driver, not CUDA, are what count. */
function amdLines(report: HardwareReport, names: string[]): ExplainLine[] {
  const gpu = [...new Set(names)].join(', ');
  const tools = report.rocmTools ?? [];
  const lines: ExplainLine[] = [tools.length > 0 ? { key: 'amdRocm', values: { gpu, tools: tools.join(', ') } } : { key: 'amdNoRocm', values: { gpu } }];
  if (report.os.amdgpuLoaded !== undefined) lines.push({ key: report.os.amdgpuLoaded ? 'amdgpuLoaded' : 'amdgpuNotLoaded' });
  return lines;
}
