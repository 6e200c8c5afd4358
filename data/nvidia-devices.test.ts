import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { NVIDIA_DEVICES_FILE, NVIDIA_SOURCES_DIR, nvidiaDevicesSource, productNames } from '../scripts/generateNvidiaDevices.mjs';
import { nvidiaDeviceById, nvidiaDevices, type NvidiaDeviceTable } from '../shared/gpus/nvidiaDeviceTable.js';
import type { GpuTable } from '../shared/gpus/lookupGpu.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const text = readFileSync(path.join(root, NVIDIA_DEVICES_FILE), 'utf8');
const table = JSON.parse(text) as NvidiaDeviceTable;

describe('data/nvidia-devices.json (generated from pci.ids and nvidia-detect)', () => {
  it('is what scripts/generateNvidiaDevices.mjs makes of its inputs (rerun it after changing one)', () => {
    expect(nvidiaDevicesSource(root) === text, 'data/nvidia-devices.json is stale: run node scripts/generateNvidiaDevices.mjs').toBe(true);
  });

  it('keeps its inputs as fetched: each file matches the sha256 in SOURCES.json', () => {
    const provenance = JSON.parse(readFileSync(path.join(root, NVIDIA_SOURCES_DIR, 'SOURCES.json'), 'utf8')) as { packages: { kept: { path: string; sha256: string }[] }[] };
    const kept = provenance.packages.flatMap((entry) => entry.kept);
    expect(kept.length).toBeGreaterThan(10);
    for (const file of kept) expect(createHash('sha256').update(readFileSync(path.join(root, NVIDIA_SOURCES_DIR, file.path))).digest('hex'), file.path).toBe(file.sha256);
  });

  // Expected values read from the inputs first: pci.ids-10de.txt's line, the nvidia-detect lists that hold the id, chip-families.json.
  it.each([
    // "2882  AD107 [GeForce RTX 4060]"; in nvidia.ids (550) and nvidia-tesla-535.ids; AD10x = 8.9.
    ['2882', { chip: 'AD107', names: ['GeForce RTX 4060'], architecture: 'Ada Lovelace', computeCapability: '8.9', driverBranch: 'current', listedBranch: '550', openKernelModules: 'supported' }],
    // "1004  GK110 [GeForce GTX 780]"; newest list nvidia-tesla-470.ids (not in nvidia.ids); GK110 = 3.5.
    ['1004', { chip: 'GK110', names: ['GeForce GTX 780'], architecture: 'Kepler', computeCapability: '3.5', driverBranch: '470', listedBranch: '470', openKernelModules: 'unsupported' }],
    // "2b85  GB202 [GeForce RTX 5090]"; in no 550.163.01 list (newer); GB20x = 12.0; Blackwell needs the open modules.
    ['2b85', { chip: 'GB202', names: ['GeForce RTX 5090'], architecture: 'Blackwell', computeCapability: '12.0', driverBranch: 'current', listedBranch: null, openKernelModules: 'required' }],
    // "2c58  GB203M / GN22-X11 [GeForce RTX 5090 Max-Q / Mobile]": the laptop RTX 5090 is a GB203.
    ['2c58', { chip: 'GB203M', names: ['GeForce RTX 5090 Max-Q', 'GeForce RTX 5090 Mobile'], computeCapability: '12.0', openKernelModules: 'required' }],
    // "20b2  GA100 [A100 SXM4 80GB]" and "20b5  GA100 [A100 PCIe 80GB]"; in nvidia-open.ids; GA100 = 8.0.
    ['20b2', { chip: 'GA100', names: ['A100 SXM4 80GB'], architecture: 'Ampere', computeCapability: '8.0', openKernelModules: 'supported' }],
    ['20b5', { chip: 'GA100', names: ['A100 PCIe 80GB'], architecture: 'Ampere', computeCapability: '8.0' }],
    // "1b80  GP104 [GeForce GTX 1080]"; in nvidia.ids (550); Pascal's last branch is R580 (data/gpu-architectures.json).
    ['1b80', { chip: 'GP104', names: ['GeForce GTX 1080'], architecture: 'Pascal', computeCapability: '6.1', driverBranch: '580', listedBranch: '550', openKernelModules: 'unsupported' }],
    // "102d  GK210GL [Tesla K80]": GK210 = 3.7.
    ['102d', { chip: 'GK210GL', names: ['Tesla K80'], computeCapability: '3.7', driverBranch: '470' }],
  ])('10de:%s is what its sources say', (id, expected) => {
    expect(nvidiaDeviceById(table, `10de:${id}`)).toMatchObject(expected);
  });

  it('leaves out what is not a GPU (audio, USB, NVSwitch) and keeps unnamed chips unknown', () => {
    expect(nvidiaDeviceById(table, '10de:22be')).toBeUndefined(); // "AD107 High Definition Audio Controller"
    expect(nvidiaDeviceById(table, '10de:1ad6')).toBeUndefined(); // "TU102 USB 3.1 Host Controller"
    expect(nvidiaDeviceById(table, '10de:22a3')).toBeUndefined(); // "GH100 [H100 NVSwitch]"
    expect(nvidiaDeviceById(table, '10de:31c0')).toMatchObject({ chip: 'GB110', architecture: 'Blackwell', computeCapability: null });
  });

  it('splits pci.ids name lists into whole product names', () => {
    expect(productNames('GeForce RTX 5090 Max-Q / Mobile')).toEqual(['GeForce RTX 5090 Max-Q', 'GeForce RTX 5090 Mobile']);
    expect(productNames('GeForce RTX 3050 Ti Mobile / Max-Q')).toEqual(['GeForce RTX 3050 Ti Mobile', 'GeForce RTX 3050 Ti Max-Q']);
    expect(productNames('GeForce 8800 GTS / 8800 GTX')).toEqual(['GeForce 8800 GTS', 'GeForce 8800 GTX']);
    expect(productNames('GH200 120GB / 480GB')).toEqual(['GH200 120GB', 'GH200 480GB']);
    expect(productNames('Tesla C1060 / M1060')).toEqual(['Tesla C1060', 'Tesla M1060']);
  });

  it('agrees with every NVIDIA row of data/gpus.json that names a PCI id in it', () => {
    const gpus = (JSON.parse(readFileSync(path.join(root, 'data', 'gpus.json'), 'utf8')) as GpuTable).gpus.filter((row) => row.vendor === 'nvidia');
    let compared = 0;
    for (const row of gpus) {
      for (const id of row.pciIds) {
        const device = nvidiaDeviceById(table, id);
        if (!device?.computeCapability) continue;
        compared += 1;
        expect({ id, architecture: device.architecture, computeCapability: device.computeCapability }, row.name).toEqual({ id, architecture: row.architecture, computeCapability: row.computeCapability });
      }
    }
    expect(compared).toBeGreaterThan(30);
  });

  it('gives every modern GPU an architecture, and most of them a compute capability', () => {
    const modern = nvidiaDevices(table).filter((device) => /^(GK|GM|GP|GV|TU|GA|AD|GH|GB)\d/.test(device.chip));
    expect(modern.every((device) => device.architecture !== null)).toBe(true);
    expect(modern.filter((device) => device.computeCapability === null).map((device) => device.chip).sort()).toEqual(['GB110', 'GB120', 'GB20B']);
  });
});
