import { hostPathExists, listHostDir, readHostFile } from '../system/sysroot.js';
import type { VerifyCheck } from '../../shared/types/verify.js';
import type { VerifySay } from './verifyText.js';
import { FRAMEWORK_SPECS, isFramework } from '../../shared/frameworks/registry.js';

/** Codes a framework gives when it sees no GPU; on a machine with no NVIDIA GPU at all each is simply expected. */
const NO_GPU_CODES = new Set(['CPU_ONLY_BUILD', 'DRIVER_NOT_LOADED', 'NO_DEVICES_FOUND']);

/**
 * Whether this machine certainly has no NVIDIA GPU: nvidia-smi listed none and sysfs lists PCI devices, none of them an
 * NVIDIA display controller; without a PCI list (containers), no NVIDIA device node or driver either. Other systems
 * count as "may have one", so the GPU advice stays.
 */
export async function certainlyNoNvidiaGpu(nvidiaSmiGpuCount: number): Promise<boolean> {
  if (nvidiaSmiGpuCount > 0 || process.platform !== 'linux') return false;
  const root = '/sys/bus/pci/devices';
  const slots = await listHostDir(root);
  if (slots.length === 0) {
    const traces = await Promise.all(['/dev/nvidiactl', '/dev/nvidia0', '/proc/driver/nvidia/version'].map((file) => hostPathExists(file)));
    return !traces.some(Boolean);
  }
  for (const slot of slots) {
    const [vendor, classCode] = await Promise.all([readHostFile(`${root}/${slot}/vendor`), readHostFile(`${root}/${slot}/class`)]);
    if (vendor?.trim().toLowerCase() === '0x10de' && /^0x03/.test(classCode?.trim() ?? '')) return false;
  }
  return true;
}

/** Whether sysfs lists an AMD display controller (vendor 0x1002, class 0x03): then ROCm, not CUDA, is the GPU's way in. */
export async function pciHasAmdGpu(): Promise<boolean> {
  if (process.platform !== 'linux') return false;
  const root = '/sys/bus/pci/devices';
  for (const slot of await listHostDir(root)) {
    const [vendor, classCode] = await Promise.all([readHostFile(`${root}/${slot}/vendor`), readHostFile(`${root}/${slot}/class`)]);
    if (vendor?.trim().toLowerCase() === '0x1002' && /^0x03/.test(classCode?.trim() ?? '')) return true;
  }
  return false;
}

/**
 * On a machine without an NVIDIA GPU, "this build cannot use the GPU" is no failure and "install a CUDA build" is wrong
 * advice: the GPU check becomes a skip that says the CPU is what runs here (issue 17).
 */
export function explainNoNvidiaGpu(checks: VerifyCheck[], framework: { name: string; version: string } | null, say: VerifySay, amdGpu = false): VerifyCheck[] {
  return checks.map((check) => {
    if (check.id !== 'gpu-available' || check.status !== 'fail' || !NO_GPU_CODES.has(check.code ?? '')) return check;
    const display = isFramework(framework?.name) ? FRAMEWORK_SPECS[framework.name].label : (framework?.name ?? '');
    return {
      ...check,
      status: 'skip',
      code: 'NO_NVIDIA_GPU',
      // An AMD GPU is usable through ROCm builds (PyTorch's), never through CUDA ones.
      reason: say(amdGpu ? 'cpuOnly.amdGpu' : 'cpuOnly.noNvidiaGpu', { framework: display, version: framework?.version ?? '' }),
    };
  });
}
