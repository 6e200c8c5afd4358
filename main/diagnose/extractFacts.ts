import type { DiagnoseFacts, DiagnoseKind, DiagnosedFramework, DiagnosedGpu } from '../../shared/types/diagnose.js';
import { gpuVendorFromPciVendor, isVirtualDisplayAdapter } from '../detect/isVirtualDisplayAdapter.js';
import type { NvidiaSmiSnapshot } from '../detect/parsers/nvidiaSmiSnapshot.js';
import { cudnnVersionFromNumber, parseCudnnHeader } from '../detect/parsers/parseCudnnHeader.js';
import { versionFromSoname } from '../detect/parsers/parseLdconfig.js';
import { parseLspci } from '../detect/parsers/parseLspci.js';
import { parseSysctl, parseSystemProfilerDisplays, parseSystemProfilerHardware } from '../detect/parsers/parseMacos.js';
import { parseNvccVersion } from '../detect/parsers/parseNvccVersion.js';
import { parseNvidiaSmiCsv } from '../detect/parsers/parseNvidiaSmiCsv.js';
import { parseNvidiaSmiError } from '../detect/parsers/parseNvidiaSmiError.js';
import { parseNvidiaSmiList } from '../detect/parsers/parseNvidiaSmiList.js';
import { parseNvidiaSmiQuery } from '../detect/parsers/parseNvidiaSmiQuery.js';
import { parseNvidiaSmiTable } from '../detect/parsers/parseNvidiaSmiTable.js';
import { parseNvidiaSmiXml } from '../detect/parsers/parseNvidiaSmiXml.js';
import { parseProcDriverVersion } from '../detect/parsers/parseProcDriverVersion.js';
import { parseRocmSmi } from '../detect/parsers/parseRocmSmi.js';
import { parseWindowsVideoControllers } from '../detect/parsers/parseWindowsVideoControllers.js';
import { detectFramework } from './detectFramework.js';
import { forEachLineWith } from './forEachLineWith.js';

const DRIVER = /^\d{2,3}\.\d{1,3}(?:\.\d{1,3})?$/;

function vendorOf(vendorId: string | undefined, name: string): string {
  const byId = gpuVendorFromPciVendor(vendorId);
  if (byId) return byId;
  if (/NVIDIA|GeForce|Quadro|Tesla|TITAN/i.test(name)) return 'nvidia';
  if (/\bAMD\b|Radeon|ATI\b|Instinct/i.test(name)) return 'amd';
  if (/Intel/i.test(name)) return 'intel';
  if (/^Apple\b/i.test(name)) return 'apple';
  return 'unknown';
}

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

function keyValues(text: string): Map<string, string> {
  const values = new Map<string, string>();
  for (const line of text.split('\n')) {
    const pair = /^([A-Za-z][\w ()./-]{1,60}?):\s{0,8}(.{0,300})$/.exec(line);
    if (pair && !values.has(pair[1] as string)) values.set(pair[1] as string, (pair[2] as string).trim());
  }
  return values;
}

const known = (value: string | undefined) => (value && !/^(?:N\/A|Could not collect|None|No)$/i.test(value) ? value : undefined);

function collectEnvFacts(facts: DiagnoseFacts, text: string): void {
  const values = keyValues(text);
  const driver = known(values.get('Nvidia driver version'));
  if (driver && DRIVER.test(driver)) facts.driverVersion = driver;
  const runtime = known(values.get('CUDA runtime version'));
  if (runtime && /^\d{1,2}\.\d{1,2}(?:\.\d{1,4})?$/.test(runtime)) facts.toolkitVersion = runtime;
  const cudnnSoname = /libcudnn\.so\.(\d{1,2}\.\d{1,2}\.\d{1,3})\b/.exec(text)?.[0];
  const cudnnValue = known(values.get('cuDNN version'));
  if (cudnnSoname) facts.cudnnVersion = versionFromSoname(cudnnSoname) ?? undefined;
  else if (cudnnValue && /^\d{1,2}\.\d{1,2}\.\d{1,3}$/.test(cudnnValue)) facts.cudnnVersion = cudnnValue;
  if (!facts.cudnnVersion) delete facts.cudnnVersion;
  const rocm = known(values.get('ROCM used to build PyTorch'));
  const gpuText = known(values.get('GPU models and configuration'));
  // Several GPUs (or nvidia-smi -L's answer) come on the lines after an empty "GPU models and configuration:".
  const names = [...text.matchAll(/^(?:GPU models and configuration: )?GPU \d{1,2}: (.{1,120})$/gm)].map((match) => (match[1] as string).trim());
  if (gpuText || names.length > 0) {
    const list = names.length > 0 ? names : [gpuText as string];
    facts.gpus = list.map((name) => ({ vendor: rocm && !/NVIDIA|GeForce|Tesla|Quadro/i.test(name) ? 'amd' : vendorOf(undefined, name), name }));
    for (const gpu of facts.gpus) if (gpu.vendor === 'unknown' && !rocm) gpu.vendor = 'nvidia';
  }
  const torch = known(values.get('PyTorch version'));
  if (torch) {
    const framework: DiagnosedFramework = { name: 'pytorch', version: torch.replace(/\s*\(.*\)$/, '') };
    const cuda = known(values.get('CUDA used to build PyTorch'));
    if (cuda) framework.cuda = cuda;
    if (rocm) framework.rocm = rocm;
    facts.framework = framework;
  } else {
    const tf = known(values.get('TensorFlow version'));
    if (tf) facts.framework = { name: 'tensorflow', version: tf };
  }
}

