import { describe, expect, it } from 'vitest';
import deviceTable from '../../data/nvidia-devices.json' with { type: 'json' };
import { findNvidiaProduct, productTokens } from './findNvidiaProduct.js';
import type { NvidiaDeviceTable } from './nvidiaDeviceTable.js';

const table = deviceTable as unknown as NvidiaDeviceTable;

describe('findNvidiaProduct (names from data/nvidia-devices.json)', () => {
  it('reads names the way people and nvidia-smi write them', () => {
    expect(productTokens('NVIDIA GeForce RTX 5090 Laptop GPU')).toEqual(productTokens('GeForce RTX 5090 Mobile'));
    expect(productTokens('A100-SXM4-80GB')).toEqual(productTokens('A100 SXM4 80GB'));
    expect(productTokens('A100 80GB PCIe')).toEqual(productTokens('A100 PCIe 80GB'));
  });

  // pci.ids: 2882 "AD107 [GeForce RTX 4060]", 1004 "GK110 [GeForce GTX 780]", 2c58 "GB203M [... RTX 5090 Max-Q / Mobile]",
  // 20b2 "GA100 [A100 SXM4 80GB]", 20b5 "GA100 [A100 PCIe 80GB]"; compute capabilities from chip-families.json.
  it.each([
    ['RTX 4060', 'GeForce RTX 4060', '8.9', 'Ada Lovelace'],
    ['GeForce GTX 780', 'GeForce GTX 780', '3.5', 'Kepler'],
    ['NVIDIA GeForce RTX 5090 Laptop GPU', 'GeForce RTX 5090 Mobile', '12.0', 'Blackwell'],
    ['rtx 5090 laptop gpu', 'GeForce RTX 5090 Mobile', '12.0', 'Blackwell'],
    ['A100-SXM4-80GB', 'A100 SXM4 80GB', '8.0', 'Ampere'],
    ['A100 80GB PCIe', 'A100 PCIe 80GB', '8.0', 'Ampere'],
    ['Tesla K80', 'Tesla K80', '3.7', 'Kepler'],
  ])('"%s" is %s (%s, %s)', (query, name, computeCapability, architecture) => {
    expect(findNvidiaProduct(table, query)).toMatchObject({ status: 'found', name, device: { computeCapability, architecture } });
  });

  it('a name whose cards differ lists them; an unknown name finds nothing', () => {
    // pci.ids: 1287 "GK208B [GeForce GT 730]" (3.5), 0fc9 "GK107 [GeForce GT 730]" (3.0); the GF108 rows have no capability here.
    const match = findNvidiaProduct(table, 'GT 730');
    expect(match.status).toBe('ambiguous');
    expect(match.status === 'ambiguous' && match.candidates).toEqual(expect.arrayContaining(['GeForce GT 730 (GK107, 3.0)', 'GeForce GT 730 (GK208B, 3.5)']));
    expect(findNvidiaProduct(table, 'Voodoo 5').status).toBe('none');
    expect(findNvidiaProduct(table, '').status).toBe('none');
  });

  it('a partial name that all its cards agree on is found (every A100 is a GA100, 8.0)', () => {
    expect(findNvidiaProduct(table, 'A100')).toMatchObject({ status: 'found', device: { computeCapability: '8.0' } });
  });
});
