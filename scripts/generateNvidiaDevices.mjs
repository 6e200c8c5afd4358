#!/usr/bin/env node
// Writes data/nvidia-devices.json from the inputs in data/sources/nvidia-devices/ (pci.ids' NVIDIA block, nvidia-detect's
// per-branch *.ids lists, the chip-family table) and data/gpu-architectures.json (last driver branch per architecture).
// Run `node scripts/generateNvidiaDevices.mjs` after refreshing an input; data/nvidia-devices.test.ts fails when stale.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pciIdsDevices } from './pciIds.mjs';

/** The generated file and its inputs, relative to the repository root. */
export const NVIDIA_DEVICES_FILE = 'data/nvidia-devices.json';
export const NVIDIA_SOURCES_DIR = 'data/sources/nvidia-devices';

// A GPU's pci.ids name is its chip code, optional " / " board codes, optional [marketing names]; audio, USB, bridge
// and other functions have plain words after the chip ("GP104 High Definition Audio Controller") and so do not match.
const CHIP = '(?:NV\\d+[A-Z]*|G\\d{2}[A-Z]*|GT\\d{3}[A-Z]*|GF\\d{3}[A-Z]*|(?:GK|GM|GP|GV|TU|GA|AD|GH|GB)\\d{2,3}[A-Z]*|C\\d{2}[A-Z]*|MCP\\d+[A-Z]*)';
const GPU_NAME = new RegExp(`^(${CHIP})((?: / [^\\[\\]]+?)*)(?: \\[([^\\]]+)\\])?$`);
// NVSwitch fabric chips share the GPU's chip code but are not GPUs.
const NOT_A_GPU = /NVSwitch/i;
// A laptop variant's words at the end of a name ("GeForce RTX 3050 Ti Mobile" -> "GeForce RTX 3050 Ti").
const VARIANT_TAIL = /(?: (?:Mobile|Max-Q|Refresh))+$/;
const MODERN = /^(GK|GM|GP|GV|TU|GA|AD|GH|GB)(\d{2,3})([A-Z]*)$/;

/** "GK110B" -> family "GK110"; "GA107BM" -> "GA107"; "GB10" -> "GB10"; pre-Kepler codes -> null. */
export function chipFamily(chip) {
  const match = MODERN.exec(chip);
  return match ? `${match[1]}${match[2]}` : null;
}

/** pci.ids' "A / B" in brackets: a shorter B replaces A's last words ("GeForce 8800 GTS / 8800 GTX", "GH200 120GB / 480GB"), a B without digits is a variant of A's model ("RTX 5090 Max-Q / Mobile"). */
export function productNames(bracket) {
  if (!bracket) return [];
  const parts = bracket.split(' / ').map((part) => part.trim()).filter(Boolean);
  const first = parts[0];
  const words = first.split(' ');
  const model = first.replace(VARIANT_TAIL, '');
  const names = [first];
  for (const part of parts.slice(1)) {
    const partWords = part.split(' ');
    if (model !== first && /^(Mobile|Max-Q)\b/.test(part)) names.push(`${model} ${part}`);
    else if (!/\d/.test(part) && /\d/.test(first)) names.push(`${first.replace(/ [^\d ]+$/, '')} ${part}`);
    else if (partWords.length < words.length) names.push([...words.slice(0, words.length - partWords.length), ...partWords].join(' '));
    else names.push(part);
  }
  return [...new Set(names)];
}

function readIds(file) {
  return new Set(readFileSync(file, 'utf8').split(/\r?\n/).map((line) => line.trim().toLowerCase()).filter((line) => /^10de[0-9a-f]{4}$/.test(line)).map((line) => line.slice(4)));
}

/** nvidia-detect's lists by branch number: nvidia.ids is its LATEST (550), legacy/tesla lists carry their branch in the name. */
function branchLists(dir, current) {
  const lists = [];
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.ids')).sort()) {
    if (file === 'nvidia-open.ids') continue;
    const numbered = /^nvidia-(?:legacy|tesla)-(\d+)(?:xx)?(?:-amd64)?\.ids$/.exec(file);
    const branch = file === 'nvidia.ids' ? current : numbered ? Number(numbered[1]) : null;
    if (branch === null) throw new Error(`unknown nvidia-detect list ${file}`);
    lists.push({ branch, ids: readIds(path.join(dir, file)) });
  }
  return lists;
}

