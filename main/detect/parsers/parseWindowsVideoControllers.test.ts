import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../../testkit/fixturePath.js';
import { nvidiaVersionFromWindowsDriver, parseWindowsVideoControllers } from './parseWindowsVideoControllers.js';

const read = (name: string) => readFileSync(fixturePath('windows', name), 'utf8');

describe('parseWindowsVideoControllers', () => {
  it('reads Get-CimInstance | fl * (Intel UHD with PCI ids)', () => {
    expect(parseWindowsVideoControllers(read('get-ciminstance_win32_videocontroller_fl_intel_uhd_partial.txt'))).toEqual([
      { name: 'Intel(R) UHD Graphics', vendorId: '8086', deviceId: '9bc4', subsystemId: '1043:170d' },
    ]);
  });

  it('flags the uint32 AdapterRAM cap (a 16 GB card read as ~4 GB)', () => {
    expect(parseWindowsVideoControllers(read('get-ciminstance_adapterram_uint32_cap_amd16gb.txt'))).toEqual([
      { name: '', adapterRamBytes: 4293918720, adapterRamCapped: true },
    ]);
  });

  it('reads wmic /format:list and PnPSignedDriver, decoding the NVIDIA version from the Windows one', () => {
    expect(parseWindowsVideoControllers(read('wmic_win32_videocontroller_format_list_intel_hd5500.txt'))).toEqual([
      { name: 'Intel(R) HD Graphics 5500', vendor: 'Intel Corporation', driverVersion: '20.19.15.5058' },
    ]);
    expect(parseWindowsVideoControllers(read('get-wmiobject_win32_pnpsigneddriver_gtx980ti_partial.txt'))).toEqual([
      expect.objectContaining({ name: 'NVIDIA GeForce GTX 980 Ti', vendorId: '10de', deviceId: '17c8', driverVersion: '22.21.13.8253', nvidiaDriverVersion: '382.53' }),
    ]);
    expect(nvidiaVersionFromWindowsDriver('31.0.15.3623')).toBe('536.23');
    expect(nvidiaVersionFromWindowsDriver('garbage')).toBeUndefined();
  });
});
