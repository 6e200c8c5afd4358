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
  if (driver) lines.push({ key: driver.cudaVersion ? 'driver' : 'driverNoCuda', values: { version: driver.version, cuda: driver.cudaVersion ?? '' } });
  else lines.push({ key: 'noDriver' });
  if (toolkit) lines.push({ key: 'toolkit', values: { toolkit: toolkit.version, path: toolkit.path } });
  else lines.push({ key: 'noToolkit' });
  const cudnn = report.cudnn[0];
  lines.push(cudnn ? { key: 'cudnnFound', values: { version: cudnn.version, path: cudnn.path } } : { key: 'cudnn' });
  if (driver?.cudaVersion && toolkit) {
    lines.push({ key: 'whyDifferent', values: { cuda: driver.cudaVersion, toolkit: toolkit.version } });
    const fit = report.cudaSummary?.fit;
    if (fit) lines.push({ key: 'fit', text: sayCudaFit(fit, locale) });
  } else if (!driver && toolkit) {
    lines.push({ key: 'toolkitWithoutDriver', values: { toolkit: toolkit.version } });
  }
  lines.push({ key: 'wheels' });
  return lines;
}
