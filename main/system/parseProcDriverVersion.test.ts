import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../testkit/fixturePath.js';
import { parseProcDriverVersion } from './parseProcDriverVersion.js';

const proc = (name: string) => parseProcDriverVersion(readFileSync(fixturePath('proc-driver', name), 'utf8'));

describe('parseProcDriverVersion', () => {
  it('reads the proprietary module', () => {
    expect(proc('proc_driver_nvidia_version_384.98_ubuntu.txt')).toEqual({ version: '384.98', kernelModule: 'proprietary', arch: 'x86_64', gccVersion: '7.2.0' });
    expect(proc('proc_driver_nvidia_version_580.173.02_truenas.txt')).toMatchObject({ version: '580.173.02', kernelModule: 'proprietary' });
  });

  it('reads the open module, including a Russian-locale build date', () => {
    expect(proc('proc_driver_nvidia_version_open_565.57.01_ubuntu24.04.txt')).toEqual({ version: '565.57.01', kernelModule: 'open', arch: 'x86_64', gccVersion: '13.3.0' });
    expect(proc('proc_driver_nvidia_version_open_555.58_gentoo_localized_date.txt')).toEqual({ version: '555.58', kernelModule: 'open', arch: 'x86_64' });
  });

  it('returns null for other text', () => {
    expect(parseProcDriverVersion('cat: /proc/driver/nvidia/version: No such file or directory')).toBeNull();
  });
});
