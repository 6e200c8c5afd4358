import type { HardwareProfile } from '../../shared/types/plan.js';

/** A what-if profile of an x86_64 machine with this NVIDIA GPU and driver (null: none installed yet). */
export const nvidiaProfile = (gpuName: string, driverVersion: string | null, os: HardwareProfile['os'] = 'linux', extra: Partial<HardwareProfile> = {}): HardwareProfile => ({
  os,
  arch: 'x86_64',
  gpuVendor: 'nvidia',
  gpuName,
  driverVersion,
  ...extra,
});
