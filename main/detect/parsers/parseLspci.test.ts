import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../../testkit/fixturePath.js';
import { parseLspci } from './parseLspci.js';

const lspci = (name: string) => parseLspci(readFileSync(fixturePath('lspci', name), 'utf8'));

describe('parseLspci', () => {
  it('reads -nn lines with ids, chips and names (hybrid laptop)', () => {
    expect(lspci('lspci_-nn_grep_vga_laptop_rtx3070mobile_plus_amd_cezanne.txt')).toEqual([
      { slot: '01:00.0', className: 'VGA compatible controller', classId: '0300', vendorId: '10de', deviceId: '24dd', vendorName: 'NVIDIA Corporation', chip: 'GA104M', name: 'GeForce RTX 3070 Mobile / Max-Q' },
      { slot: '06:00.0', className: 'VGA compatible controller', classId: '0300', vendorId: '1002', deviceId: '1638', vendorName: 'Advanced Micro Devices, Inc. [AMD/ATI]', chip: 'Cezanne', name: 'Radeon Vega Series / Radeon Vega Mobile Series' },
    ]);
  });

  it('keeps display controllers, drops audio functions, tolerates prog-if and missing slots', () => {
    expect(lspci('lspci_-nn_radeon680m_rembrandt_apu.txt').map((d) => [d.vendorId, d.deviceId, d.name])).toEqual([['1002', '1681', 'Radeon 680M']]);
    expect(lspci('lspci_-nn_rtx3080_ga102.txt')).toEqual([expect.objectContaining({ vendorId: '10de', deviceId: '2206', name: 'GeForce RTX 3080', chip: 'GA102' })]);
    expect(lspci('lspci_-nn_rx6650xt_navi23.txt')).toEqual([expect.objectContaining({ vendorId: '1002', deviceId: '73ef', name: 'Radeon RX 6650 XT' })]);
    expect(lspci('lspci_-nn_rx6650xt_navi23.txt')[0]?.slot).toBeUndefined();
    expect(lspci('lspci_-d_03xx_alderlake_display_plus_rtx3080ti.txt').map((d) => [d.slot, d.className, d.vendorId, d.name])).toEqual([
      ['00:02.0', 'Display controller', '8086', 'AlderLake-S GT1'],
      ['01:00.0', 'VGA compatible controller', '10de', 'GeForce RTX 3080 Ti'],
    ]);
  });

  it('reads plain lspci: Optimus 3D controller, multi-Fiji with wrapped names, unnamed V100 ids', () => {
    expect(lspci('lspci_grep_3d_optimus_gt750m.txt')).toEqual([expect.objectContaining({ className: '3D controller', vendorId: '10de', name: 'GeForce GT 750M', chip: 'GK107M' })]);
    const fiji = lspci('lspci_grep_amd_4x_fiji_rocm.txt');
    expect(fiji.map((d) => [d.slot, d.name])).toEqual([
      ['01:00.0', 'Radeon R9 FURY / NANO Series'],
      ['02:00.0', 'Radeon R9 FURY / NANO Series'],
      ['03:00.0', 'Radeon R9 FURY / NANO Series'],
    ]);
    expect(lspci('lspci_grep_nvidia_v100_device_1db6.txt')).toEqual([
      { slot: '0000:5a:00.0', className: '3D controller', vendorId: '10de', deviceId: '1db6', vendorName: 'NVIDIA Corporation', name: null },
      { slot: '0000:5e:00.0', className: '3D controller', vendorId: '10de', deviceId: '1db6', vendorName: 'NVIDIA Corporation', name: null },
    ]);
  });

  it('reads an unnamed device of lspci -nn (old pci.ids): the ids, no name', () => {
    expect(parseLspci('01:00.0 VGA compatible controller [0300]: NVIDIA Corporation Device [10de:2882] (rev a1)')).toEqual([
      { slot: '01:00.0', className: 'VGA compatible controller', classId: '0300', vendorId: '10de', deviceId: '2882', vendorName: 'NVIDIA Corporation', name: null },
    ]);
  });

  it('returns nothing for garbage', () => {
    expect(parseLspci('pcilib: Cannot open /proc/bus/pci\nlspci: Cannot find any working access method.')).toEqual([]);
  });
});
