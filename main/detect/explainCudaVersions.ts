import type { Locale } from '../../shared/i18n/localize.js';
import type { CudaSummary, CudaToolkit, DriverInfo, Finding } from '../../shared/types/hardware.js';
import { detectText } from './detectText.js';

function majorMinor(version: string): [number, number] | null {
  const match = /^(\d+)\.(\d+)/.exec(version);
  return match ? [Number(match[1]), Number(match[2])] : null;
}

/**
 * The classic confusion, spelled out: nvidia-smi's "CUDA Version" is the newest CUDA the driver can run, nvcc's is the
 * Toolkit that is installed; they are different numbers and only a Toolkit newer (major) than the driver is a problem.
 */
export function explainCudaVersions(
  driver: DriverInfo | null,
  toolkits: CudaToolkit[],
  hasNvidiaGpu: boolean,
  locale?: Locale,
): { summary: CudaSummary; findings: Finding[] } {
  const say = detectText(locale);
  const toolkit = toolkits.find((candidate) => candidate.active) ?? toolkits[0] ?? null;
  const driverCuda = driver?.cudaVersion ?? null;
  const findings: Finding[] = [];
  const toolkitText = toolkit ? say('cuda.toolkitInstalled', { version: toolkit.version, path: toolkit.path }) : say('cuda.noToolkit');
  if (!driver) {
    if (toolkit) {
      findings.push({
        code: 'TOOLKIT_WITHOUT_DRIVER',
        severity: hasNvidiaGpu ? 'warning' : 'info',
        message: say('cuda.toolkitWithoutDriver', { version: toolkit.version, path: toolkit.path }),
      });
    }
    return { summary: { driverCuda: null, toolkit: toolkit?.version ?? null, compatible: null, message: say('cuda.summaryNoDriver', { toolkit: toolkitText }) }, findings };
  }
  const driverText = driverCuda
    ? say('cuda.driverSupports', { version: driver.version, cuda: driverCuda })
    : say('cuda.driverWithoutCuda', { version: driver.version });
  if (!toolkit || !driverCuda) {
    const message = toolkit ? say('cuda.summary', { driver: driverText, toolkit: toolkitText }) : say('cuda.summaryNoToolkit', { driver: driverText });
    return { summary: { driverCuda, toolkit: toolkit?.version ?? null, compatible: null, message }, findings };
  }
  const have = majorMinor(driverCuda);
  const want = majorMinor(toolkit.version);
  let compatible: boolean | null = null;
  let verdict: string | null = null;
  if (have && want) {
    if (want[0] > have[0]) {
      compatible = false;
      verdict = say('cuda.verdictTooNew', { toolkitMajor: want[0], driverCuda: `${have[0]}.${have[1]}` });
      findings.push({ code: 'TOOLKIT_NEWER_THAN_DRIVER', severity: 'error', message: say('cuda.toolkitNewerThanDriver', { driver: driverText, toolkit: toolkitText, verdict }) });
    } else if (want[0] === have[0] && want[1] > have[1]) {
      compatible = true;
      verdict = say('cuda.verdictMinorCompatible', { toolkitCuda: `${want[0]}.${want[1]}` });
    } else {
      compatible = true;
      verdict = say('cuda.verdictFits');
    }
  }
  const message = verdict === null ? say('cuda.summary', { driver: driverText, toolkit: toolkitText }) : say('cuda.summaryWithVerdict', { driver: driverText, toolkit: toolkitText, verdict });
  return { summary: { driverCuda, toolkit: toolkit.version, compatible, message }, findings };
}
