#!/usr/bin/env node
// Writes data/amd-devices.json from the inputs in data/sources/amd-devices/ (pci.ids' AMD block, libdrm's amdgpu.ids,
// the Linux amdgpu/amdkfd excerpts, the codename -> gfx table chip-gfx.json) and data/pytorch.json's ROCm support list.
// Run `node scripts/generateAmdDevices.mjs` after refreshing an input; data/amd-devices.test.ts fails when stale.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chipKey, kernelChipsById, kfdGfxByChip } from './linuxAmdgpu.mjs';
import { pciIdsDevices } from './pciIds.mjs';

/** The generated file and its inputs, relative to the repository root. */
export const AMD_DEVICES_FILE = 'data/amd-devices.json';
export const AMD_SOURCES_DIR = 'data/sources/amd-devices';

// Functions beside the GPU that share its codename ("Navi 31 HDMI/DP Audio", "Navi 10 XL Upstream Port of PCI Express Switch").
const NOT_A_GPU = /\b(?:Audio|USB|Port|Switch|Controller|Bridge|PSP|Crypto|Sensor|I2C|UCSI)\b/i;

/** "Navi32 GL-XL" and "Navi 32" spell the same codename: join a word and the number after it, lower case. */
function spelling(text) {
  return text.trim().toLowerCase().replace(/([a-z]) (\d)/g, '$1$2');
}

/** The codename row a pci.ids chip text ("Navi 21 Pro-XTA", "Aldebaran/MI200", "Hawaii XT / Grenada XT") names, whole words only. */
export function codenameOf(chipText, codenames) {
  for (const part of chipText.split('/')) {
    const text = spelling(part);
    const row = codenames.find((entry) => {
      const code = spelling(entry.codename);
      return text === code || text.startsWith(`${code} `) || text.startsWith(`${code}-`);
    });
    if (row) return row;
  }
  return undefined;
}

/**
 * pci.ids' AMD name list in brackets as whole names: "Radeon RX 7900 XT/7900 XTX/7900M" -> "Radeon RX 7900 XTX", "Radeon RX 7900M";
 * a part starting with a number replaces the first name from its first number on, a shorter part replaces its last words.
 */
export function amdProductNames(bracket) {
  if (!bracket) return [];
  const parts = bracket.split('/').map((part) => part.trim()).filter(Boolean);
  const first = parts[0];
  const words = first.split(' ');
  const numberAt = words.findIndex((word) => /^\d/.test(word));
  const names = [first];
  for (const part of parts.slice(1)) {
    const partWords = part.split(' ');
    if (/^\d/.test(part) && numberAt > 0) names.push([...words.slice(0, numberAt), ...partWords].join(' '));
    else if (partWords.length < words.length) names.push([...words.slice(0, words.length - partWords.length), ...partWords].join(' '));
    else names.push(part);
  }
  return [...new Set(names)];
}

/** amdgpu.ids: "744C,\tC8,\tAMD Radeon RX 7900 XTX" -> Map("744c" -> { c8: name }). */
function marketingNames(text) {
  const byDevice = new Map();
  for (const line of text.split(/\r?\n/)) {
    const match = /^([0-9A-Fa-f]{4}),\s*([0-9A-Fa-f]{2}),\s*(.+)$/.exec(line);
    if (!match) continue;
    const id = match[1].toLowerCase();
    if (!byDevice.has(id)) byDevice.set(id, {});
    byDevice.get(id)[match[2].toLowerCase()] = match[3].trim();
  }
  return byDevice;
}

