import { describe, expect, it } from 'vitest';
import gpuTable from '../../data/gpus.json' with { type: 'json' };
import { lookupGpu, normalizePciId, type GpuRow, type GpuTable } from './lookupGpu.js';

const rows = (gpuTable as unknown as GpuTable).gpus;

describe('lookupGpu', () => {
  // Names and ids exactly as real tools printed them (fixtures/).
  it.each([
    ['NVIDIA GeForce RTX 4090', undefined, 'GeForce RTX 4090'],
    ['GeForce GTX 1080 Ti', undefined, 'GeForce GTX 1080 Ti'],
    ['Tesla V100S-PCIE-32GB', undefined, 'Tesla V100S PCIe 32GB'],
    ['NVIDIA A100-SXM4-40GB', undefined, 'A100 40GB'],
    ['NVIDIA A100-SXM4-80GB', undefined, 'A100 SXM4 80GB'],
    ['NVIDIA A100-PCIE-40GB', undefined, 'A100 40GB'],
    ['NVIDIA H100 80GB HBM3', undefined, 'H100 SXM5 80GB'],
    ['NVIDIA H200', undefined, 'H200 SXM 141GB'],
    ['NVIDIA L40S', undefined, 'L40S'],
    ['Tesla T4', undefined, 'Tesla T4'],
    ['Tesla P100-PCIE-16GB', undefined, 'Tesla P100 PCIe 16GB'],
    ['NVIDIA A10G', undefined, 'A10G'],
    ['NVIDIA RTX A5000', undefined, 'RTX A5000'],
    ['Quadro P2000', undefined, 'Quadro P2000'],
    ['TITAN Xp', undefined, 'TITAN Xp'],
    ['NVIDIA TITAN V', undefined, 'TITAN V'],
    ['NVIDIA GeForce GT 1030', undefined, 'GeForce GT 1030'],
    ['GeForce GTX 680', undefined, 'GeForce GTX 680'],
    ['NVIDIA RTX 5880 Ada Generation', undefined, 'RTX 5880 Ada Generation'],
    ['GeForce GTX 1650 with Max-Q Design', undefined, 'GeForce GTX 1650 Mobile / Max-Q'],
    ['NVIDIA GeForce RTX 2080 SUPER', undefined, 'GeForce RTX 2080 SUPER'],
    ['NVIDIA GeForce RTX 2080', undefined, 'GeForce RTX 2080'],
    ['NVIDIA GeForce RTX 4080 SUPER', undefined, 'GeForce RTX 4080 SUPER'],
    ['GA102 [GeForce RTX 3080 Ti]', undefined, 'GeForce RTX 3080 Ti'],
    ['GA104M [GeForce RTX 3070 Mobile / Max-Q]', '10de:24dd', 'GeForce RTX 3070 Laptop GPU'],
    ['Navi 23 [Radeon RX 6650 XT]', '1002:73ef', 'Radeon RX 6650 XT'],
    ['Graphics Device', '0x218410DE', 'GeForce GTX 1660'],
    ['Apple M1 Pro', undefined, 'Apple M1 family'],
  ])('%s (%s) is %s', (name, pciId, expected) => {
    expect(lookupGpu(rows, { name, pciId })?.name).toBe(expected);
  });

  it('puts the PCI id before the name', () => {
    expect(lookupGpu(rows, { pciId: '10de:2b85', name: 'NVIDIA GeForce RTX 4090' })?.name).toBe('GeForce RTX 5090');
  });

  it('never gives a laptop or a bigger sibling the desktop row', () => {
    expect(lookupGpu(rows, { name: 'NVIDIA GeForce RTX 4090 Laptop GPU' })).toBeUndefined();
    expect(lookupGpu(rows, { name: 'NVIDIA GeForce RTX 3080 Ti Laptop GPU' })).toBeUndefined();
    expect(lookupGpu(rows, { name: 'NVIDIA GeForce RTX 5090 D' })).toBeUndefined();
    expect(lookupGpu(rows, { name: 'GeForce GTX 680M' })).toBeUndefined();
    expect(lookupGpu(rows, { name: 'NVIDIA H200 NVL' })?.name).toBe('H200 NVL');
  });

  it('prefers the longest matching pattern', () => {
    const pair: GpuRow[] = [
      { name: 'desk', vendor: 'nvidia', pciIds: [], namePatterns: ['RTX 4090'], architecture: 'Ada Lovelace', source: 't' },
      { name: 'laptop', vendor: 'nvidia', pciIds: [], namePatterns: ['RTX 4090 Laptop'], architecture: 'Ada Lovelace', source: 't' },
    ];
    expect(lookupGpu(pair, { name: 'NVIDIA GeForce RTX 4090 Laptop GPU' })?.name).toBe('laptop');
    expect(lookupGpu(pair, { name: 'NVIDIA GeForce RTX 4090' })?.name).toBe('desk');
  });

  it('refuses names that the nvidia-smi table truncated', () => {
    expect(lookupGpu(rows, { name: 'NVIDIA GeForce RTX 2080 ...' })).toBeUndefined();
  });

  it('returns undefined for unknown cards', () => {
    expect(lookupGpu(rows, { name: 'Some Future GPU', pciId: '10de:ffff' })).toBeUndefined();
    expect(lookupGpu(rows, {})).toBeUndefined();
  });
});

describe('normalizePciId', () => {
  it.each([
    ['10de:2684', '10de:2684'],
    ['0x268410DE', '10de:2684'],
    ['1002:744C', '1002:744c'],
    ['nonsense', undefined],
  ])('%s -> %s', (raw, expected) => {
    expect(normalizePciId(raw)).toBe(expected);
  });
});
