import type { GpuRow } from '../../shared/gpus/lookupGpu.js';
import type { MatmulResult, VerifyFinding } from '../../shared/types/verify.js';

/** Below this share of the spec peak a result is flagged (issue 6). */
export const LOW_EFFICIENCY = 0.5;

/** The dense spec peak (TFLOP/s) a matmul of this precision is measured against; undefined when the table lacks it. */
export function peakTflopsFor(dtype: string, spec: Pick<GpuRow, 'fp32Tflops' | 'tensorTflops'> | null | undefined): number | undefined {
  if (!spec) return undefined;
  switch (dtype) {
    case 'fp32':
      return spec.fp32Tflops;
    case 'tf32':
    case 'fp16':
    case 'bf16':
    case 'fp8':
      return spec.tensorTflops?.[dtype];
    default:
      return undefined;
  }
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** Adds peakTflops and efficiency (achieved / peak, a fraction) to GPU results; CPU figures stay as they are. */
export function applySpecPeaks(matmul: MatmulResult[], spec: Pick<GpuRow, 'fp32Tflops' | 'tensorTflops'> | null | undefined): MatmulResult[] {
  return matmul.map((entry) => {
    if (entry.device === 'cpu') return entry;
    const peak = peakTflopsFor(entry.dtype, spec);
    if (!peak || peak <= 0) return entry;
    return { ...entry, peakTflops: peak, efficiency: round3(entry.tflops / peak) };
  });
}

/** Copy bandwidth against the card's memory bandwidth; null without a measurement. */
export function bandwidthEfficiency(gbs: number | undefined, spec: Pick<GpuRow, 'bandwidthGBs'> | null | undefined) {
  if (gbs === undefined || !Number.isFinite(gbs)) return null;
  const peak = spec?.bandwidthGBs;
  return peak ? { gbs, peakGBs: peak, efficiency: round3(gbs / peak) } : { gbs };
}

/** What nvidia-smi said right after the run; each field undefined when it could not be read. */
export interface GpuHealth {
  temperatureC?: number;
  powerLimitW?: number;
  powerDefaultLimitW?: number;
  smClockMHz?: number;
  smClockMaxMHz?: number;
  pcieGen?: number;
  pcieGenMax?: number;
  pcieWidth?: number;
  pcieWidthMax?: number;
  throttleReasons?: string;
}

/** Likely causes of low throughput, those with evidence in the health snapshot first. */
export function likelyCauses(health: GpuHealth | null): string[] {
  const causes: string[] = [];
  const h = health ?? {};
  if (h.powerLimitW && h.powerDefaultLimitW && h.powerLimitW < h.powerDefaultLimitW * 0.95) {
    causes.push(`Power cap: the limit is ${h.powerLimitW} W, below the card's default ${h.powerDefaultLimitW} W (nvidia-smi -pl).`);
  }
  if (h.temperatureC !== undefined && h.temperatureC >= 83) {
    causes.push(`Thermal: the GPU was at ${h.temperatureC} °C, where it slows its clocks; check airflow and fans.`);
  }
  if (h.throttleReasons && !/^(0x0+|not active|none)$/i.test(h.throttleReasons.trim())) {
    causes.push(`Clock limits were active (${h.throttleReasons}): see nvidia-smi -q -d PERFORMANCE.`);
  }
  if (h.pcieWidth && h.pcieWidthMax && h.pcieWidth < h.pcieWidthMax) {
    causes.push(`PCIe link: x${h.pcieWidth} of x${h.pcieWidthMax}; reseat the card or use a full-width slot (matters for host transfers).`);
  }
  if (h.smClockMaxMHz && h.smClockMHz && h.smClockMHz < h.smClockMaxMHz * 0.6) {
    causes.push(`Clocks: the SM clock read ${h.smClockMHz} MHz of ${h.smClockMaxMHz} MHz; locked or power-saving clocks cut throughput.`);
  }
  const generic = [
    'Clocks locked low or an application clock setting (nvidia-smi -q -d CLOCK).',
    'A power cap below the default (nvidia-smi -q -d POWER).',
    'Thermal throttling (temperature near the slowdown threshold).',
    'Another process using the GPU at the same time (nvidia-smi shows it).',
    'A degraded PCIe link (fewer lanes or an older generation than the slot supports).',
  ];
  return [...causes, ...generic];
}

const PERCENT = (fraction: number) => `${Math.round(fraction * 100)} %`;

/** A finding for every GPU figure below LOW_EFFICIENCY of the card's spec. */
export function efficiencyFindings(
  matmul: MatmulResult[],
  bandwidth: { gbs: number; peakGBs?: number; efficiency?: number } | null,
  health: GpuHealth | null,
  gpuName: string,
): VerifyFinding[] {
  const findings: VerifyFinding[] = [];
  for (const entry of matmul) {
    if (entry.efficiency === undefined || entry.efficiency >= LOW_EFFICIENCY) continue;
    findings.push({
      code: 'LOW_MATMUL_EFFICIENCY',
      subject: `matmul-${entry.dtype}`,
      message: `${entry.dtype} matmul reached ${entry.tflops.toFixed(1)} TFLOP/s, ${PERCENT(entry.efficiency)} of the ${gpuName}'s dense spec peak of ${entry.peakTflops} TFLOP/s (below ${PERCENT(LOW_EFFICIENCY)}).`,
      likelyCauses: likelyCauses(health),
    });
  }
  if (bandwidth?.efficiency !== undefined && bandwidth.efficiency < LOW_EFFICIENCY) {
    findings.push({
      code: 'LOW_BANDWIDTH_EFFICIENCY',
      subject: 'memory-bandwidth',
      message: `Device-to-device copies reached ${Math.round(bandwidth.gbs)} GB/s, ${PERCENT(bandwidth.efficiency)} of the ${gpuName}'s ${bandwidth.peakGBs} GB/s memory bandwidth.`,
      likelyCauses: likelyCauses(health),
    });
  }
  return findings;
}
