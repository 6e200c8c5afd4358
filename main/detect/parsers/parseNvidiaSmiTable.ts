import { isIntegratedNvidiaName, isVgpuProfileName, mibFromText, type NvidiaSmiGpu, type NvidiaSmiSnapshot } from './nvidiaSmiSnapshot.js';

export interface NvidiaSmiMigDevice {
  gpu: number;
  gpuInstance: number;
  computeInstance: number;
  device: number;
  memoryMiB?: number;
}

export interface NvidiaSmiTable extends NvidiaSmiSnapshot {
  smiVersion: string | null;
  migDevices: NvidiaSmiMigDevice[];
}

const DRIVER_MODELS = new Set(['WDDM', 'TCC', 'MCDM']);

function cellsOf(line: string): string[] | null {
  const trimmed = line.trim();
  if (!trimmed.startsWith('|') || !trimmed.endsWith('|')) return null;
  return trimmed.slice(1, -1).split('|').map((cell) => cell.trim());
}

/**
 * Parses the default `nvidia-smi` table: every layout from 331 (no CUDA Version) to 610+ (`KMD Version` /
 * `CUDA UMD Version`), Windows `Driver-Model` columns, MIG device blocks, Jetson and vGPU rows. Never throws.
 */
export function parseNvidiaSmiTable(text: string): NvidiaSmiTable | null {
  if (typeof text !== 'string' || text.length === 0) return null;
  const lines = text.split(/\r?\n/);
  const smiVersion = /NVIDIA-SMI\s+(\d+(?:\.\d+)+)/.exec(text)?.[1] ?? null;
  const driverVersion = /(?:Driver|KMD) Version:\s*(\d+(?:\.\d+)+)/.exec(text)?.[1] ?? null;
  const cudaVersion = /CUDA(?: UMD)? Version:\s*(\d+\.\d+)/.exec(text)?.[1] ?? null;
  const gpus: NvidiaSmiGpu[] = [];
  const migDevices: NvidiaSmiMigDevice[] = [];
  let inMig = false;
  let current: NvidiaSmiGpu | null = null;
  let rowLine = 0;
  for (const line of lines) {
    if (/MIG devices:/.test(line)) inMig = true;
    if (/Processes:/.test(line)) inMig = false;
    const cells = cellsOf(line);
    if (!cells) {
      if (/^\s*\+[-=+]+\+\s*$/.test(line)) current = null;
      continue;
    }
    if (inMig) {
      const ids = /^(\d+)\s+(\d+)\s+(\d+)\s+(\d+)$/.exec(cells[0] ?? '');
      if (ids && cells.length >= 2) {
        const memory = /(\d+)MiB\s*\/\s*(\d+)MiB/.exec(cells[1] ?? '');
        migDevices.push({
          gpu: Number(ids[1]),
          gpuInstance: Number(ids[2]),
          computeInstance: Number(ids[3]),
          device: Number(ids[4]),
          ...(memory ? { memoryMiB: Number(memory[2]) } : {}),
        });
      }
      continue;
    }
    if (cells.length < 3) continue;
    const head = /^(\d+)\s+(.*?)\s+(On|Off|N\/A|WDDM|TCC|MCDM)$/.exec(cells[0] ?? '');
    const bus = /^([0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-7]|N\/A)\s+\S+$/.exec(cells[1] ?? '');
    if (head && bus) {
      const rawName = head[2] ?? '';
      const truncated = /\s?\.\.\.$/.test(rawName);
      const name = rawName.replace(/\s?\.\.\.$/, '').trim();
      current = { index: Number(head[1]), name };
      if (truncated) current.nameTruncated = true;
      if (bus[1] && bus[1] !== 'N/A') current.busId = bus[1];
      if (DRIVER_MODELS.has(head[3] ?? '')) current.driverModel = head[3];
      if (isVgpuProfileName(name)) current.virtualization = 'vgpu';
      if (isIntegratedNvidiaName(name)) current.integrated = true;
      gpus.push(current);
      rowLine = 1;
      continue;
    }
    if (!current) continue;
    rowLine += 1;
    if (rowLine === 2) {
      const memory = /(\d+)MiB\s*\/\s*(\d+)MiB/.exec(cells[1] ?? '');
      if (memory) current.memoryMiB = mibFromText(memory[2]);
    } else if (rowLine === 3) {
      const mig = (cells[2] ?? '').trim();
      if (mig === 'Enabled') current.migEnabled = true;
      else if (mig === 'Disabled') current.migEnabled = false;
    }
  }
  for (const gpu of gpus) {
    const count = migDevices.filter((device) => device.gpu === gpu.index).length;
    if (count > 0) gpu.migDevices = count;
  }
  if (!smiVersion && !driverVersion && gpus.length === 0 && migDevices.length === 0) return null;
  return { smiVersion, driverVersion, cudaVersion, gpus, migDevices };
}
