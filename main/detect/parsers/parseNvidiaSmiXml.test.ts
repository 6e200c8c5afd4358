import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../../testkit/fixturePath.js';
import { parseNvidiaSmiXml } from './parseNvidiaSmiXml.js';
import { readXml, xmlText } from './readXml.js';

const xml = (name: string) => parseNvidiaSmiXml(readFileSync(fixturePath('nvidia-smi-xml', name), 'utf8'));

describe('parseNvidiaSmiXml', () => {
  it('reads every capture: driver, CUDA, GPU count, names and memory', () => {
    const expectations: [string, string, string, [string, number | undefined][]][] = [
      ['a100-sxm4-40gb_mig_driver510.47.03.xml', '510.47.03', '11.6', [['NVIDIA A100-SXM4-40GB', 40960]]],
      // attached_gpus says 4 but the stored test file keeps one <gpu> (with 4 MIG instances).
      ['a100-sxm4-80gb_x4_driver535.54.03.xml', '535.54.03', '12.2', [['NVIDIA A100-SXM4-80GB', 81920]]],
      ['a10g_driver515.105.01.xml', '515.105.01', '11.7', [['NVIDIA A10G', 23028]]],
      ['gt1030_driver470.74.xml', '470.74', '11.4', [['NVIDIA GeForce GT 1030', 1998]]],
      ['gtx1660ti_graphics-device_driver418.43.xml', '418.43', '10.1', [['Graphics Device', 5912]]],
      ['quadro-p2000_driver525.125.06.xml', '525.125.06', '12.0', [['Quadro P2000', 5120]]],
      ['rtx-a5000_x2_driver590.44.01.xml', '590.44.01', '13.1', [['NVIDIA RTX A5000', 24564], ['NVIDIA RTX A5000', 24564]]],
      ['rtx2080_driver516.59_windows.xml', '516.59', '11.7', [['NVIDIA GeForce RTX 2080', 8192]]],
      ['rtx2080_x2_driver590.44.01.xml', '590.44.01', '13.1', [['NVIDIA GeForce RTX 2080', 8192], ['NVIDIA GeForce RTX 2080', 8192]]],
      ['rtx3060_driver570.124.04.xml', '570.124.04', '12.8', [['NVIDIA GeForce RTX 3060', 12288]]],
      ['rtx3080_driver536.40_windows.xml', '536.40', '12.2', [['NVIDIA GeForce RTX 3080', 10240]]],
      ['rtx3080_driver595.58.03.xml', '595.58.03', '13.2', [['NVIDIA GeForce RTX 3080', 10240]]],
      ['rtx3090_driver525.147.05.xml', '525.147.05', '12.0', [['NVIDIA GeForce RTX 3090', 24576]]],
      ['rtx4090_driver535.86.05.xml', '535.86.05', '12.2', [['NVIDIA GeForce RTX 4090', 24564]]],
      ['tesla-p100-pcie-16gb_driver510.47.03.xml', '510.47.03', '11.6', [['Tesla P100-PCIE-16GB', 16384]]],
      ['tesla-t4_driver515.105.01.xml', '515.105.01', '11.7', [['Tesla T4', 15360]]],
    ];
    for (const [file, driver, cuda, gpus] of expectations) {
      const result = xml(file);
      expect(result, file).toMatchObject({ driverVersion: driver, cudaVersion: cuda });
      expect(result?.gpus.map((gpu) => [gpu.name, gpu.memoryMiB]), file).toEqual(gpus);
    }
  });

  it('reads PCI ids, architecture, WDDM and MIG details', () => {
    const a100 = xml('a100-sxm4-40gb_mig_driver510.47.03.xml')?.gpus[0];
    expect(a100).toMatchObject({ pciId: '10de:20b0', architecture: 'Ampere', migEnabled: true, migDevices: 2, busId: '00000000:00:04.0', virtualization: 'passthrough' });
    const windows = xml('rtx2080_driver516.59_windows.xml')?.gpus[0];
    expect(windows).toMatchObject({ pciId: '10de:1e87', architecture: 'Turing', driverModel: 'WDDM' });
    expect(xml('a100-sxm4-80gb_x4_driver535.54.03.xml')?.gpus[0]).toMatchObject({ migEnabled: true, migDevices: 4, pciId: '10de:20b2' });
    // An unnamed pre-release board still has its PCI id: 0x218410DE is a GTX 1660 Ti.
    expect(xml('gtx1660ti_graphics-device_driver418.43.xml')?.gpus[0]).toMatchObject({ pciId: '10de:2184' });
    // Redacted or zeroed ids are dropped, not invented.
    expect(xml('rtx3090_driver525.147.05.xml')?.gpus[0]?.pciId).toBeUndefined();
    expect(xml('a10g_driver515.105.01.xml')?.gpus[0]?.pciId).toBeUndefined();
  });

  it('is tolerant of truncated and non-XML input', () => {
    const full = readFileSync(fixturePath('nvidia-smi-xml', 'rtx4090_driver535.86.05.xml'), 'utf8');
    const truncated = parseNvidiaSmiXml(full.slice(0, Math.floor(full.length / 3)));
    expect(truncated).toMatchObject({ driverVersion: '535.86.05', cudaVersion: '12.2' });
    expect(truncated?.gpus[0]?.name).toBe('NVIDIA GeForce RTX 4090');
    expect(parseNvidiaSmiXml('NVIDIA-SMI has failed because it couldn\'t communicate with the NVIDIA driver.')).toBeNull();
    expect(parseNvidiaSmiXml('<<<>>>')).toBeNull();
    expect(parseNvidiaSmiXml('')).toBeNull();
  });
});

describe('readXml', () => {
  it('decodes entities, CDATA and attributes, and closes what is left open', () => {
    const root = readXml('<?xml version="1.0"?><!DOCTYPE a SYSTEM "x.dtd"><a k=\'v\'><!-- c --><b>1 &lt; 2</b><c><![CDATA[<raw>]]></c><d><e>open');
    expect(root?.attributes).toEqual({ k: 'v' });
    expect(xmlText(root, 'b')).toBe('1 < 2');
    expect(xmlText(root, 'c')).toBe('<raw>');
    expect(xmlText(root, 'd/e')).toBe('open');
  });
});
