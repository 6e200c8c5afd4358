import { describe, expect, it } from 'vitest';
import { DlsetupError } from '../../shared/errors.js';
import type { HardwareProfile } from '../../shared/types/plan.js';
import { applyProfileOverrides, whatIfProfile } from './applyProfileOverrides.js';
import { loadCompatData } from './loadCompatData.js';

const here: HardwareProfile = { os: 'linux', arch: 'x86_64', gpuVendor: 'none', driverVersion: null };
const rows = () => loadCompatData().gpus.gpus;

describe('applyProfileOverrides', () => {
  it('--gpu looks the card up and fills vendor and compute capability', () => {
    expect(applyProfileOverrides(here, { gpu: 'RTX 3090', driver: '550.54.15' }, rows())).toMatchObject({
      gpuVendor: 'nvidia',
      gpuName: 'GeForce RTX 3090',
      computeCapability: '8.6',
      driverVersion: '550.54.15',
    });
    expect(applyProfileOverrides(here, { gpu: 'RX 7900 XTX' }, rows())).toMatchObject({ gpuVendor: 'amd', gpuArch: 'gfx1100' });
  });

  it('--compute-capability and --gpu-arch imply the vendor; --driver none and --gpu-vendor none clear things', () => {
    const nvidia = applyProfileOverrides(here, { computeCapability: '6.1' }, rows());
    expect(nvidia).toMatchObject({ gpuVendor: 'nvidia', computeCapability: '6.1' });
    expect(applyProfileOverrides(here, { gpuArch: 'GFX942' }, rows())).toMatchObject({ gpuVendor: 'amd', gpuArch: 'gfx942' });
    expect(applyProfileOverrides({ ...nvidia, driverVersion: '580.65.06' }, { driver: 'none' }, rows()).driverVersion).toBeNull();
    const none = applyProfileOverrides(nvidia, { gpuVendor: 'none' }, rows());
    expect(none.computeCapability).toBeUndefined();
    expect(applyProfileOverrides(here, { os: 'WSL', arch: 'aarch64' }, rows())).toMatchObject({ os: 'wsl', arch: 'aarch64' });
  });

  it.each([
    [{ os: 'beos' }, /--os must be one of linux, windows, wsl, macos/],
    [{ computeCapability: '86' }, /--compute-capability takes a value like 8.6/],
    [{ driver: 'latest' }, /--driver takes a version like 550.54.15 or "none"/],
    [{ gpu: 'Voodoo 5' }, /does not know a GPU called "Voodoo 5"/],
    [{ gpuArch: 'navi31' }, /--gpu-arch takes a value like gfx1100/],
  ])('rejects %o with a message the user can act on', (flags, message) => {
    try {
      applyProfileOverrides(here, flags, rows());
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DlsetupError);
      expect((error as DlsetupError).code).toBe('INVALID_ARGUMENT');
      expect((error as DlsetupError).message).toMatch(message);
    }
  });

  // data/distro-pythons.json: Ubuntu 22.04's python3 is 3.10, Debian 13's 3.13; neither installs python3-venv by default.
  it.each([
    ['ubuntu22.04', 'ubuntu2204', '3.10'],
    ['Ubuntu 22.04', 'ubuntu2204', '3.10'],
    ['debian-13', 'debian13', '3.13'],
  ])('--distro %s is a fresh %s: its default python3 %s, without venv', (distro, linuxRepo, python) => {
    const windowsHost: HardwareProfile = { ...here, os: 'windows', linuxRepo: 'ubuntu2404' };
    expect(whatIfProfile(windowsHost, { distro }, rows(), null, loadCompatData().distroPythons)).toEqual({
      os: 'linux',
      arch: 'x86_64',
      gpuVendor: 'none',
      driverVersion: null,
      linuxRepo,
      pythonVersion: python,
      pythonVersions: [python],
      pythonsWithoutVenv: [python],
    });
  });
});
