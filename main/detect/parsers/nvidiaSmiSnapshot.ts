/** What any nvidia-smi output format (table, XML, CSV, -q, -L) tells us, in one shape the probes merge. */
export interface NvidiaSmiGpu {
  index?: number;
  name: string;
  /** The table cuts long names to "NVIDIA GeForce RTX 2080 ..."; a fuller source should win. */
  nameTruncated?: boolean;
  busId?: string;
  uuid?: string;
  /** "10de:2684" (vendor:device, lower-case hex). */
  pciId?: string;
  subsystemId?: string;
  memoryMiB?: number;
  computeCapability?: string;
  architecture?: string;
  driverModel?: string;
  migEnabled?: boolean;
  migDevices?: number;
  virtualization?: 'vgpu' | 'passthrough';
  integrated?: boolean;
}

export interface NvidiaSmiSnapshot {
  driverVersion: string | null;
  /** Highest CUDA the driver supports ("CUDA Version" / "CUDA UMD Version"). */
  cudaVersion: string | null;
  gpus: NvidiaSmiGpu[];
}

/** A vGPU slice is named after its profile: "GRID V100-4C", "GRID T4-16Q", "NVIDIA A100-4C". */
export function isVgpuProfileName(name: string): boolean {
  return /-\d+[QCAB]$/.test(name.trim());
}

/** Jetson's integrated GPU shows up as "Orin (nvgpu)" and has no own memory. */
export function isIntegratedNvidiaName(name: string): boolean {
  return /\(nvgpu\)|\bTegra\b|\bJetson\b/i.test(name);
}

/** nvidia-smi writes PCI ids as 0x268410DE (device then vendor); we use "10de:2684". */
export function pciIdFromNvidiaHex(value: string | null | undefined): string | undefined {
  const match = /^(?:0x)?([0-9a-fA-F]{4})([0-9a-fA-F]{4})$/.exec((value ?? '').trim());
  if (!match) return undefined;
  const [, device, vendor] = match as unknown as [string, string, string];
  if (/^0+$/.test(device)) return undefined;
  return `${vendor.toLowerCase()}:${device.toLowerCase()}`;
}

/** "8192 MiB", "8192", "[N/A]" → 8192 | undefined. */
export function mibFromText(value: string | null | undefined): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(MiB|GiB|MB|GB)?\s*$/i.exec(value ?? '');
  if (!match) return undefined;
  const amount = Number(match[1]);
  const unit = (match[2] ?? 'MiB').toLowerCase();
  return Math.round(unit === 'gib' || unit === 'gb' ? amount * 1024 : amount);
}

/** nvidia-smi's placeholders for "no value". */
export function isMissingValue(value: string | null | undefined): boolean {
  const text = (value ?? '').trim();
  return text === '' || /^\[?(N\/A|Not Supported|Unknown Error|Insufficient Permissions|Requested functionality has been deprecated)\]?$/i.test(text);
}
