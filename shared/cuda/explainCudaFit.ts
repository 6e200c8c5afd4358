// Whether a CUDA Toolkit's programs run on the installed driver, and that verdict said in words: one function for the
// CLI's `detect` and the wizard's Your machine screen, so they never disagree (issue 17).
// Rules: https://docs.nvidia.com/deploy/cuda-compatibility/minor-version-compatibility.html (data/cuda-toolkits.json
// minorVersionCompatibility holds the driver floor per major).
import enCatalog from '../../locales/en/cudaFit.json' with { type: 'json' };
import zhCNCatalog from '../../locales/zh-CN/cudaFit.json' with { type: 'json' };
import type { CudaMinorCompat } from '../plan/compatData.js';
import { translator, type Locale } from '../i18n/localize.js';
import { driverVersion } from '../versions/driverVersion.js';

const sayIn = translator('cudaFit', enCatalog, zhCNCatalog);

/**
 * - fits: the Toolkit is not newer than the CUDA the driver reports.
 * - minorCompatible: newer minor within the same major (CUDA 11+), on a driver at or above that major's floor: runs,
 *   with the limits minor-version compatibility has (no PTX JIT of newer PTX, no features that need a newer driver).
 * - noMinorCompat: newer minor, but the major has no minor-version compatibility (CUDA 10 and older) or the driver is
 *   below its floor: programs fail to start.
 * - tooNew: a newer major than the driver runs.
 */
export type CudaFitKind = 'fits' | 'minorCompatible' | 'noMinorCompat' | 'tooNew';

export interface CudaFit {
  kind: CudaFitKind;
  /** As nvcc reports it ("11.5.119"). */
  toolkit: string;
  /** The newest CUDA the driver runs, as nvidia-smi reports it ("11.4"). */
  driverCuda: string;
  /** The driver floor of the Toolkit's major for minor-version compatibility, when the table has one. */
  floor?: string;
}

function majorMinor(version: string): [number, number] | null {
  const match = /^(\d+)\.(\d+)/.exec(version.trim());
  return match ? [Number(match[1]), Number(match[2])] : null;
}

/** The verdict for one Toolkit on one driver; null when a version cannot be read. */
export function cudaFit(
  input: { toolkit: string; driverCuda: string; driverVersion?: string | null; os?: 'linux' | 'windows' },
  minorCompat: readonly CudaMinorCompat[],
): CudaFit | null {
  const want = majorMinor(input.toolkit);
  const have = majorMinor(input.driverCuda);
  if (!want || !have) return null;
  const base = { toolkit: input.toolkit, driverCuda: input.driverCuda };
  if (want[0] > have[0]) return { kind: 'tooNew', ...base };
  if (want[0] < have[0] || want[1] <= have[1]) return { kind: 'fits', ...base };
  const row = minorCompat.find((candidate) => candidate.cudaMajor === want[0]);
  const floor = (input.os === 'windows' ? row?.windows : row?.linux) ?? undefined;
  if (!floor) return { kind: 'noMinorCompat', ...base };
  const below = input.driverVersion ? safeCompare(input.driverVersion, floor) < 0 : false;
  return { kind: below ? 'noMinorCompat' : 'minorCompatible', ...base, floor };
}

function safeCompare(a: string, b: string): number {
  try {
    return driverVersion.compare(a, b);
  } catch {
    return 0;
  }
}

/** The verdict as one or two sentences, with the machine's own numbers, in the reader's language. */
export function sayCudaFit(fit: CudaFit, locale?: Locale): string {
  const say = sayIn(locale);
  const [major, minor] = majorMinor(fit.toolkit) ?? [0, 0];
  const toolkitCuda = `${major}.${minor}`;
  switch (fit.kind) {
    case 'fits':
      return say('fits', { toolkit: fit.toolkit, driverCuda: fit.driverCuda });
    case 'minorCompatible':
      return say('minorCompatible', { toolkit: fit.toolkit, driverCuda: fit.driverCuda, major, toolkitCuda });
    case 'noMinorCompat':
      return fit.floor
        ? say('belowFloor', { toolkit: fit.toolkit, driverCuda: fit.driverCuda, major, floor: fit.floor, toolkitCuda })
        : say('noMinorCompat', { toolkit: fit.toolkit, driverCuda: fit.driverCuda, major, toolkitCuda });
    case 'tooNew':
      return say('tooNew', { toolkit: fit.toolkit, driverCuda: fit.driverCuda, major });
  }
}