/** The table's JSON text: one device per line so the file stays small and diffs stay readable. */
export function nvidiaDevicesSource(root) {
  const sources = path.join(root, NVIDIA_SOURCES_DIR);
  const provenance = JSON.parse(readFileSync(path.join(sources, 'SOURCES.json'), 'utf8'));
  const families = JSON.parse(readFileSync(path.join(sources, 'chip-families.json'), 'utf8'));
  const architectures = JSON.parse(readFileSync(path.join(root, 'data', 'gpu-architectures.json'), 'utf8')).architectures;
  const detect = provenance.packages.find((entry) => entry.package === 'nvidia-detect');
  const pci = provenance.packages.find((entry) => entry.package === 'pci.ids');
  const current = Number(detect.version.split('.')[0]);
  const lists = branchLists(path.join(sources, 'nvidia-detect'), current);
  const openIds = readIds(path.join(sources, 'nvidia-detect', 'nvidia-open.ids'));
  const archOfPrefix = new Map(families.prefixes.map((row) => [row.prefix, row.architecture]));
  const ccOfFamily = new Map(families.families.flatMap((row) => row.chips.map((chip) => [chip, row.computeCapability])));
  const lastBranchOf = new Map(architectures.map((row) => [row.name, row.lastDriverBranch ?? null]));
  const open = families.openKernelModules;

  const rows = [];
  for (const { id, name } of pciIdsDevices(readFileSync(path.join(sources, 'pci.ids-10de.txt'), 'latin1'), '10de')) {
    const match = GPU_NAME.exec(name);
    if (!match || NOT_A_GPU.test(name)) continue;
    const chip = match[1];
    const names = productNames(match[3]);
    const family = chipFamily(chip);
    const architecture = family ? (archOfPrefix.get(family.slice(0, 2)) ?? null) : null;
    const computeCapability = family ? (ccOfFamily.get(family) ?? null) : null;
    const listed = lists.filter((list) => list.ids.has(id)).map((list) => list.branch);
    const listedBranch = listed.length ? Math.max(...listed) : null;
    // The lists stop at 550: a device they still drive is driven up to its architecture's last branch (R580 for Maxwell..Volta).
    const archLast = architecture ? lastBranchOf.get(architecture) : null;
    let driverBranch = null;
    if (listedBranch !== null && listedBranch < current) driverBranch = String(listedBranch);
    else if (architecture) driverBranch = archLast ?? 'current';
    let openKernelModules = null;
    if (open.requiredArchitectures.includes(architecture) || names.some((product) => open.requiredProducts.some((word) => new RegExp(`\\b${word}\\b`).test(product)))) openKernelModules = 'required';
    else if (openIds.has(id) || open.supportedFrom.includes(architecture)) openKernelModules = 'supported';
    else if (architecture) openKernelModules = 'unsupported';
    rows.push([id, chip, names, architecture, computeCapability, driverBranch, listedBranch === null ? null : String(listedBranch), openKernelModules]);
  }

  const head = {
    reviewedAt: provenance.fetchedAt,
    generatedBy: 'scripts/generateNvidiaDevices.mjs: do not edit; rerun it after refreshing an input (data/nvidia-devices.test.ts fails when this file and its inputs disagree)',
    source: `pci.ids ${pci.pciIdsVersion} (${pci.archive} ${pci.package} ${pci.version}, the PCI ID Project https://pci-ids.ucw.cz/); nvidia-detect ${detect.version} (${detect.archive}) /usr/share/nvidia/*.ids; chip families: data/sources/nvidia-devices/chip-families.json (NVIDIA CUDA GPUs pages https://developer.nvidia.com/cuda-gpus); last branch per architecture: data/gpu-architectures.json`,
    rule: 'A GPU is a 10de device whose pci.ids name is a chip code, optional " / " board codes and optional [names] (not NVSwitch). driverBranch: the newest nvidia-detect list below its current branch that has the device (legacy/Tesla: 340, 390, 470, 535...), else the architecture\'s last branch (data/gpu-architectures.json: 470 Kepler, 580 Maxwell..Volta), else "current". listedBranch: the newest nvidia-detect list that has the device (550 = its current list; null = in no list, e.g. newer than 550.163.01). openKernelModules: required (Blackwell, GH200), supported (Turing or later, or in nvidia-open.ids), unsupported (older).',
    columns: ['id', 'chip', 'names', 'architecture', 'computeCapability', 'driverBranch', 'listedBranch', 'openKernelModules'],
    families: families.families.map((row) => ({ chips: row.chips, architecture: archOfPrefix.get(row.chips[0].slice(0, 2)), computeCapability: row.computeCapability })),
    prefixes: Object.fromEntries(archOfPrefix),
    openKernelModules: { supportedFrom: open.supportedFrom, requiredArchitectures: open.requiredArchitectures, requiredProducts: open.requiredProducts },
    lastDriverBranch: Object.fromEntries([...lastBranchOf].filter(([, branch]) => branch)),
  };
  const text = JSON.stringify(head, null, 2).replace(/\n}$/, '');
  return `${text},\n  "devices": [\n${rows.map((row) => `    ${JSON.stringify(row)}`).join(',\n')}\n  ]\n}\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const text = nvidiaDevicesSource(root);
  writeFileSync(path.join(root, NVIDIA_DEVICES_FILE), text);
  console.log(`${NVIDIA_DEVICES_FILE}: ${JSON.parse(text).devices.length} devices, ${text.length} bytes`);
}
