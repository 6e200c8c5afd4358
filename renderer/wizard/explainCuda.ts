import type { HardwareReport } from '../../shared/types/hardware.js';

/** One sentence of the driver-vs-Toolkit-vs-cuDNN panel: a catalog key under `machine.explain.` and its values. */
export interface ExplainLine {
  key: string;
  values?: Record<string, string>;
}

function majorMinor(version: string): [number, number] | null {
  const match = /^(\d+)\.(\d+)/.exec(version);
  return match ? [Number(match[1]), Number(match[2])] : null;
}

/** Whether a Toolkit's programs can run on what the driver supports (same rule nvidia-smi's header implies). */
export function toolkitFitsDriver(toolkit: string, driverCuda: string): boolean | null {
  const a = majorMinor(toolkit);
  const b = majorMinor(driverCuda);
  if (!a || !b) return null;
  return a[0] < b[0] || (a[0] === b[0] && a[1] <= b[1]);
}

/** The plain-language explanation, with this machine's own numbers in it. */
export function explainCuda(report: HardwareReport): ExplainLine[] {
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
    const fits = report.cudaSummary?.compatible ?? toolkitFitsDriver(toolkit.version, driver.cudaVersion);
    lines.push({ key: 'whyDifferent', values: { cuda: driver.cudaVersion, toolkit: toolkit.version } });
    if (fits === true) lines.push({ key: 'compatible', values: { cuda: driver.cudaVersion, toolkit: toolkit.version } });
    if (fits === false) lines.push({ key: 'incompatible', values: { cuda: driver.cudaVersion, toolkit: toolkit.version } });
  } else if (!driver && toolkit) {
    lines.push({ key: 'toolkitWithoutDriver', values: { toolkit: toolkit.version } });
  }
  lines.push({ key: 'wheels' });
  return lines;
}
