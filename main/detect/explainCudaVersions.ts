import type { Locale } from '../../shared/i18n/localize.js';
import type { CudaSummary, CudaToolkit, DriverInfo, Finding } from '../../shared/types/hardware.js';
import { cudaFit, sayCudaFit } from '../../shared/cuda/explainCudaFit.js';
import { COMPAT_TABLES, type CudaMinorCompat } from '../../shared/plan/compatData.js';
import { loadDataTable } from '../data/loadDataTable.js';
import { cudaToolkitTableSchema } from '../../shared/data/cudaToolkitsSchema.js';
import { detectText } from './detectText.js';

/** Minor-version compatibility's driver floor per CUDA major, from data/cuda-toolkits.json. */
function minorVersionCompatibility(): CudaMinorCompat[] {
  return loadDataTable(COMPAT_TABLES.cudaToolkits, cudaToolkitTableSchema).minorVersionCompatibility;
}

/**
 * The classic confusion, spelled out: nvidia-smi's "CUDA Version" is the newest CUDA the driver can run, nvcc's is the
 * Toolkit that is installed; the verdict (shared/cuda/explainCudaFit, the same the wizard shows) says whether they fit.
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
  const fit = cudaFit({ toolkit: toolkit.version, driverCuda, driverVersion: driver.version, os: process.platform === 'win32' ? 'windows' : 'linux' }, minorVersionCompatibility());
  const verdict = fit ? sayCudaFit(fit, locale) : null;
  const compatible = fit ? fit.kind === 'fits' || fit.kind === 'minorCompatible' : null;
  if (fit && verdict && !compatible) {
    findings.push({ code: 'TOOLKIT_NEWER_THAN_DRIVER', severity: 'error', message: say('cuda.toolkitNewerThanDriver', { driver: driverText, toolkit: toolkitText, verdict }) });
  }
  const message = verdict === null ? say('cuda.summary', { driver: driverText, toolkit: toolkitText }) : say('cuda.summaryWithVerdict', { driver: driverText, toolkit: toolkitText, verdict });
  return { summary: { driverCuda, toolkit: toolkit.version, compatible, message, ...(fit ? { fit } : {}) }, findings };
}
