import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { AmdDeviceTable } from '../../shared/gpus/amdDeviceTable.js';
import { enrichAmdDevices } from './enrichAmdDevices.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const table = JSON.parse(readFileSync(path.join(root, 'data/amd-devices.json'), 'utf8')) as AmdDeviceTable;

describe('enrichAmdDevices: each clue in order of trust, its source named', () => {
  it("keeps the gfx target and name ROCm's tools reported", () => {
    const [gpu] = enrichAmdDevices([{ vendor: 'amd', name: 'Radeon RX 7900 XTX', pciId: '1002:744c', pciRevision: 'cc', gfxArch: 'gfx1100', gfxArchSource: 'amd-smi', source: 'sysfs' }], table);
    expect(gpu).toMatchObject({ name: 'Radeon RX 7900 XTX', gfxArch: 'gfx1100', gfxArchSource: 'amd-smi', chip: 'Navi 31', rocmSupport: 'supported' });
  });

  it('names a sysfs-only card by amdgpu.ids (device and revision), else by pci.ids', () => {
    const gpus = enrichAmdDevices(
      [
        { vendor: 'amd', name: 'AMD GPU', pciId: '1002:73bf', pciRevision: 'c1', source: 'sysfs' },
        { vendor: 'amd', name: 'AMD GPU', pciId: '1002:7550', source: 'sysfs' },
      ],
      table,
    );
    // amdgpu.ids "73BF, C1, AMD Radeon RX 6800 XT"; 7550 has no amdgpu.ids row, pci.ids "Navi 48 [RX 9070/9070 XT]".
    expect(gpus[0]).toMatchObject({ name: 'AMD Radeon RX 6800 XT', gfxArch: 'gfx1030', gfxArchSource: 'pci-id' });
    expect(gpus[1]).toMatchObject({ name: 'RX 9070', gfxArch: 'gfx1201', rocmSupport: 'supported' });
  });

  it('an id the table lacks: the codename lspci printed; an iGPU no source ties to a gfx target stays unknown', () => {
    const gpus = enrichAmdDevices(
      [
        { vendor: 'amd', name: 'Radeon RX 9999', chip: 'Navi 48 XTX', pciId: '1002:7fff', source: 'sysfs' },
        { vendor: 'amd', name: 'Phoenix1', pciId: '1002:15bf', source: 'sysfs' },
        { vendor: 'amd', name: 'Radeon VII', pciId: '1002:66af', source: 'sysfs' },
      ],
      table,
    );
    expect(gpus[0]).toMatchObject({ gfxArch: 'gfx1201', gfxArchSource: 'lspci-chip', chip: 'Navi 48 XTX' });
    expect(gpus[1]?.gfxArch).toBeUndefined();
    expect(gpus[1]?.rocmSupport).toBeUndefined();
    expect(gpus[2]).toMatchObject({ gfxArch: 'gfx906', rocmSupport: 'unsupported' });
  });

  it('leaves other vendors and a missing table alone', () => {
    const nvidia = { vendor: 'nvidia' as const, name: 'GeForce RTX 4060', pciId: '10de:2882' };
    expect(enrichAmdDevices([nvidia], table)).toEqual([nvidia]);
    const amd = { vendor: 'amd' as const, name: 'AMD GPU', pciId: '1002:744c' };
    expect(enrichAmdDevices([amd], null)).toEqual([amd]);
  });
});
