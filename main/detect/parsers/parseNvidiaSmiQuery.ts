import { isIntegratedNvidiaName, isMissingValue, isVgpuProfileName, mibFromText, pciIdFromNvidiaHex, type NvidiaSmiGpu, type NvidiaSmiSnapshot } from './nvidiaSmiSnapshot.js';

/**
 * Parses the indented `nvidia-smi -q` text (what Windows and WSL users paste): "Key : Value" lines whose
 * indentation nests them ("FB Memory Usage" → "Total"). Null when there is no NVSMI LOG in the text.
 */
export function parseNvidiaSmiQuery(text: string): NvidiaSmiSnapshot | null {
  if (typeof text !== 'string' || !/NVSMI LOG|Driver Version\s+:|KMD Version\s+:/.test(text)) return null;
  const top = new Map<string, string>();
  const blocks: { busId: string; values: Map<string, string> }[] = [];
  const stack: { indent: number; key: string }[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const indent = /^\s*/.exec(line)?.[0].length ?? 0;
    const gpuHeader = /^GPU ([0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-7])\s*$/.exec(line);
    if (gpuHeader) {
      blocks.push({ busId: gpuHeader[1] as string, values: new Map() });
      stack.length = 0;
      continue;
    }
    const pair = /^\s*([^:]+?)\s*:\s?(.*)$/.exec(line);
    while (stack.length > 0 && (stack[stack.length - 1] as { indent: number }).indent >= indent) stack.pop();
    if (!pair || (pair[2] ?? '').trim() === '') {
      stack.push({ indent, key: (pair?.[1] ?? line).trim() });
      continue;
    }
    const key = [...stack.map((entry) => entry.key), pair[1] as string].join('/');
    const value = (pair[2] as string).trim();
    const block = blocks[blocks.length - 1];
    if (block && indent > 0) block.values.set(key, value);
    else top.set(key, value);
  }
  const version = (key: string) => /^\d+(?:\.\d+)+/.exec(top.get(key) ?? '')?.[0];
  const gpus = blocks.map(({ busId, values }, index): NvidiaSmiGpu => {
    const get = (key: string) => {
      const value = values.get(key);
      return value === undefined || isMissingValue(value) ? undefined : value;
    };
    const name = get('Product Name') ?? 'NVIDIA GPU';
    const gpu: NvidiaSmiGpu = { index, name, busId };
    const uuid = get('GPU UUID');
    if (uuid) gpu.uuid = uuid;
    const architecture = get('Product Architecture');
    if (architecture) gpu.architecture = architecture;
    const model = get('Driver Model/Current');
    if (model) gpu.driverModel = model;
    const mig = get('MIG Mode/Current');
    if (mig === 'Enabled') gpu.migEnabled = true;
    else if (mig === 'Disabled') gpu.migEnabled = false;
    const memory = mibFromText(get('FB Memory Usage/Total'));
    if (memory !== undefined) gpu.memoryMiB = memory;
    const pciId = pciIdFromNvidiaHex(get('PCI/Device Id'));
    if (pciId) gpu.pciId = pciId;
    const subsystem = pciIdFromNvidiaHex(get('PCI/Sub System Id'));
    if (subsystem) gpu.subsystemId = subsystem;
    const virtualization = get('GPU Virtualization Mode/Virtualization Mode') ?? '';
    if (/^VGPU$/i.test(virtualization) || isVgpuProfileName(name)) gpu.virtualization = 'vgpu';
    else if (/pass-?through/i.test(virtualization)) gpu.virtualization = 'passthrough';
    if (isIntegratedNvidiaName(name)) gpu.integrated = true;
    return gpu;
  });
  return {
    driverVersion: version('KMD Version') ?? version('Driver Version') ?? null,
    cudaVersion: version('CUDA UMD Version') ?? version('CUDA Version') ?? null,
    gpus,
  };
}
