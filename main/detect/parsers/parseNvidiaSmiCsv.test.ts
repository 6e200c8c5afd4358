import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../../testkit/fixturePath.js';
import { parseNvidiaSmiCsv, parseNvidiaSmiCsvRows } from './parseNvidiaSmiCsv.js';

const read = (name: string) => readFileSync(fixturePath('nvidia-smi-query', name), 'utf8');

// The exact field list of the rtx2080 capture (SOURCES.md QUERY line): noheader,nounits needs it to map columns.
const RTX2080_FIELDS = 'power.limit,power.min_limit,power.max_limit,memory.total,vbios_version,driver_version,name,gpu_uuid,power.draw,temperature.gpu,temperature.memory,clocks.current.graphics,clocks.sm,clocks.mem,utilization.gpu,utilization.memory,fan.speed,pcie.link.width.current,pstate'.split(',');

describe('parseNvidiaSmiCsv', () => {
  it('reads a noheader,nounits row with the caller-supplied field list', () => {
    const result = parseNvidiaSmiCsv(read('rtx2080_driver440.64_noheader_nounits.csv'), RTX2080_FIELDS);
    expect(result).toEqual({
      driverVersion: '440.64',
      cudaVersion: null,
      gpus: [{ index: 0, name: 'GeForce RTX 2080', uuid: 'GPU-22b2c6ac-2d49-4863-197c-9c469071178a', memoryMiB: 7979 }],
    });
  });

  it('reads header+units all-field captures, including driver 610 kmd_version and Windows WDDM', () => {
    const windows = parseNvidiaSmiCsv(read('windows_rtx2080super_driver610.62_allfields.csv'));
    expect(windows?.driverVersion).toBe('610.62');
    expect(windows?.gpus).toEqual([
      expect.objectContaining({ index: 0, name: 'NVIDIA GeForce RTX 2080 SUPER', busId: '00000000:0C:00.0', pciId: '10de:1e81', memoryMiB: 8192, computeCapability: '7.5', driverModel: 'WDDM' }),
    ]);
    const linux = parseNvidiaSmiCsv(read('rtx4080super_driver595.71.05_allfields.csv'));
    expect(linux?.driverVersion).toBe('595.71.05');
    expect(linux?.gpus[0]).toMatchObject({ name: 'NVIDIA GeForce RTX 4080 SUPER', pciId: '10de:2702', memoryMiB: 16376, computeCapability: '8.9' });
    expect(linux?.gpus[0]?.driverModel).toBeUndefined();
    const mig = parseNvidiaSmiCsv(read('h100_mig_driver590.48.01_allfields.csv'));
    expect(mig?.driverVersion).toBe('590.48.01');
    expect(mig?.gpus[0]).toMatchObject({ name: 'NVIDIA H100 80GB HBM3', pciId: '10de:2330', memoryMiB: 81559, computeCapability: '9.0', migEnabled: true });
  });

  it('reads a header-with-units capture that has no driver column (netdata P100)', () => {
    const result = parseNvidiaSmiCsv(read('tesla-p100-pcie-16gb_driver510.47.03.csv'));
    expect(result).toEqual({ driverVersion: null, cudaVersion: null, gpus: [{ index: 0, name: 'Tesla P100-PCIE-16GB', uuid: 'GPU-ef1b2c9b-38d8-2090-2bd1-f567a3eb42a6' }] });
    const rows = parseNvidiaSmiCsvRows(read('tesla-p100-pcie-16gb_driver510.47.03.csv'));
    expect(rows[0]).toMatchObject({ 'fan.speed': null, 'memory.free': '16280', pstate: 'P0' });
  });

  it('reads our own default query (index,name,bus,memory,cc,driver) as the probe runs it', () => {
    const text = '0, NVIDIA GeForce RTX 4090, 00000000:01:00.0, 24564, 8.9, 550.54.15\n1, NVIDIA GeForce RTX 4090, 00000000:02:00.0, 24564, 8.9, 550.54.15\n';
    const result = parseNvidiaSmiCsv(text);
    expect(result?.driverVersion).toBe('550.54.15');
    expect(result?.gpus.map((gpu) => [gpu.index, gpu.busId, gpu.memoryMiB, gpu.computeCapability])).toEqual([
      [0, '00000000:01:00.0', 24564, '8.9'],
      [1, '00000000:02:00.0', 24564, '8.9'],
    ]);
  });

  it('turns a compute-apps capture into rows but no GPUs, and garbage into null', () => {
    const apps = parseNvidiaSmiCsvRows(read('h200_driver590.48.01_compute-apps_load.csv'));
    expect(apps.map((row) => [row.pid, row.used_gpu_memory])).toEqual([['10291', '2566 MiB'], ['10293', '1542 MiB'], ['10309', '28234 MiB']]);
    expect(parseNvidiaSmiCsv('Failed to initialize NVML: Unknown Error\n')).toBeNull();
    expect(parseNvidiaSmiCsv('0, NVIDIA GeForce RTX 40')).toBeNull();
    expect(parseNvidiaSmiCsv('')).toBeNull();
  });
});
