import { describe, expect, it } from 'vitest';
import deviceTable from '../../data/nvidia-devices.json' with { type: 'json' };
import { nvidiaFactsOfIds } from './nvidiaFactsOfIds.js';
import type { NvidiaDeviceTable } from './nvidiaDeviceTable.js';

const table = deviceTable as unknown as NvidiaDeviceTable;

// Expectations from data/nvidia-devices.json's inputs: nvidia-open.ids and NVIDIA's README (GH200 and Blackwell need
// the open modules), nvidia-detect's lists (10de:1df5 "Tesla V100 SXM2 16GB" is only in the 470 list).
describe('nvidiaFactsOfIds', () => {
  it('gives a data/gpus.json row the driver facts of its PCI ids', () => {
    expect(nvidiaFactsOfIds(table, ['10de:2342', '10de:2348'])).toEqual({ openKernelModules: 'required', driverBranch: 'current' });
    expect(nvidiaFactsOfIds(table, ['10de:2331'])).toEqual({ openKernelModules: 'supported', driverBranch: 'current' });
    expect(nvidiaFactsOfIds(table, ['10de:1b06', '10de:1b01'])).toEqual({ openKernelModules: 'unsupported', driverBranch: '580' });
  });

  it('takes the branch that drives every id, and the open modules when one id needs them and the others take them', () => {
    expect(nvidiaFactsOfIds(table, ['10de:1db1', '10de:1db5', '10de:1df5']).driverBranch).toBe('470');
    expect(nvidiaFactsOfIds(table, ['10de:2331', '10de:2342']).openKernelModules).toBe('required');
    expect(nvidiaFactsOfIds(table, ['10de:1b06', '10de:2342']).openKernelModules).toBeUndefined();
  });

  it('says nothing for ids the table lacks or other vendors', () => {
    expect(nvidiaFactsOfIds(table, ['1002:744c', '10de:ffff'])).toEqual({});
  });
});
