import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createSimulatedHost, withSimulatedHost, type SimulatedHost } from '../../testkit/simulatedHost.js';
import { nvidiaDevices, type NvidiaDevice, type NvidiaDeviceTable } from '../../shared/gpus/nvidiaDeviceTable.js';
import type { HardwareReport } from '../../shared/types/hardware.js';
import { detectHardware } from './detectHardware.js';
import { enrichNvidiaDevices } from './enrichNvidiaDevices.js';
import { pciSlotOf, ubuntuRoot } from '../../testkit/detect/deviceSlots.js';

// Issue 28's proof: a new workstation without the NVIDIA driver knows its GPU from sysfs + lspci alone, for EVERY GPU id of the table.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const table = JSON.parse(readFileSync(path.join(root, 'data/nvidia-devices.json'), 'utf8')) as NvidiaDeviceTable;
const devices = nvidiaDevices(table);
const UBUNTU = ubuntuRoot('24.04');

let host: SimulatedHost | null = null;
afterEach(async () => {
  await host?.cleanup();
  host = null;
});

const slotOf = pciSlotOf;

/** One machine holding every device of the table (one per PCI slot), no NVIDIA driver; lspci prints each as `line` says. */
async function detectAll(line: (device: NvidiaDevice) => string): Promise<HardwareReport> {
  const files: Record<string, string> = { ...UBUNTU };
  devices.forEach((device, at) => {
    const dir = `/sys/bus/pci/devices/0000:${slotOf(at)}`;
    Object.assign(files, { [`${dir}/class`]: '0x030000\n', [`${dir}/vendor`]: '0x10de\n', [`${dir}/device`]: `0x${device.id}\n` });
  });
  const lspci = devices.map((device, at) => `${slotOf(at)} VGA compatible controller [0300]: NVIDIA Corporation ${line(device)} [10de:${device.id}] (rev a1)`).join('\n');
  host = await createSimulatedHost({ isolatePath: true, files, tools: { lspci: { stdout: `${lspci}\n` } } });
  return withSimulatedHost(host, () => detectHardware({ timeoutMs: 20000, quick: true }));
}

/** Detected vs expected per device: how many got the table's compute capability and architecture, and the misses. */
function compare(report: HardwareReport) {
  const byId = new Map(report.gpus.map((gpu) => [gpu.pciId, gpu]));
  const misses: string[] = [];
  let identified = 0;
  for (const device of devices) {
    const gpu = byId.get(`10de:${device.id}`);
    const got = { computeCapability: gpu?.computeCapability ?? null, architecture: gpu?.architecture ?? null };
    if (device.computeCapability && got.computeCapability === device.computeCapability) identified += 1;
    if (got.computeCapability !== device.computeCapability || got.architecture !== device.architecture) misses.push(`${device.id} ${device.chip}: got ${JSON.stringify(got)}`);
  }
  return { identified, misses };
}

const withCapability = devices.filter((device) => device.computeCapability).length;

describe('every NVIDIA GPU of pci.ids, detected without its driver (sysfs + lspci)', () => {
  it('lspci prints the name ("AD107 [GeForce RTX 4060]"): the table\'s compute capability and architecture for each', async () => {
    const report = await detectAll((device) => `${device.chip}${device.names.length ? ` [${device.names.join(' / ')}]` : ''}`);
    const { identified, misses } = compare(report);
    console.info(`detection (lspci names): ${identified} of ${devices.length} GPU ids with a compute capability (${withCapability} have one in the table)`);
    expect(misses).toEqual([]);
    expect(identified).toBe(withCapability);
    const rtx4060 = report.gpus.find((gpu) => gpu.pciId === '10de:2882');
    expect(rtx4060).toMatchObject({ name: 'GeForce RTX 4060', computeCapability: '8.9', computeCapabilitySource: 'pci-id', architecture: 'Ada Lovelace', chip: 'AD107', driverBranch: 'current' });
  }, 120_000);

  it('lspci prints only "Device [10de:XXXX]" (old pci.ids): the same answers from the device id, named by the table', async () => {
    const report = await detectAll(() => 'Device');
    const { identified, misses } = compare(report);
    console.info(`detection ("Device XXXX"): ${identified} of ${devices.length} GPU ids with a compute capability (${withCapability} have one in the table)`);
    expect(misses).toEqual([]);
    expect(identified).toBe(withCapability);
    expect(report.gpus.find((gpu) => gpu.pciId === '10de:2b85')).toMatchObject({ name: 'GeForce RTX 5090', computeCapability: '12.0', openKernelModules: 'required' });
  }, 120_000);

  it('a device id the table lacks (the machine\'s pci.ids is newer): the chip code lspci prints gives the same answer', () => {
    const noIds: NvidiaDeviceTable = { ...table, devices: [] };
    const gpus = enrichNvidiaDevices(devices.map((device) => ({ vendor: 'nvidia', name: device.names[0] ?? device.chip, chip: device.chip, pciId: `10de:${device.id}`, source: 'sysfs' })), noIds);
    const misses = devices.filter((device, at) => (gpus[at]?.computeCapability ?? null) !== device.computeCapability || (gpus[at]?.architecture ?? null) !== device.architecture);
    const identified = gpus.filter((gpu) => gpu.computeCapabilitySource === 'lspci-chip').length;
    console.info(`detection (chip code only): ${identified} of ${devices.length} GPU ids with a compute capability`);
    expect(misses.map((device) => `${device.id} ${device.chip}`)).toEqual([]);
    expect(identified).toBe(withCapability);
  });
});
