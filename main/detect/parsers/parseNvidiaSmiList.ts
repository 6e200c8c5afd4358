import { isIntegratedNvidiaName, isVgpuProfileName } from './nvidiaSmiSnapshot.js';

export interface NvidiaSmiListedGpu {
  index: number;
  name: string;
  uuid?: string;
  migDevices: { profile: string; device: number; uuid?: string }[];
  virtualization?: 'vgpu';
  integrated?: boolean;
}

/** Parses `nvidia-smi -L` (GPUs and their MIG instances); lines it does not know are skipped. */
export function parseNvidiaSmiList(text: string): NvidiaSmiListedGpu[] {
  if (typeof text !== 'string') return [];
  const gpus: NvidiaSmiListedGpu[] = [];
  const seen = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    const gpu = /^GPU (\d+): (.+?)(?: \(UUID: ([^)]+)\))?\s*$/.exec(line);
    if (gpu) {
      const key = `${gpu[1]}|${gpu[3] ?? gpu[2]}`;
      // Some tools print the list twice (the k8s capture): one GPU is still one GPU.
      if (seen.has(key)) continue;
      seen.add(key);
      const entry: NvidiaSmiListedGpu = { index: Number(gpu[1]), name: gpu[2] as string, migDevices: [] };
      if (gpu[3]) entry.uuid = gpu[3];
      if (isVgpuProfileName(entry.name)) entry.virtualization = 'vgpu';
      if (isIntegratedNvidiaName(entry.name)) entry.integrated = true;
      gpus.push(entry);
      continue;
    }
    const mig = /^\s+MIG (\S+)\s+Device\s+(\d+):(?:\s*\(UUID: ([^)]+)\))?/.exec(line);
    const owner = gpus[gpus.length - 1];
    if (mig && owner) owner.migDevices.push({ profile: mig[1] as string, device: Number(mig[2]), ...(mig[3] ? { uuid: mig[3] } : {}) });
  }
  return gpus;
}
