import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixturePath } from '../../testkit/fixturePath.js';
import { createSimulatedHost, withSimulatedHost, type SimulatedHost } from '../../testkit/simulatedHost.js';
import { detectHardware } from './detectHardware.js';
import { resetProbeRunCache } from './probeRunCache.js';

// The default nvidia-smi table is asked once per driver (its CUDA version is a per-driver fact); the CSV query runs every time.
let host: SimulatedHost | null = null;
afterEach(async () => {
  await host?.cleanup();
  host = null;
  resetProbeRunCache();
});

const V100S_BUS_IDS = ['06', '07', '08', '09', '0A', '0B', '0C', '0D'].map((slot) => `00000000:00:${slot}.0`);

function v100sCsv(busIds: string[]): string {
  return busIds.map((busId, index) => `${index}, Tesla V100S-PCIE-32GB, ${busId}, 32768, 7.0, 535.171.04`).join('\n') + '\n';
}

/** A fake nvidia-smi that logs each call's arguments and answers the CSV query or the table from files the test can change. */
async function nvidiaHost(table: string, csv: string): Promise<{ calls: () => string[]; setTable: (text: string) => Promise<void>; setCsv: (text: string) => Promise<void> }> {
  host = await createSimulatedHost({ files: { '/etc/os-release': 'ID=ubuntu\nVERSION_ID="22.04"\n', '/sys/module/nvidia/version': '535.171.04\n' }, isolatePath: true });
  const dir = path.dirname(host.root);
  const [log, tableFile, csvFile] = ['calls.log', 'table.txt', 'query.csv'].map((name) => path.join(dir, name)) as [string, string, string];
  await writeFile(log, '');
  await writeFile(tableFile, table);
  await writeFile(csvFile, csv);
  const script = `#!/bin/sh\necho "call $*" >> '${log}'\ncase "$*" in\n  *--query-gpu*) exec cat '${csvFile}' ;;\n  *) exec cat '${tableFile}' ;;\nesac\n`;
  await writeFile(path.join(host.binDir, 'nvidia-smi'), script, { mode: 0o755 });
  return {
    calls: () => readFileSync(log, 'utf8').split('\n').filter(Boolean).map((line) => (line.startsWith('call --query-gpu') ? 'query' : line === 'call ' ? 'table' : line)),
    setTable: (text) => writeFile(tableFile, text),
    setCsv: (text) => writeFile(csvFile, text),
  };
}

/** One `dlsetup detect` process: the remembered answers come from disk, not from this process's memory. */
async function detectAsNewProcess() {
  resetProbeRunCache();
  return withSimulatedHost(host as SimulatedHost, () => detectHardware({ timeoutMs: 4000, quick: true }));
}

const fixture = (name: string) => readFileSync(fixturePath(name), 'utf8');

describe('nvidia-smi table remembered per driver', () => {
  it('asks the table once, then answers the CUDA version from the remembered table while the driver is unchanged', async () => {
    const smi = await nvidiaHost(fixture('nvidia-smi-table/v100s-pcie-32gb_x8_driver535.171.04.txt'), v100sCsv(V100S_BUS_IDS));
    const first = await detectAsNewProcess();
    const second = await detectAsNewProcess();
    expect(first.driver).toMatchObject({ version: '535.171.04', cudaVersion: '12.2' });
    expect(second.driver).toEqual(first.driver);
    expect(second.gpus).toEqual(first.gpus);
    // Two processes on the first run (in parallel), one on the second.
    expect(smi.calls().filter((call) => call === 'table')).toHaveLength(1);
    expect(smi.calls().filter((call) => call === 'query')).toHaveLength(2);
  });

  it('asks again after a driver update (the kernel module version file changed)', async () => {
    const smi = await nvidiaHost(fixture('nvidia-smi-table/v100s-pcie-32gb_x8_driver535.171.04.txt'), v100sCsv(V100S_BUS_IDS));
    await detectAsNewProcess();
    await writeFile(path.join(host!.root, 'sys/module/nvidia/version'), '550.54.15\n');
    await smi.setTable(fixture('nvidia-smi-table/v100s-pcie-32gb_x8_driver535.171.04.txt').replace('CUDA Version: 12.2', 'CUDA Version: 12.4'));
    const after = await detectAsNewProcess();
    expect(after.driver?.cudaVersion).toBe('12.4');
    expect(smi.calls().filter((call) => call === 'table')).toHaveLength(2);
  });

  it('asks again when the GPUs changed without a driver change (a card taken out)', async () => {
    const smi = await nvidiaHost(fixture('nvidia-smi-table/v100s-pcie-32gb_x8_driver535.171.04.txt'), v100sCsv(V100S_BUS_IDS));
    await detectAsNewProcess();
    await smi.setCsv(v100sCsv(V100S_BUS_IDS.slice(0, 7)));
    const after = await detectAsNewProcess();
    expect(after.gpus).toHaveLength(7);
    expect(smi.calls().filter((call) => call === 'table')).toHaveLength(2);
  });

  it('asks every time on a GPU that can hold MIG instances, so their count is never stale', async () => {
    const table = fixture('nvidia-smi-table/h100-80gb-hbm3_mig_driver590.48.01.txt');
    const smi = await nvidiaHost(table, '0, NVIDIA H100 80GB HBM3, 00000000:00:09.0, 81559, 9.0, 590.48.01\n');
    const first = await detectAsNewProcess();
    expect(first.gpus[0]).toMatchObject({ migEnabled: true, migDevices: 4 });
    const second = await detectAsNewProcess();
    expect(second.gpus[0]).toMatchObject({ migEnabled: true, migDevices: 4 });
    expect(smi.calls().filter((call) => call === 'table')).toHaveLength(2);
  });
});
