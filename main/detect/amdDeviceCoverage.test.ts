import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createSimulatedHost, withSimulatedHost, type SimulatedHost } from '../../testkit/simulatedHost.js';
import { amdDevices, type AmdDevice, type AmdDeviceTable } from '../../shared/gpus/amdDeviceTable.js';
import type { HardwareReport } from '../../shared/types/hardware.js';
import { detectHardware } from './detectHardware.js';
import { enrichAmdDevices } from './enrichAmdDevices.js';
import { pciSlotOf, ubuntuRoot } from '../../testkit/detect/deviceSlots.js';

// Issue 28's proof for AMD: a machine without ROCm knows its GPU's gfx target from sysfs + lspci alone, for EVERY device
// id of data/amd-devices.json that has one; the expectation is the table, which data/amd-devices.test.ts ties to its sources.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const table = JSON.parse(readFileSync(path.join(root, 'data/amd-devices.json'), 'utf8')) as AmdDeviceTable;
const withGfx = amdDevices(table).filter((device) => device.gfxArch);
// The name lspci prints is the machine's pci.ids line: the same pci.ids the table was generated from.
const pciIdsNames = new Map(
  readFileSync(path.join(root, 'data/sources/amd-devices/pci.ids-1002.txt'), 'latin1')
    .split('\n')
    .map((line) => /^\t([0-9a-f]{4})\s+(.+)$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => [match[1] as string, (match[2] as string).trim()]),
);
const UBUNTU = ubuntuRoot('24.04');

let host: SimulatedHost | null = null;
afterEach(async () => {
  await host?.cleanup();
  host = null;
});

const slotOf = pciSlotOf;
const revisionOf = (device: AmdDevice) => Object.keys(device.revisions)[0];

/** One machine holding every device (one per PCI slot), no ROCm; lspci prints each as `line` says. */
async function detectAll(devices: readonly AmdDevice[], line: (device: AmdDevice) => string): Promise<HardwareReport> {
  const files: Record<string, string> = { ...UBUNTU };
  devices.forEach((device, at) => {
    const dir = `/sys/bus/pci/devices/0000:${slotOf(at)}`;
    Object.assign(files, { [`${dir}/class`]: '0x030000\n', [`${dir}/vendor`]: '0x1002\n', [`${dir}/device`]: `0x${device.id}\n`, [`${dir}/revision`]: `0x${revisionOf(device) ?? '00'}\n` });
  });
  const lspci = devices.map((device, at) => `${slotOf(at)} VGA compatible controller [0300]: Advanced Micro Devices, Inc. [AMD/ATI] ${line(device)} [1002:${device.id}] (rev ${revisionOf(device) ?? '00'})`).join('\n');
  host = await createSimulatedHost({ isolatePath: true, files, tools: { lspci: { stdout: `${lspci}\n` } } });
  return withSimulatedHost(host, () => detectHardware({ timeoutMs: 20000, quick: true }));
}

function misses(report: HardwareReport, devices: readonly AmdDevice[]): string[] {
  const byId = new Map(report.gpus.map((gpu) => [gpu.pciId, gpu]));
  return devices.filter((device) => byId.get(`1002:${device.id}`)?.gfxArch !== device.gfxArch || byId.get(`1002:${device.id}`)?.gfxArchSource !== 'pci-id').map((device) => `${device.id} ${device.chip}: got ${byId.get(`1002:${device.id}`)?.gfxArch}`);
}

describe('every AMD GPU of the table with a gfx target, detected without ROCm (sysfs + lspci)', () => {
  it("lspci prints pci.ids' name (\"Navi 31 [Radeon RX 7900 XT/7900 XTX/7900 GRE/7900M]\"): the table's gfx target for each, from the device id", async () => {
    const report = await detectAll(withGfx, (device) => pciIdsNames.get(device.id) ?? 'Device');
    console.info(`AMD detection (lspci names): ${withGfx.length - misses(report, withGfx).length} of ${withGfx.length} device ids with a gfx target in the table`);
    expect(misses(report, withGfx)).toEqual([]);
    // amdgpu.ids names the exact card by its revision: 744c rev c8 is the RX 7900 XTX.
    expect(report.gpus.find((gpu) => gpu.pciId === '1002:744c')).toMatchObject({ name: 'AMD Radeon RX 7900 XTX', chip: 'Navi 31', gfxArch: 'gfx1100', gfxArchSource: 'pci-id', rocmSupport: 'supported' });
    expect(report.gpus.find((gpu) => gpu.pciId === '1002:66af')).toMatchObject({ gfxArch: 'gfx906', rocmSupport: 'unsupported' });
    expect(report.rocm).toBeUndefined();
  }, 120_000);

  it('lspci prints only "Device [1002:XXXX]" (old pci.ids): the same gfx targets from the device id', async () => {
    const report = await detectAll(withGfx, () => 'Device');
    expect(misses(report, withGfx)).toEqual([]);
  }, 120_000);

  it("a device id the table lacks (the machine's pci.ids is newer): the codename lspci prints gives the same gfx target", () => {
    const noIds: AmdDeviceTable = { ...table, devices: [] };
    const named = withGfx.filter((device) => device.codename);
    const gpus = enrichAmdDevices(named.map((device) => ({ vendor: 'amd', name: device.names[0] ?? 'AMD GPU', ...(device.chip ? { chip: device.chip } : {}), pciId: `1002:${device.id}`, source: 'sysfs' })), noIds);
    const wrong = named.filter((device, at) => gpus[at]?.gfxArch !== device.gfxArch || gpus[at]?.gfxArchSource !== 'lspci-chip');
    console.info(`AMD detection (codename only): ${named.length - wrong.length} of ${withGfx.length} device ids with a gfx target`);
    expect(wrong.map((device) => device.id)).toEqual([]);
  });
});
