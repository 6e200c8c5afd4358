import path from 'node:path';
import type { HardwareReport } from '../../shared/types/hardware.js';
import { hostPathExists, listHostDir } from '../system/sysroot.js';

/** Facts about this machine that detection's report does not hold but a fix needs: files that exist here. */
export interface HostFacts {
  /** Each CUDA Toolkit's library folder and the file names in it (libcudart.so.11.0, cudart64_110.dll, …). */
  toolkitLibraries: { toolkitVersion: string; dir: string; files: string[] }[];
  /** Whether /lib/modules/<running kernel>/build exists (the headers a driver module is built against); null when unknown. */
  kernelHeaders: boolean | null;
  /** CUDA_VISIBLE_DEVICES of the shell that runs diagnose, when set: it renumbers the GPUs a program started there sees. */
  cudaVisibleDevices?: string;
}

// Toolkits keep their libraries in lib64 (Linux runfile and packages), targets/<arch>/lib (the real folder lib64 links to) or bin (Windows DLLs).
const LIBRARY_FOLDERS = ['lib64', 'lib', path.join('targets', 'x86_64-linux', 'lib'), path.join('targets', 'sbsa-linux', 'lib'), 'bin'];

/** Reads, through DLSETUP_SYSROOT, the few folders a diagnosis may name; a handful of directory listings, never a file's content. */
export async function gatherHostFacts(machine: HardwareReport): Promise<HostFacts> {
  const toolkitLibraries: HostFacts['toolkitLibraries'] = [];
  for (const toolkit of machine.cudaToolkits ?? []) {
    for (const folder of LIBRARY_FOLDERS) {
      const dir = path.join(toolkit.path, folder);
      const files = (await listHostDir(dir)).filter((file) => /^(?:lib)?(?:cudart|cublas|cublasLt|cufft|curand|cusolver|cusparse|nvrtc|nvJitLink|cupti|nvToolsExt)/.test(file));
      if (files.length > 0) {
        toolkitLibraries.push({ toolkitVersion: toolkit.version, dir, files });
        break;
      }
    }
  }
  const kernel = machine.os?.kernel;
  const kernelHeaders = machine.os?.platform === 'linux' && kernel ? await hostPathExists(`/lib/modules/${kernel}/build`) : null;
  const visible = process.env.CUDA_VISIBLE_DEVICES;
  return { toolkitLibraries, kernelHeaders, ...(visible !== undefined ? { cudaVisibleDevices: visible } : {}) };
}
