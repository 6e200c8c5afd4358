import type { HardwareReport } from '../../shared/types/hardware.js';

/** A detection report of an Ubuntu 24.04 machine with nothing found yet; tests name the GPUs, driver, OS facts… they vary. */
export function linuxReport(overrides: Omit<Partial<HardwareReport>, 'os'> & { os?: Partial<HardwareReport['os']> } = {}): HardwareReport {
  const { os, ...rest } = overrides;
  return {
    os: { platform: 'linux', distro: 'ubuntu', version: '24.04', kernel: '6.8.0', arch: 'x86_64', wsl: false, container: false, packageManager: 'apt', secureBoot: 'disabled', nouveauLoaded: false, disks: [], ...os },
    cpu: { model: 'AMD Ryzen 9 7950X', cores: 16, memoryBytes: 64 * 1024 ** 3 },
    gpus: [],
    displayAdapters: [],
    driver: null,
    cudaToolkits: [],
    cudnn: [],
    pythons: [],
    findings: [],
    warnings: [],
    durationMs: 1,
    ...rest,
  };
}
