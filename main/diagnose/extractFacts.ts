import type { DiagnoseFacts, DiagnoseKind, DiagnosedGpu } from '../../shared/types/diagnose.js';
import { isVirtualDisplayAdapter } from '../detect/isVirtualDisplayAdapter.js';
import type { NvidiaSmiSnapshot } from '../detect/parsers/nvidiaSmiSnapshot.js';
import { parseCudnnHeader } from '../detect/parsers/parseCudnnHeader.js';
import { parseLspci } from '../detect/parsers/parseLspci.js';
import { parseSysctl, parseSystemProfilerDisplays, parseSystemProfilerHardware } from '../detect/parsers/parseMacos.js';
import { parseNvccVersion } from '../detect/parsers/parseNvccVersion.js';
import { parseNvidiaSmiCsv } from '../detect/parsers/parseNvidiaSmiCsv.js';
import { parseNvidiaSmiError } from '../detect/parsers/parseNvidiaSmiError.js';
import { parseNvidiaSmiList } from '../detect/parsers/parseNvidiaSmiList.js';
import { parseNvidiaSmiQuery } from '../detect/parsers/parseNvidiaSmiQuery.js';
import { parseNvidiaSmiTable } from '../detect/parsers/parseNvidiaSmiTable.js';
import { parseNvidiaSmiXml } from '../detect/parsers/parseNvidiaSmiXml.js';
import { parseProcDriverVersion } from '../system/parseProcDriverVersion.js';
import { parseRocmSmi } from '../detect/parsers/parseRocmSmi.js';
import { parseWindowsVideoControllers } from '../detect/parsers/parseWindowsVideoControllers.js';
import { detectFramework } from './detectFramework.js';
import { collectEnvFacts, tensorflowBuildFacts, torchConfigFacts } from './frameworkReportFacts.js';
import { DRIVER, vendorOf } from './gpuVendorOf.js';
import { logFacts } from './logFacts.js';

