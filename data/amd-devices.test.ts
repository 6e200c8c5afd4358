import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AMD_DEVICES_FILE, AMD_SOURCES_DIR, amdDevicesSource, amdProductNames } from '../scripts/generateAmdDevices.mjs';
import { fileSha256 } from '../scripts/pciIds.mjs';
import { amdCodenameFacts, amdDeviceById, amdDevices, type AmdDeviceTable } from '../shared/gpus/amdDeviceTable.js';
import type { GpuTable } from '../shared/gpus/lookupGpu.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const text = readFileSync(path.join(root, AMD_DEVICES_FILE), 'utf8');
const table = JSON.parse(text) as AmdDeviceTable;

describe('data/amd-devices.json (generated from pci.ids, amdgpu.ids and chip-gfx.json)', () => {
  it('is what scripts/generateAmdDevices.mjs makes of its inputs (rerun it after changing one)', () => {
    expect(amdDevicesSource(root) === text, 'data/amd-devices.json is stale: run node scripts/generateAmdDevices.mjs').toBe(true);
  });

  it('keeps its fetched inputs as fetched: each file matches the sha256 in SOURCES.json', () => {
    const provenance = JSON.parse(readFileSync(path.join(root, AMD_SOURCES_DIR, 'SOURCES.json'), 'utf8')) as { packages: { kept: { path: string; sha256: string }[] }[] };
    const kept = provenance.packages.flatMap((entry) => entry.kept);
    expect(kept.map((file) => file.path).sort()).toEqual(['amdgpu.ids', 'linux/amdgpu_drv.c-pciidlist.txt', 'linux/kfd_device.c-kgd2kfd_probe.txt', 'pci.ids-1002.txt']);
    for (const file of kept) expect(fileSha256(path.join(root, AMD_SOURCES_DIR, file.path)), file.path).toBe(file.sha256);
  });

  it('cites a document for every codename row, and each pci.ids line it quotes is in pci.ids-1002.txt', () => {
    const chipGfx = JSON.parse(readFileSync(path.join(root, AMD_SOURCES_DIR, 'chip-gfx.json'), 'utf8')) as { codenames: { source: string }[] };
    const pciIds = readFileSync(path.join(root, AMD_SOURCES_DIR, 'pci.ids-1002.txt'), 'latin1');
    for (const row of chipGfx.codenames) {
      expect(row.source).toMatch(/^(llvm|rocmSpecs): /);
      const quoted = /pciIds: ([0-9a-f]{4}) '([^']+)'/.exec(row.source);
      if (quoted) expect(pciIds, row.source).toContain(`\t${quoted[1]}  ${quoted[2]}\n`);
    }
  });

  // Expected values read from the inputs first: the pci.ids-1002.txt line, amdgpu.ids' rows, chip-gfx.json, pytorch.json (ROCm 6.4).
  it.each([
    // "744c  Navi 31 [Radeon RX 7900 XT/7900 XTX/7900 GRE/7900M]"; amdgpu.ids 744C C8 "AMD Radeon RX 7900 XTX"; Navi 31 = gfx1100, supported.
    ['744c', { chip: 'Navi 31', gfxArch: 'gfx1100', rocm: 'supported', names: ['Radeon RX 7900 XT', 'Radeon RX 7900 XTX', 'Radeon RX 7900 GRE', 'Radeon RX 7900M'], revisions: { c8: 'AMD Radeon RX 7900 XTX', cc: 'AMD Radeon RX 7900 XT', ce: 'AMD Radeon RX 7900 GRE', cf: 'AMD Radeon RX 7900M' } }],
    // "73bf  Navi 21 [Radeon RX 6800/6800 XT / 6900 XT]"; Navi 21 = gfx1030.
    ['73bf', { chip: 'Navi 21', gfxArch: 'gfx1030', rocm: 'supported', names: ['Radeon RX 6800', 'Radeon RX 6800 XT', 'Radeon RX 6900 XT'] }],
    // "73ef  Navi 23 [Radeon RX 6650 XT / 6700S / 6800S]"; gfx1032 is in neither of ROCm 6.4's lists.
    ['73ef', { chip: 'Navi 23', gfxArch: 'gfx1032', rocm: 'notListed' }],
    // "66af  Vega 20 [Radeon VII]"; gfx906 is listed as unsupported from ROCm 6.4.
    ['66af', { chip: 'Vega 20', gfxArch: 'gfx906', rocm: 'unsupported', names: ['Radeon VII'] }],
    // "740f  Aldebaran/MI200 [Instinct MI210]"; "74a1  Aqua Vanjaram [Instinct MI300X]".
    ['740f', { codename: 'Aldebaran', gfxArch: 'gfx90a', rocm: 'supported', names: ['Instinct MI210'] }],
    ['74a1', { codename: 'Aqua Vanjaram', gfxArch: 'gfx942', rocm: 'supported', names: ['Instinct MI300X'] }],
    // "7550  Navi 48 [RX 9070/9070 XT]"; "7590  Navi 44 [RX 9060 XT]".
    ['7550', { gfxArch: 'gfx1201', rocm: 'supported', names: ['RX 9070', 'RX 9070 XT'] }],
    ['7590', { gfxArch: 'gfx1200', rocm: 'supported' }],
    // "7460  Navi32 GL-XL [AMD Radeon PRO V710]": the codename spelled without its space.
    ['7460', { codename: 'Navi 32', gfxArch: 'gfx1101' }],
    // "67b1  Hawaii PRO [Radeon R9 290/390]": amdgpu_drv.c {0x1002, 0x67B1, ..., CHIP_HAWAII}; kfd_device.c CHIP_HAWAII 70001 = gfx701
    // (LLVM's table says gfx702 for the R9 290; the table follows what ROCm's KFD reports).
    ['67b1', { codename: 'Hawaii', kernelChip: 'HAWAII', gfxArch: 'gfx701', names: ['Radeon R9 290', 'Radeon R9 390'] }],
    // "743f  Navi 24 [Radeon RX 6400/6500 XT/6500M]": amdgpu_drv.c 0x743F CHIP_BEIGE_GOBY; kfd "/* Beige Goby */" 100304 = gfx1034.
    ['743f', { chip: 'Navi 24', kernelChip: 'BEIGE_GOBY', gfxArch: 'gfx1034', rocm: 'notListed', names: ['Radeon RX 6400', 'Radeon RX 6500 XT', 'Radeon RX 6500M'] }],
    // "1636  Renoir [...]": 0x1636 CHIP_RENOIR; kfd "/* Renoir */" 90012 = gfx90c. "15dd  Raven Ridge": CHIP_RAVEN, "/* Raven */" 90002 = gfx902.
    ['1636', { chip: 'Renoir', kernelChip: 'RENOIR', gfxArch: 'gfx90c' }],
    ['15dd', { chip: 'Raven Ridge', kernelChip: 'RAVEN', gfxArch: 'gfx902' }],
    // "69af  Vega 12 [Radeon Pro Vega 20]": CHIP_VEGA12, "/* Vega12 */" 90004 = gfx904. "6987  Lexa [...]": CHIP_POLARIS12, 80003 = gfx803.
    ['69af', { kernelChip: 'VEGA12', gfxArch: 'gfx904', names: ['Radeon Pro Vega 20'] }],
    ['6987', { chip: 'Lexa', kernelChip: 'POLARIS12', gfxArch: 'gfx803' }],
    // 0x7420 CHIP_BEIGE_GOBY is in the kernel's list but not in pci.ids 2025.06.09: kept, unnamed.
    ['7420', { chip: null, kernelChip: 'BEIGE_GOBY', gfxArch: 'gfx1034', names: [] }],
    // "6900  Topaz XT [...]": CHIP_TOPAZ, which KFD does not drive: no gfx target.
    ['6900', { kernelChip: 'TOPAZ', gfxArch: null, rocm: null }],
    // "15bf  Phoenix1": no cited source ties Phoenix to a gfx target, but amdgpu.ids names it, so it is an AMD GPU with gfx unknown.
    ['15bf', { chip: 'Phoenix1', codename: null, gfxArch: null, rocm: null }],
  ])('1002:%s is what its sources say', (id, expected) => {
    expect(amdDeviceById(table, `1002:${id}`)).toMatchObject(expected);
  });

  it('leaves out functions beside the GPU and console chips', () => {
    expect(amdDeviceById(table, '1002:ab30')).toBeUndefined(); // "Navi 31 HDMI/DP Audio"
    expect(amdDeviceById(table, '1002:7446')).toBeUndefined(); // "Navi 31 USB"
    expect(amdDeviceById(table, '1002:1478')).toBeUndefined(); // "Navi 10 XL Upstream Port of PCI Express Switch"
    expect(amdDeviceById(table, '1002:13e9')?.gfxArch ?? null).toBeNull(); // "Ariel/Navi10Lite"
  });

  it('splits pci.ids name lists into whole product names', () => {
    expect(amdProductNames('Radeon RX 7600/7600 XT/7600M XT/7600S/7700S / PRO W7600')).toEqual(['Radeon RX 7600', 'Radeon RX 7600 XT', 'Radeon RX 7600M XT', 'Radeon RX 7600S', 'Radeon RX 7700S', 'Radeon PRO W7600']);
    expect(amdProductNames('Instinct MI250X/MI250')).toEqual(['Instinct MI250X', 'Instinct MI250']);
    expect(amdProductNames('Radeon HD 7970/8970 OEM / R9 280X')).toEqual(['Radeon HD 7970', 'Radeon HD 8970 OEM', 'Radeon R9 280X']);
    expect(amdProductNames('Radeon Pro VII/Radeon Instinct MI50 32GB')).toEqual(['Radeon Pro VII', 'Radeon Instinct MI50 32GB']);
  });

  it("agrees with itself: the kernel's gfx target and the codename row's are the same wherever both answer", () => {
    const byCodename = new Map(table.codenames.map((row) => [row.codename, row.gfxArch]));
    const both = amdDevices(table).filter((device) => device.kernelChip && device.codename);
    expect(both.length).toBeGreaterThan(100);
    expect(both.filter((device) => byCodename.get(device.codename ?? '') !== device.gfxArch).map((device) => `${device.id} ${device.codename} ${device.kernelChip}`)).toEqual([]);
  });

  it("reads a codename from lspci's text the way the generator did for every device", () => {
    for (const device of amdDevices(table).filter((entry) => entry.chip)) expect(amdCodenameFacts(table, device.chip ?? '')?.codename ?? null, device.id).toBe(device.codename);
  });

  it('agrees with every AMD row of data/gpus.json that names a PCI id in it', () => {
    const gpus = (JSON.parse(readFileSync(path.join(root, 'data', 'gpus.json'), 'utf8')) as GpuTable).gpus.filter((row) => row.vendor === 'amd');
    let compared = 0;
    for (const row of gpus) {
      for (const id of row.pciIds) {
        compared += 1;
        expect({ id, gfxArch: amdDeviceById(table, id)?.gfxArch }, row.name).toEqual({ id, gfxArch: row.gfxArch });
      }
    }
    expect(compared).toBe(4);
  });
});
