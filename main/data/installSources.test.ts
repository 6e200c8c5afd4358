import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataDir } from '../appPaths.js';
import { cudnnArchive, cudnnPackage, debianDriverPackages, hostNvidiaArch, isRemovablePackage, toolkitPackage, toolkitRunfile, ubuntuDriverPackage } from './installSources.js';

interface Row {
  version: string;
  arch: string;
  url: string;
  sha256: string;
  cudaMajor?: string;
  build?: string;
}
const table = JSON.parse(readFileSync(path.join(dataDir, 'nvidia-install-sources.json'), 'utf8')) as { runfiles: Row[]; cudnnArchives: Row[]; removablePackages: { pattern: string }[] };

describe('data/nvidia-install-sources.json: what the elevated helper installs, in the forms it accepts', () => {
  it('has one NVIDIA https URL and sha256 per release and arch, the URL naming that release', () => {
    for (const row of [...table.runfiles, ...table.cudnnArchives]) {
      expect(row.sha256, row.url).toMatch(/^[0-9a-f]{64}$/);
      expect(row.url).toMatch(/^https:\/\/developer\.download\.nvidia\.com\/compute\/[A-Za-z0-9._/-]+$/);
      expect(['x86_64', 'sbsa']).toContain(row.arch);
      expect(row.url).toContain(row.build ?? row.version);
    }
    const keys = [...table.runfiles.map((r) => `${r.version}/${r.arch}`), ...table.cudnnArchives.map((r) => `${r.build}/${r.cudaMajor}/${r.arch}`)];
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set([...table.runfiles, ...table.cudnnArchives].map((r) => r.sha256)).size).toBe(keys.length);
  });

  it('names removable packages by anchored patterns that never match a system package', () => {
    for (const { pattern } of table.removablePackages) expect(pattern).toMatch(/^\^.*\$$/);
    for (const name of ['nvidia-driver-580', 'nvidia-driver-580-open', 'libnvidia-compute-580', 'nvidia-dkms-580', 'cuda-toolkit-12-6', 'cuda-nvcc-12-6', 'cuda-keyring', 'cudnn9-cuda-12', 'libcudnn9-cuda-12', 'firmware-misc-nonfree']) {
      expect(isRemovablePackage(name), name).toBe(true);
    }
    for (const name of ['sudo', 'openssh-server', 'dkms', 'linux-image-generic', 'build-essential', 'libc6', 'python3', 'cudax', 'nvidia']) expect(isRemovablePackage(name), name).toBe(false);
  });
});

describe('looking up what to install', () => {
  it('names driver packages per distro and branch', () => {
    expect(ubuntuDriverPackage('580', false)).toBe('nvidia-driver-580');
    expect(ubuntuDriverPackage('580', true)).toBe('nvidia-driver-580-open');
    expect(ubuntuDriverPackage('535-server', false)).toBe('nvidia-driver-535-server');
    expect(debianDriverPackages()).toEqual({ packages: ['nvidia-driver', 'firmware-misc-nonfree'], fallbackPackages: ['cuda-drivers'] });
  });

  it('names the toolkit and cuDNN packages, and none for a cuDNN major it does not know', () => {
    expect(toolkitPackage('12.6')).toBe('cuda-toolkit-12-6');
    expect(cudnnPackage('9.6.0', '12')).toBe('cudnn9-cuda-12');
    expect(cudnnPackage('8.9.7', '11')).toBeNull();
  });

  it('finds the published runfile and cuDNN archive for a release or a series, and nothing for an unknown one', () => {
    expect(toolkitRunfile('12.6.3', 'x86_64')?.url).toBe('https://developer.download.nvidia.com/compute/cuda/12.6.3/local_installers/cuda_12.6.3_560.35.05_linux.run');
    expect(toolkitRunfile('12.6', 'sbsa')?.url).toMatch(/cuda_12\.6\.3_560\.35\.05_linux_sbsa\.run$/);
    expect(toolkitRunfile('12.7.0', 'x86_64')).toBeNull();
    expect(cudnnArchive('9.6.0', '12', 'x86_64')?.url).toMatch(/cudnn-linux-x86_64-9\.6\.0\.74_cuda12-archive\.tar\.xz$/);
    expect(cudnnArchive('9.6.0.74', '12', 'sbsa')?.url).toMatch(/linux-sbsa\/cudnn-linux-sbsa-9\.6\.0\.74_cuda12-archive\.tar\.xz$/);
    expect(cudnnArchive('9.6.0', '11', 'x86_64')).toBeNull();
    expect(hostNvidiaArch('arm64')).toBe('sbsa');
    expect(hostNvidiaArch('x64')).toBe('x86_64');
  });
});
