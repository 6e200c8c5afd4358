/** Typed driver-state problems nvidia-smi reports instead of a table (issue 3; codes shared with Diagnose). */
export type NvidiaSmiErrorCode = 'DRIVER_NOT_LOADED' | 'DRIVER_LIBRARY_MISMATCH' | 'NO_DEVICES_FOUND' | 'GPU_LOST' | 'NVML_UNKNOWN_ERROR';

export interface NvidiaSmiError {
  code: NvidiaSmiErrorCode;
  message: string;
  /** The NVML (user-space library) version nvidia-smi printed, e.g. after a driver upgrade without reboot. */
  nvmlVersion?: string;
  busId?: string;
}

const MESSAGES: Record<NvidiaSmiErrorCode, string> = {
  DRIVER_NOT_LOADED:
    'nvidia-smi cannot talk to the NVIDIA driver: the kernel module is not loaded. Install the driver, or reboot if you just installed it; if Secure Boot is on, enrol the module key; inside a container, start it with GPU access (--gpus all).',
  DRIVER_LIBRARY_MISMATCH:
    'The NVIDIA kernel module and the user-space driver library have different versions, usually after a driver update. Reboot the machine to load the new module.',
  NO_DEVICES_FOUND:
    'The NVIDIA driver is loaded but sees no GPU. Check that the card is seated and powered, that it is not bound to another driver (vfio, nouveau), and in a VM that it is passed through.',
  GPU_LOST:
    'The GPU fell off the bus ("GPU is lost"). Reboot to recover it; if it keeps happening check power, cooling and the PCIe slot.',
  NVML_UNKNOWN_ERROR:
    'nvidia-smi failed with "Unknown Error". In a container this often follows a systemd daemon-reload on the host (restart the container); otherwise reboot, and check the kernel log (dmesg) for NVRM errors.',
};

/** Classifies nvidia-smi's failure text; null when the text shows no known failure. */
export function parseNvidiaSmiError(text: string): NvidiaSmiError | null {
  if (typeof text !== 'string' || text.length === 0) return null;
  const busId = /device handle for GPU\s*(?:\d+:\s*)?([0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-7])/.exec(text)?.[1];
  const make = (code: NvidiaSmiErrorCode, extra: Partial<NvidiaSmiError> = {}): NvidiaSmiError => ({
    code,
    message: MESSAGES[code],
    ...(busId ? { busId } : {}),
    ...extra,
  });
  if (/Driver\/library version mismatch/i.test(text)) {
    const nvmlVersion = /NVML library version:\s*(\d+(?:\.\d+)+)/i.exec(text)?.[1];
    return make('DRIVER_LIBRARY_MISMATCH', nvmlVersion ? { nvmlVersion } : {});
  }
  if (/couldn't communicate with the NVIDIA driver|NVIDIA driver is not loaded|couldn't find libnvidia-ml\.so/i.test(text)) return make('DRIVER_NOT_LOADED');
  // A per-GPU "device handle … Unknown Error" is one unhealthy card (fallen off the bus, overheated), as Diagnose reads it too.
  if (/GPU is lost|GPU has fallen off the bus|device handle for GPU[^\n]*Unknown Error/i.test(text)) return make('GPU_LOST');
  if (/No devices were found/i.test(text)) return make('NO_DEVICES_FOUND');
  if (/Unknown Error/i.test(text) && /NVML|device handle/i.test(text)) return make('NVML_UNKNOWN_ERROR');
  return null;
}
