import type { CudaSummary, CudaToolkit, DriverInfo, Finding } from '../../shared/types/hardware.js';

function majorMinor(version: string): [number, number] | null {
  const match = /^(\d+)\.(\d+)/.exec(version);
  return match ? [Number(match[1]), Number(match[2])] : null;
}

/**
 * The classic confusion, spelled out: nvidia-smi's "CUDA Version" is the newest CUDA the driver can run, nvcc's is the
 * Toolkit that is installed; they are different numbers and only a Toolkit newer (major) than the driver is a problem.
 */
export function explainCudaVersions(driver: DriverInfo | null, toolkits: CudaToolkit[], hasNvidiaGpu: boolean): { summary: CudaSummary; findings: Finding[] } {
  const toolkit = toolkits.find((candidate) => candidate.active) ?? toolkits[0] ?? null;
  const driverCuda = driver?.cudaVersion ?? null;
  const findings: Finding[] = [];
  const toolkitText = toolkit ? `CUDA Toolkit ${toolkit.version} is installed at ${toolkit.path} (nvcc)` : 'no CUDA Toolkit is installed (no nvcc)';
  if (!driver) {
    if (toolkit) {
      findings.push({
        code: 'TOOLKIT_WITHOUT_DRIVER',
        severity: hasNvidiaGpu ? 'warning' : 'info',
        message: `${toolkitText}, but no NVIDIA driver is loaded: nvcc can compile, yet nothing can run on a GPU until a driver is installed.`,
      });
    }
    return { summary: { driverCuda: null, toolkit: toolkit?.version ?? null, compatible: null, message: `No NVIDIA driver: nothing reports a supported CUDA version; ${toolkitText}.` }, findings };
  }
  const driverText = driverCuda
    ? `The driver ${driver.version} supports up to CUDA ${driverCuda} (nvidia-smi)`
    : `The driver ${driver.version} does not report its CUDA version`;
  if (!toolkit || !driverCuda) {
    const tail = toolkit ? '' : ' — that is fine: PyTorch, TensorFlow and JAX wheels bring their own CUDA runtime';
    return { summary: { driverCuda, toolkit: toolkit?.version ?? null, compatible: null, message: `${driverText}; ${toolkitText}${tail}.` }, findings };
  }
  const have = majorMinor(driverCuda);
  const want = majorMinor(toolkit.version);
  let compatible: boolean | null = null;
  let verdict = '';
  if (have && want) {
    if (want[0] > have[0]) {
      compatible = false;
      verdict = ` These do not fit: Toolkit ${want[0]}.x needs a driver that supports CUDA ${want[0]}; update the driver or install Toolkit ${have[0]}.${have[1]} or older.`;
      findings.push({ code: 'TOOLKIT_NEWER_THAN_DRIVER', severity: 'error', message: `${driverText}, but ${toolkitText}.${verdict}` });
    } else if (want[0] === have[0] && want[1] > have[1]) {
      compatible = true;
      verdict = ` They fit through CUDA minor-version compatibility, but features that need a newer driver (and PTX built by the newer Toolkit) will not run; a driver supporting ${want[0]}.${want[1]} removes the caveat.`;
    } else {
      compatible = true;
      verdict = ' They fit: the driver can run anything this Toolkit builds.';
    }
  }
  return { summary: { driverCuda, toolkit: toolkit.version, compatible, message: `${driverText}; ${toolkitText}.${verdict}` }, findings };
}
