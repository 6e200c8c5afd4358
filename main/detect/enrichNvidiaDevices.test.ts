import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { NvidiaDeviceTable } from '../../shared/gpus/nvidiaDeviceTable.js';
import type { Gpu } from '../../shared/types/hardware.js';
import { createSimulatedHost, withSimulatedHost, type SimulatedHost } from '../../testkit/simulatedHost.js';
import { detectHardware } from './detectHardware.js';
import { enrichNvidiaDevices } from './enrichNvidiaDevices.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const table = JSON.parse(readFileSync(path.join(root, 'data/nvidia-devices.json'), 'utf8')) as NvidiaDeviceTable;
const nvidia = (gpu: Partial<Gpu>): Gpu => ({ vendor: 'nvidia', name: 'NVIDIA GPU', source: 'sysfs', ...gpu });

let host: SimulatedHost | null = null;
afterEach(async () => {
  await host?.cleanup();
  host = null;
});

describe('enrichNvidiaDevices: every clue, in order of trust', () => {
  it('the driver\'s own answer stays and says so', () => {
    const [gpu] = enrichNvidiaDevices([nvidia({ pciId: '10de:2882', computeCapability: '8.9', source: 'nvidia-smi' })], table);
    expect(gpu).toMatchObject({ computeCapability: '8.9', computeCapabilitySource: 'nvidia-smi', chip: 'AD107', architecture: 'Ada Lovelace' });
  });

  it('then the device id in the table (10de:1004 "GK110 [GeForce GTX 780]": 3.5, last driver R470)', () => {
    const [gpu] = enrichNvidiaDevices([nvidia({ pciId: '10de:1004' })], table);
    expect(gpu).toMatchObject({ name: 'GeForce GTX 780', computeCapability: '3.5', computeCapabilitySource: 'pci-id', architecture: 'Kepler', driverBranch: '470', openKernelModules: 'unsupported' });
  });

  it('then the chip code lspci printed from a newer pci.ids than the table\'s', () => {
    const [gpu] = enrichNvidiaDevices([nvidia({ pciId: '10de:2fff', name: 'GeForce RTX 5070 Next', chip: 'GB205' })], table);
    expect(gpu).toMatchObject({ computeCapability: '12.0', computeCapabilitySource: 'lspci-chip', architecture: 'Blackwell', openKernelModules: 'required' });
    const [bare] = enrichNvidiaDevices([nvidia({ pciId: '10de:2ffe', name: 'AD104GLM' })], table);
    expect(bare).toMatchObject({ computeCapability: '8.9', computeCapabilitySource: 'lspci-chip', chip: 'AD104GLM' });
  });

  it('and otherwise unknown stays unknown: no compute capability is guessed', () => {
    const [unknown] = enrichNvidiaDevices([nvidia({ pciId: '10de:2ffd' })], table);
    expect(unknown?.computeCapability).toBeUndefined();
    expect(unknown?.computeCapabilitySource).toBeUndefined();
    // pci.ids 31c0 "GB110": a Blackwell chip without a compute capability in chip-families.json.
    const [family] = enrichNvidiaDevices([nvidia({ pciId: '10de:31c0' })], table);
    expect(family).toMatchObject({ architecture: 'Blackwell', chip: 'GB110' });
    expect(family?.computeCapability).toBeUndefined();
    expect(enrichNvidiaDevices([{ vendor: 'amd', name: 'Radeon', pciId: '1002:744c' }], table)).toEqual([{ vendor: 'amd', name: 'Radeon', pciId: '1002:744c' }]);
  });

  it('through detectHardware: an RTX 4060 on a new workstation (no driver) and a card only the machine\'s pci.ids names', async () => {
    const pci = (slot: string, device: string) => ({ [`/sys/bus/pci/devices/0000:${slot}/class`]: '0x030000\n', [`/sys/bus/pci/devices/0000:${slot}/vendor`]: '0x10de\n', [`/sys/bus/pci/devices/0000:${slot}/device`]: `0x${device}\n` });
    const lspci = '01:00.0 VGA compatible controller [0300]: NVIDIA Corporation AD107 [GeForce RTX 4060] [10de:2882] (rev a1)\n02:00.0 VGA compatible controller [0300]: NVIDIA Corporation GB206 [GeForce RTX 5060 Next] [10de:2fff] (rev a1)\n';
    host = await createSimulatedHost({ isolatePath: true, files: { '/etc/os-release': 'ID=ubuntu\nVERSION_ID="24.04"\n', ...pci('01:00.0', '2882'), ...pci('02:00.0', '2fff') }, tools: { lspci: { stdout: lspci } } });
    const report = await withSimulatedHost(host, () => detectHardware({ timeoutMs: 4000, quick: true }));
    expect(report.gpus).toEqual([
      expect.objectContaining({ pciId: '10de:2882', name: 'GeForce RTX 4060', computeCapability: '8.9', computeCapabilitySource: 'pci-id', architecture: 'Ada Lovelace' }),
      expect.objectContaining({ pciId: '10de:2fff', name: 'GeForce RTX 5060 Next', computeCapability: '12.0', computeCapabilitySource: 'lspci-chip', architecture: 'Blackwell' }),
    ]);
  });
});
