import { describe, expect, it } from 'vitest';
import { loadCompatData } from './loadCompatData.js';
import { profileFromReport } from './profileFromReport.js';
import { linuxReport } from '../../testkit/detect/linuxReport.js';

const report = linuxReport;

const rows = () => loadCompatData().gpus.gpus;

describe('profileFromReport', () => {
  it('takes driver, toolkits, cuDNN and Python from a detected Linux machine (values of the RTX 4090 capture)', () => {
    const profile = profileFromReport(
      report({
        gpus: [{ vendor: 'nvidia', name: 'NVIDIA GeForce RTX 4090', pciId: '10de:2684' }],
        driver: { version: '535.86.05', cudaVersion: '12.2', source: 'nvidia-smi' },
        cudaToolkits: [{ version: '13.0', path: '/usr/local/cuda-13.0', active: true, source: 'nvcc' }],
        cudnn: [{ version: '9.6.0', path: '/usr/include/cudnn_version.h', source: 'header' }],
        pythons: [{ path: '/usr/bin/python3', version: '3.11.2', kind: 'system', packages: {} }],
      }),
      rows(),
    );
    expect(profile).toEqual({
      os: 'linux',
      arch: 'x86_64',
      gpuVendor: 'nvidia',
      gpuName: 'NVIDIA GeForce RTX 4090',
      computeCapability: '8.9',
      driverVersion: '535.86.05',
      cudaToolkits: ['13.0'],
      cudnnVersions: ['9.6.0'],
      pythonVersion: '3.11.2',
      pythonVersions: ['3.11'],
      // Ubuntu 24.04: NVIDIA's repository folder, which decides the toolkit series apt can install.
      linuxRepo: 'ubuntu2404',
    });
  });

  it('plans for the oldest of several NVIDIA GPUs (TITAN V + RTX 5880 Ada capture)', () => {
    const profile = profileFromReport(
      report({ gpus: [{ vendor: 'nvidia', name: 'NVIDIA RTX 5880 Ada Generation' }, { vendor: 'nvidia', name: 'NVIDIA TITAN V' }] }),
      rows(),
    );
    expect(profile).toMatchObject({ gpuName: 'NVIDIA TITAN V', computeCapability: '7.0', driverVersion: null });
  });

  it('marks WSL2, reads AMD gfx targets, and treats Apple silicon as an Apple GPU', () => {
    expect(profileFromReport(report({ os: { wsl: true }, gpus: [{ vendor: 'nvidia', name: 'NVIDIA GeForce RTX 4090', computeCapability: '8.9' }] }), rows()).os).toBe('wsl');
    expect(profileFromReport(report({ gpus: [{ vendor: 'amd', name: 'Navi 23 [Radeon RX 6650 XT]', pciId: '1002:73ef' }] }), rows())).toMatchObject({ gpuVendor: 'amd', gpuArch: 'gfx1032' });
    expect(profileFromReport(report({ os: { platform: 'macos', arch: 'arm64' } }), rows())).toMatchObject({ os: 'macos', arch: 'arm64', gpuVendor: 'apple' });
    expect(profileFromReport(report({}), rows())).toMatchObject({ gpuVendor: 'none', driverVersion: null });
  });

  it('carries whether detection found conda, and claims nothing when a report never looked', () => {
    expect(profileFromReport(report({ condaCommand: null }), rows()).condaFound).toBe(false);
    expect(profileFromReport(report({ condaCommand: '/home/ada/miniforge3/bin/conda' }), rows()).condaFound).toBe(true);
    expect(profileFromReport(report({}), rows())).not.toHaveProperty('condaFound');
  });
});