function fromSnapshot(facts: DiagnoseFacts, snapshot: NvidiaSmiSnapshot | null): void {
  if (!snapshot) return;
  if (snapshot.driverVersion) facts.driverVersion = snapshot.driverVersion;
  if (snapshot.cudaVersion) facts.cudaVersion = snapshot.cudaVersion;
  const seen = new Set<string>();
  const gpus: DiagnosedGpu[] = [];
  for (const gpu of snapshot.gpus) {
    // The compute-apps CSV lists one GPU once per process.
    const key = gpu.busId ?? gpu.uuid ?? `${gpu.index ?? gpus.length}|${gpu.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const entry: DiagnosedGpu = { vendor: 'nvidia', name: gpu.name };
    if (gpu.memoryMiB !== undefined) entry.memoryMiB = gpu.memoryMiB;
    if (gpu.computeCapability) entry.computeCapability = gpu.computeCapability;
    if (gpu.pciId) entry.pciId = gpu.pciId;
    gpus.push(entry);
  }
  if (gpus.length > 0) facts.gpus = gpus;
}

/** A headerless CSV row whose fields we cannot name: keep the cells that can only be a driver version or a GPU name. */
function headerlessCsv(facts: DiagnoseFacts, text: string): void {
  for (const line of text.split('\n')) {
    const cells = line.split(',').map((cell) => cell.trim());
    if (cells.length < 3) continue;
    const at = cells.findIndex((cell) => /^(?:NVIDIA |GeForce |Quadro |Tesla |TITAN |RTX )/i.test(cell));
    if (at === -1) continue;
    (facts.gpus ??= []).push({ vendor: 'nvidia', name: cells[at] as string });
    // Watts and clocks look like versions too; the driver is the neighbour of the name (driver_version,name) or has three parts.
    const driver = [cells[at - 1], cells[at + 1]].find((cell) => cell !== undefined && DRIVER.test(cell)) ?? cells.find((cell) => /^\d{3}\.\d{1,3}\.\d{1,3}$/.test(cell));
    if (driver) facts.driverVersion ??= driver;
  }
}

function lspciGpus(text: string): DiagnosedGpu[] {
  return parseLspci(text)
    .filter((device) => !isVirtualDisplayAdapter({ vendorId: device.vendorId, name: device.name ?? '' }))
    .map((device) => {
      const name = device.name ?? (device.deviceId ? `Device ${device.deviceId}` : device.chip ?? device.className);
      const gpu: DiagnosedGpu = { vendor: vendorOf(device.vendorId, `${device.vendorName} ${name}`), name };
      if (device.vendorId && device.deviceId) gpu.pciId = `${device.vendorId}:${device.deviceId}`;
      return gpu;
    });
}

function rocmFacts(facts: DiagnoseFacts, text: string): void {
  const report = parseRocmSmi(text);
  if (!report) return;
  if (report.driverVersion) facts.driverVersion = report.driverVersion;
  // A partitioned card (ROCm 6+ DPX/CPX) lists itself once per partition; partition 0 is the card.
  const cards = report.gpus.filter((gpu) => !gpu.partition || gpu.partition.id === 0);
  const gpus = cards.map((gpu): DiagnosedGpu => {
    const entry: DiagnosedGpu = { vendor: 'amd', name: gpu.name ?? (gpu.deviceId ? `AMD GPU ${gpu.deviceId}` : 'AMD GPU') };
    if (gpu.vramBytes) entry.memoryMiB = Math.round(gpu.vramBytes / 1024 ** 2);
    if (gpu.deviceId) entry.pciId = `1002:${gpu.deviceId}`;
    return entry;
  });
  if (gpus.length > 0) facts.gpus = gpus;
}

function ubuntuDriversFacts(facts: DiagnoseFacts, text: string): void {
  const gpus: DiagnosedGpu[] = [];
  for (const block of text.split(/^== /m).slice(1)) {
    const ids = /^modalias\s{0,8}: pci:v0000([0-9A-Fa-f]{4})d0000([0-9A-Fa-f]{4})/m.exec(block);
    const model = /^model\s{0,8}: (.{1,200})$/m.exec(block)?.[1]?.trim();
    if (!ids && !model) continue;
    const name = (model && /\[([^\]]{1,120})\]\s*$/.exec(model)?.[1]) ?? model ?? 'GPU';
    const vendorId = ids?.[1]?.toLowerCase();
    const gpu: DiagnosedGpu = { vendor: vendorOf(vendorId, name), name };
    if (ids) gpu.pciId = `${vendorId}:${(ids[2] as string).toLowerCase()}`;
    gpus.push(gpu);
  }
  if (gpus.length > 0) facts.gpus = gpus;
}

function macFacts(facts: DiagnoseFacts, text: string, kind: DiagnoseKind): void {
  const gpus: DiagnosedGpu[] = [];
  if (kind === 'macos-system-profiler') {
    for (const display of parseSystemProfilerDisplays(text)) {
      const gpu: DiagnosedGpu = { vendor: vendorOf(display.vendorId, `${display.vendor ?? ''} ${display.name}`), name: display.name };
      if (display.vramMiB) gpu.memoryMiB = display.vramMiB;
      if (display.vendorId && display.deviceId) gpu.pciId = `${display.vendorId}:${display.deviceId}`;
      gpus.push(gpu);
    }
    const chip = parseSystemProfilerHardware(text)?.chip;
    // Apple silicon's GPU is part of the chip: the chip names it.
    if (gpus.length === 0 && chip && /^Apple M\d/.test(chip)) gpus.push({ vendor: 'apple', name: chip });
  } else {
    const brand = parseSysctl(text)['machdep.cpu.brand_string'];
    if (brand && /^Apple M\d/.test(brand)) gpus.push({ vendor: 'apple', name: brand });
  }
  if (gpus.length > 0) facts.gpus = gpus;
}

function windowsFacts(facts: DiagnoseFacts, text: string): void {
  const gpus: DiagnosedGpu[] = [];
  for (const controller of parseWindowsVideoControllers(text)) {
    if (!controller.name || isVirtualDisplayAdapter({ vendorId: controller.vendorId, name: controller.name })) continue;
    const gpu: DiagnosedGpu = { vendor: vendorOf(controller.vendorId, `${controller.vendor ?? ''} ${controller.name}`), name: controller.name };
    if (controller.adapterRamBytes && !controller.adapterRamCapped) gpu.memoryMiB = Math.round(controller.adapterRamBytes / 1024 ** 2);
    if (controller.vendorId && controller.deviceId) gpu.pciId = `${controller.vendorId}:${controller.deviceId}`;
    if (controller.nvidiaDriverVersion) facts.driverVersion ??= controller.nvidiaDriverVersion;
    gpus.push(gpu);
  }
  if (gpus.length > 0) facts.gpus = gpus;
}

/** The facts a text states, read with the same parsers detection uses (main/detect/parsers). Expects normalizeText output. */
export function extractFacts(text: string, kind: DiagnoseKind): DiagnoseFacts {
  const facts: DiagnoseFacts = {};
  switch (kind) {
    case 'nvidia-smi-table': {
      fromSnapshot(facts, parseNvidiaSmiTable(text));
      // People paste `nvidia-smi` and `nvcc --version` together to ask which CUDA they have.
      const nvcc = text.includes('Cuda compilation tools') ? parseNvccVersion(text) : null;
      if (nvcc) facts.toolkitVersion = nvcc.version;
      break;
    }
    case 'nvidia-smi-q':
      fromSnapshot(facts, parseNvidiaSmiQuery(text));
      break;
    case 'nvidia-smi-xml':
      fromSnapshot(facts, parseNvidiaSmiXml(text));
      break;
    case 'nvidia-smi-csv': {
      const snapshot = parseNvidiaSmiCsv(text);
      if (snapshot) fromSnapshot(facts, snapshot);
      else headerlessCsv(facts, text);
      break;
    }
    case 'nvidia-smi-list':
    case 'nvidia-smi-error': {
      const listed = parseNvidiaSmiList(text);
      if (listed.length > 0) facts.gpus = listed.map((gpu) => ({ vendor: 'nvidia', name: gpu.name }));
      const error = parseNvidiaSmiError(text);
      if (error?.nvmlVersion) facts.nvmlVersion = error.nvmlVersion;
      break;
    }
    case 'nvcc': {
      const nvcc = parseNvccVersion(text);
      if (nvcc) facts.toolkitVersion = nvcc.version;
      // nvcc's output first, then nvidia-smi's table: read the table's header too.
      if (/NVIDIA-SMI \d/.test(text)) {
        const table = parseNvidiaSmiTable(text);
        if (table?.driverVersion) fromSnapshot(facts, table);
      }
      break;
    }
    case 'cudnn-header': {
      const header = parseCudnnHeader(text);
      if (header) facts.cudnnVersion = header.version;
      break;
    }
    case 'proc-driver-version': {
      const proc = parseProcDriverVersion(text);
      if (proc) facts.driverVersion = proc.version;
      break;
    }
    case 'lspci': {
      const gpus = lspciGpus(text);
      if (gpus.length > 0) facts.gpus = gpus;
      break;
    }
    case 'rocm-smi':
      rocmFacts(facts, text);
      break;
    case 'ubuntu-drivers':
      ubuntuDriversFacts(facts, text);
      break;
    case 'macos-system-profiler':
    case 'macos-sysctl':
      macFacts(facts, text, kind);
      break;
    case 'windows-cim':
      windowsFacts(facts, text);
      break;
    case 'collect-env':
      collectEnvFacts(facts, text);
      break;
    case 'torch-config':
      torchConfigFacts(facts, text);
      break;
    case 'tensorflow-build-info':
      tensorflowBuildFacts(facts, text);
      break;
    case 'log':
    case 'python-traceback':
    case 'dmesg':
    case 'installer-log':
      logFacts(facts, text);
      break;
    case 'nvidia-smi-dmon':
    case 'empty':
      break;
  }
  // Tool output pasted with the user's own words ("### TensorFlow Version 2.12.0" above nvcc's lines): the framework is theirs.
  if (!facts.framework && (kind === 'nvcc' || kind === 'nvidia-smi-table') && text.length <= 1_000_000) {
    const framework = detectFramework(text);
    if (framework) facts.framework = framework;
  }
  if (kind === 'log' || kind === 'python-traceback') {
    const error = parseNvidiaSmiError(text.length > 65536 ? '' : text);
    if (error?.nvmlVersion) facts.nvmlVersion = error.nvmlVersion;
  }
  return facts;
}