/** The table's JSON text: one device per line so the file stays small and diffs stay readable. */
export function amdDevicesSource(root) {
  const sources = path.join(root, AMD_SOURCES_DIR);
  const provenance = JSON.parse(readFileSync(path.join(sources, 'SOURCES.json'), 'utf8'));
  const chipGfx = JSON.parse(readFileSync(path.join(sources, 'chip-gfx.json'), 'utf8'));
  const rocmRows = JSON.parse(readFileSync(path.join(root, 'data', 'pytorch.json'), 'utf8')).rocmArchitectures;
  const pci = provenance.packages.find((entry) => entry.package === 'pci.ids');
  const drm = provenance.packages.find((entry) => entry.package === 'libdrm-common');
  const linux = provenance.packages.find((entry) => entry.package === 'linux-source-6.12');
  const revisions = marketingNames(readFileSync(path.join(sources, 'amdgpu.ids'), 'utf8'));
  const kernelChips = kernelChipsById(readFileSync(path.join(sources, 'linux', 'amdgpu_drv.c-pciidlist.txt'), 'utf8'));
  const kfdGfx = kfdGfxByChip(readFileSync(path.join(sources, 'linux', 'kfd_device.c-kgd2kfd_probe.txt'), 'utf8'));
  const kernelGfx = (id) => (kernelChips.has(id) ? (kfdGfx.get(chipKey(kernelChips.get(id))) ?? null) : null);
  // The newest reviewed ROCm support list decides: supported, unsupported (listed as dropped), else not listed.
  const rocm = [...rocmRows].sort((a, b) => Number.parseFloat(b.rocmMin) - Number.parseFloat(a.rocmMin))[0];
  const rocmOf = (gfx) => (!gfx ? null : rocm.supported.includes(gfx) ? 'supported' : rocm.unsupported.includes(gfx) ? 'unsupported' : 'notListed');

  const rows = [];
  for (const { id, name } of pciIdsDevices(readFileSync(path.join(sources, 'pci.ids-1002.txt'), 'latin1'), '1002')) {
    const match = /^([^[]+?)(?: \[([^\]]+)\])?$/.exec(name);
    if (!match || NOT_A_GPU.test(name)) continue;
    const chip = match[1];
    const row = codenameOf(chip, chipGfx.codenames);
    const named = revisions.get(id);
    // A GPU here is one the kernel binds by id, one a cited codename row covers, or one amdgpu's own list names.
    if (!row && !named && !kernelChips.has(id)) continue;
    // The kernel's answer is what ROCm's tools report; a codename row speaks only where the kernel is silent.
    const gfx = kernelGfx(id) ?? row?.gfx ?? null;
    rows.push([id, chip, row?.codename ?? null, kernelChips.get(id) ?? null, gfx, rocmOf(gfx), amdProductNames(match[2]), named ?? {}]);
  }
  for (const id of new Set([...revisions.keys(), ...kernelChips.keys()])) {
    if (!rows.some((row) => row[0] === id)) rows.push([id, null, null, kernelChips.get(id) ?? null, kernelGfx(id), rocmOf(kernelGfx(id)), [], revisions.get(id) ?? {}]);
  }
  rows.sort((a, b) => a[0].localeCompare(b[0]));

  const head = {
    reviewedAt: provenance.fetchedAt,
    generatedBy: 'scripts/generateAmdDevices.mjs: do not edit; rerun it after refreshing an input (data/amd-devices.test.ts fails when this file and its inputs disagree)',
    source: `pci.ids ${pci.pciIdsVersion} (${pci.archive} ${pci.package} ${pci.version}, the PCI ID Project https://pci-ids.ucw.cz/); amdgpu.ids of ${drm.archive} ${drm.package} ${drm.version} (/usr/share/libdrm/amdgpu.ids); Linux ${linux.version.split('-')[0]} (${linux.archive} ${linux.package} ${linux.version}) amdgpu_drv.c pciidlist and amdkfd kfd_device.c gfx_target_version; codename -> gfx: data/sources/amd-devices/chip-gfx.json (LLVM AMDGPUUsage processors, ROCm GPU hardware specifications); ROCm support: data/pytorch.json rocmArchitectures (${rocm.source})`,
    rule: 'A GPU is a 1002 device that the kernel\'s amdgpu_drv.c binds by id, or a pci.ids device that is no audio/USB/switch function and whose codename (the words before [names]) has a row in chip-gfx.json, or that amdgpu.ids names; ids pci.ids lacks are added with chip null. gfxArch: kfd_device.c\'s gfx_target_version for the kernel chip of the id (what ROCm reports), else the codename row of chip-gfx.json, else null (no source). rocm: supported / unsupported as data/pytorch.json rocmArchitectures lists the gfx target for ROCm >= ' + rocm.rocmMin + ', notListed when it names it in neither list. revisions: amdgpu.ids marketing names by PCI revision.',
    columns: ['id', 'chip', 'codename', 'kernelChip', 'gfxArch', 'rocm', 'names', 'revisions'],
    rocmMin: rocm.rocmMin,
    rocmSupported: rocm.supported,
    rocmUnsupported: rocm.unsupported,
    codenames: chipGfx.codenames.map((entry) => ({ codename: entry.codename, gfxArch: entry.gfx })),
  };
  const text = JSON.stringify(head, null, 2).replace(/\n}$/, '');
  return `${text},\n  "devices": [\n${rows.map((row) => `    ${JSON.stringify(row)}`).join(',\n')}\n  ]\n}\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const text = amdDevicesSource(root);
  writeFileSync(path.join(root, AMD_DEVICES_FILE), text);
  console.log(`${AMD_DEVICES_FILE}: ${JSON.parse(text).devices.length} devices, ${text.length} bytes`);
}
