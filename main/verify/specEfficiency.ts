import type { GpuRow } from '../../shared/gpus/lookupGpu.js';
import type { Locale } from '../../shared/i18n/localize.js';
import type { MatmulResult, VerifyFinding } from '../../shared/types/verify.js';
import { verifyText } from './verifyText.js';

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
export function likelyCauses(health: GpuHealth | null, locale?: Locale): string[] {
  const say = verifyText(locale);
  const causes: string[] = [];
  const h = health ?? {};
  if (h.powerLimitW && h.powerDefaultLimitW && h.powerLimitW < h.powerDefaultLimitW * 0.95) {
    causes.push(say('cause.powerCap', { limit: h.powerLimitW, default: h.powerDefaultLimitW }));
  }
  if (h.temperatureC !== undefined && h.temperatureC >= 83) {
    causes.push(say('cause.thermal', { temperature: h.temperatureC }));
  }
  if (h.throttleReasons && !/^(0x0+|not active|none)$/i.test(h.throttleReasons.trim())) {
    causes.push(say('cause.clockLimits', { reasons: h.throttleReasons }));
  }
  if (h.pcieWidth && h.pcieWidthMax && h.pcieWidth < h.pcieWidthMax) {
    causes.push(say('cause.pcieLink', { width: h.pcieWidth, maxWidth: h.pcieWidthMax }));
  }
  if (h.smClockMaxMHz && h.smClockMHz && h.smClockMHz < h.smClockMaxMHz * 0.6) {
    causes.push(say('cause.lowClocks', { clock: h.smClockMHz, maxClock: h.smClockMaxMHz }));
  }
  const generic = [
    say('cause.clocksLocked'),
    say('cause.powerCapAny'),
    say('cause.thermalThrottling'),
    say('cause.otherProcess'),
    say('cause.degradedPcie'),
  ];
  return [...causes, ...generic];
}

const percentOf = (fraction: number) => Math.round(fraction * 100);

/** A finding for every GPU figure below LOW_EFFICIENCY of the card's spec. */
export function efficiencyFindings(
  matmul: MatmulResult[],
  bandwidth: { gbs: number; peakGBs?: number; efficiency?: number } | null,
  health: GpuHealth | null,
  gpuName: string,
  locale?: Locale,
): VerifyFinding[] {
  const say = verifyText(locale);
  const findings: VerifyFinding[] = [];
  for (const entry of matmul) {
    if (entry.efficiency === undefined || entry.efficiency >= LOW_EFFICIENCY) continue;
    findings.push({
      code: 'LOW_MATMUL_EFFICIENCY',
      subject: `matmul-${entry.dtype}`,
      message: say('efficiency.lowMatmul', {
        dtype: entry.dtype,
        tflops: entry.tflops.toFixed(1),
        percent: percentOf(entry.efficiency),
        gpu: gpuName,
        peak: String(entry.peakTflops),
        threshold: percentOf(LOW_EFFICIENCY),
      }),
      likelyCauses: likelyCauses(health, locale),
    });
  }
  if (bandwidth?.efficiency !== undefined && bandwidth.efficiency < LOW_EFFICIENCY) {
    findings.push({
      code: 'LOW_BANDWIDTH_EFFICIENCY',
      subject: 'memory-bandwidth',
      message: say('efficiency.lowBandwidth', { gbs: Math.round(bandwidth.gbs), percent: percentOf(bandwidth.efficiency), gpu: gpuName, peak: String(bandwidth.peakGBs) }),
      likelyCauses: likelyCauses(health, locale),
    });
  }
  return findings;
}
