import detectTextEn from '../../../locales/en/detect.json' with { type: 'json' };
import type { DetectTextKey } from '../detectText.js';

/** Typed driver-state problems nvidia-smi reports instead of a table (issue 3; codes shared with Diagnose). */
export type NvidiaSmiErrorCode = 'DRIVER_NOT_LOADED' | 'DRIVER_LIBRARY_MISMATCH' | 'NO_DEVICES_FOUND' | 'GPU_LOST' | 'NVML_UNKNOWN_ERROR';

export interface NvidiaSmiError {
  code: NvidiaSmiErrorCode;
  message: string;
  /** The NVML (user-space library) version nvidia-smi printed, e.g. after a driver upgrade without reboot. */
  nvmlVersion?: string;
  busId?: string;
}

/** The sentence for each code, in detectText (detection shows it in the user's language; the parser keeps English). */
export const NVIDIA_SMI_ERROR_TEXT = {
  DRIVER_NOT_LOADED: 'nvidiaSmiError.driverNotLoaded',
  DRIVER_LIBRARY_MISMATCH: 'nvidiaSmiError.driverLibraryMismatch',
  NO_DEVICES_FOUND: 'nvidiaSmiError.noDevicesFound',
  GPU_LOST: 'nvidiaSmiError.gpuLost',
  NVML_UNKNOWN_ERROR: 'nvidiaSmiError.nvmlUnknownError',
} as const satisfies Record<NvidiaSmiErrorCode, DetectTextKey>;

/** Classifies nvidia-smi's failure text; null when the text shows no known failure. */
export function parseNvidiaSmiError(text: string): NvidiaSmiError | null {
  if (typeof text !== 'string' || text.length === 0) return null;
  const busId = /device handle for GPU\s*(?:\d+:\s*)?([0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-7])/.exec(text)?.[1];
  const make = (code: NvidiaSmiErrorCode, extra: Partial<NvidiaSmiError> = {}): NvidiaSmiError => ({
    code,
    message: detectTextEn[NVIDIA_SMI_ERROR_TEXT[code]],
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
