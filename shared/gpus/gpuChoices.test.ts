import { describe, expect, it } from 'vitest';
import gpusJson from '../../data/gpus.json' with { type: 'json' };
import deviceTable from '../../data/nvidia-devices.json' with { type: 'json' };
import { findNvidiaProduct, productTokens } from './findNvidiaProduct.js';
import { gpuChoices } from './gpuChoices.js';
import { lookupGpu, type GpuTable } from './lookupGpu.js';
import type { NvidiaDeviceTable } from './nvidiaDeviceTable.js';

const table = deviceTable as unknown as NvidiaDeviceTable;
const rows = (gpusJson as unknown as GpuTable).gpus;
const nvidiaRows = rows.filter((row) => row.vendor === 'nvidia');

/** What --gpu and plan:resolve's gpuChoice plan for a name: data/gpus.json first, then the device table. */
function planned(name: string): { architecture: string | null; computeCapability: string | null | undefined } | undefined {
  const row = lookupGpu(rows, { name });
  if (row) return { architecture: row.architecture, computeCapability: row.computeCapability };
  const match = findNvidiaProduct(table, name);
  return match.status === 'found' ? { architecture: match.device.architecture, computeCapability: match.device.computeCapability } : undefined;
}

describe('gpuChoices: the wizard offers every name --gpu takes', () => {
  const tableOnly = gpuChoices(table).products;
  const { products, generations } = gpuChoices(table, rows);

  // data/gpus.json names whose words are no pci.ids name (pci.ids: 1db1/1df5 "Tesla V100 SXM2 16GB", 20b0 "A100 SXM4
  // 40GB", 2342 "GH200 120GB / 480GB", 2941 "HGX GB200"), and "GeForce GT 1030", which pci.ids gives a GK107 (3.0)
  // and a GP108 (6.1) and data/gpus.json its Pascal card (10de:1d01).
  it.each([
    ['Tesla V100 SXM2', 'Volta', '7.0'],
    ['Tesla V100 PCIe', 'Volta', '7.0'],
    ['GeForce GTX 1650 Mobile / Max-Q', 'Turing', '7.5'],
    ['A100 40GB', 'Ampere', '8.0'],
    ['GH200', 'Hopper', '9.0'],
    ['GB200', 'Blackwell', '10.0'],
    ['GeForce GT 1030', 'Pascal', '6.1'],
  ])('offers "%s" (%s, %s), which only data/gpus.json names', (name, architecture, computeCapability) => {
    expect(tableOnly.find((product) => product.choice === name)).toBeUndefined();
    expect(products.filter((product) => product.choice === name)).toEqual([{ choice: name, name, architecture, computeCapability }]);
  });

  it('offers every NVIDIA name of data/gpus.json once, and each name of the device table it offered before', () => {
    const offered = new Set(products.map((product) => product.choice));
    for (const row of nvidiaRows) expect(offered.has(row.name), row.name).toBe(true);
    const byWords = new Set(products.map((product) => productTokens(product.choice).join(' ')));
    expect(byWords.size).toBe(products.length);
    const replaced = new Set(nvidiaRows.map((row) => productTokens(row.name).join(' ')));
    for (const product of tableOnly) if (!replaced.has(productTokens(product.choice).join(' '))) expect(offered.has(product.choice), product.choice).toBe(true);
    expect(products.length).toBe(tableOnly.length + 7);
    expect(generations).toEqual(gpuChoices(table).generations);
  });

  it('says of each product what a plan for it will use', () => {
    for (const product of products) expect(planned(product.choice), product.choice).toEqual({ architecture: product.architecture, computeCapability: product.computeCapability });
  });
});