function archList(text: string): string[] {
  return [...new Set([...text.matchAll(/\b((?:sm|compute)_\d{2,3}[a-z]?)\b/g)].map((match) => match[1] as string))];
}

function torchConfigFacts(facts: DiagnoseFacts, text: string): void {
  const framework: DiagnosedFramework = { name: 'pytorch' };
  const cuda = /^\s{0,4}- CUDA Runtime (\d{1,2}\.\d{1,2})/m.exec(text)?.[1];
  if (cuda) framework.cuda = cuda;
  const cudnn = /^\s{0,4}- CuDNN (\d{1,2}\.\d{1,2}(?:\.\d{1,3})?)/m.exec(text)?.[1];
  if (cudnn) {
    framework.cudnn = cudnn;
    facts.cudnnVersion = cudnn;
  }
  const flags = /NVCC architecture flags: (.{1,4000})$/m.exec(text)?.[1];
  if (flags) framework.archList = archList(flags).filter((arch) => arch.startsWith('sm_'));
  facts.framework = framework;
}

function tensorflowBuildFacts(facts: DiagnoseFacts, text: string): void {
  const framework: DiagnosedFramework = { name: 'tensorflow' };
  const cuda = /['"]cuda_version['"],\s{0,20}['"](\d{1,2}\.\d{1,2})['"]/.exec(text)?.[1];
  if (cuda) framework.cuda = cuda;
  const cudnn = /['"]cudnn_version['"],\s{0,20}['"](\d{1,2}(?:\.\d{1,2}){0,2})['"]/.exec(text)?.[1];
  if (cudnn) framework.cudnn = cudnn;
  const start = text.indexOf('cuda_compute_capabilities');
  if (start !== -1) {
    const end = text.indexOf(']', start);
    framework.archList = archList(text.slice(start, end === -1 ? undefined : end));
  }
  facts.framework = framework;
}

/** Facts that logs and tracebacks state in passing: GPU names with their capability, the driver an installer installs. */
function logFacts(facts: DiagnoseFacts, text: string): void {
  const gpus: DiagnosedGpu[] = [];
  forEachLineWith(text, /with CUDA capability sm_|which is of cuda capability|compute capability: |Active GPU name: /gi, (line) => {
    const modern = /(?:^|\s)([A-Za-z][\w .()-]{2,60}?) with CUDA capability sm_(\d)(\d{1,2})\b/.exec(line);
    const old = /Found GPU\d{1,2} (.{2,60}?) which is of cuda capability (\d{1,2}\.\d)/.exec(line);
    const tf = /name: ([^,]{2,80}), pci bus id: [^,]{1,40}, compute capability: (\d{1,2}\.\d)/.exec(line);
    const active = /^Active GPU name: (.{2,120})$/.exec(line);
    const gpu: DiagnosedGpu | null = modern
      ? { vendor: 'nvidia', name: (modern[1] as string).trim(), computeCapability: `${modern[2]}.${modern[3]}` }
      : old
        ? { vendor: 'nvidia', name: (old[1] as string).trim(), computeCapability: old[2] as string }
        : tf
          ? { vendor: 'nvidia', name: (tf[1] as string).trim(), computeCapability: tf[2] as string }
          : active
            ? { vendor: vendorOf(undefined, active[1] as string) === 'unknown' ? 'nvidia' : vendorOf(undefined, active[1] as string), name: (active[1] as string).trim() }
            : null;
    if (gpu && !gpus.some((known) => known.name === gpu.name)) gpus.push(gpu);
  });
  if (gpus.length > 0) facts.gpus = [...(facts.gpus ?? []), ...gpus.filter((gpu) => !facts.gpus?.some((known) => known.name === gpu.name))];
  forEachLineWith(text, /installer version: |Installing NVIDIA driver version /gi, (line) => {
    const version = /(?:installer version: |Installing NVIDIA driver version )(\d{2,3}\.\d{1,3}(?:\.\d{1,3})?)/.exec(line)?.[1];
    if (version) facts.driverVersion ??= version;
  });
  forEachLineWith(text, /PyTorch build (?:CUDA|cuDNN) version: /gi, (line) => {
    const cuda = /PyTorch build CUDA version: (\d{1,2}\.\d{1,2})/.exec(line)?.[1];
    const cudnn = /PyTorch build cuDNN version: (\d{4,6})/.exec(line)?.[1];
    const framework = (facts.framework ??= { name: 'pytorch' });
    if (cuda) framework.cuda = cuda;
    if (cudnn) {
      framework.cudnn = cudnnVersionFromNumber(Number(cudnn)) ?? cudnn;
      facts.cudnnVersion ??= framework.cudnn;
    }
  });
  if (!facts.framework) {
    const framework = detectFramework(text);
    if (framework) facts.framework = framework;
  }
}

/** The facts a text states, read with the same parsers detection uses (main/detect/parsers). Expects normalizeText output. */
export function extractFacts(text: string, kind: DiagnoseKind): DiagnoseFacts {
  const facts: DiagnoseFacts = {};
  switch (kind) {
    case 'nvidia-smi-table':
      fromSnapshot(facts, parseNvidiaSmiTable(text));
      break;
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
  if (kind === 'log' || kind === 'python-traceback') {
    const error = parseNvidiaSmiError(text.length > 65536 ? '' : text);
    if (error?.nvmlVersion) facts.nvmlVersion = error.nvmlVersion;
  }
  return facts;
}
