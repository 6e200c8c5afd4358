import type { RocmSmiGpu } from './parseRocmSmi.js';

/** What `amd-smi static --asic --vram` says about one GPU, in rocm-smi's shape so both feed the same merge. */
export type AmdSmiGpu = RocmSmiGpu;

function hexId(value: unknown): string | undefined {
  const text = typeof value === 'number' ? `0x${value.toString(16)}` : typeof value === 'string' ? value.trim() : '';
  const match = /^0x([0-9a-fA-F]{1,4})$/.exec(text);
  return match ? (match[1] as string).toLowerCase().padStart(4, '0') : undefined;
}

function usable(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  return text === '' || /^N\/A$/i.test(text) ? undefined : text;
}

/** amd-smi prints VRAM in "MB" that are MiB (the driver's size >> 20): "16368 MB" on a 16 GiB card. */
function vramBytes(value: unknown): number | undefined {
  let amount: number | undefined;
  let unit = 'MB';
  if (typeof value === 'number') amount = value;
  else if (typeof value === 'string') {
    const match = /^(\d+(?:\.\d+)?)\s*([KMGT]i?B)?$/i.exec(value.trim());
    if (match) {
      amount = Number(match[1]);
      unit = match[2] ?? 'MB';
    }
  } else if (value && typeof value === 'object') {
    const wrapped = value as { value?: unknown; unit?: unknown };
    if (typeof wrapped.value === 'number' || typeof wrapped.value === 'string') amount = Number(wrapped.value);
    if (typeof wrapped.unit === 'string') unit = wrapped.unit;
  }
  if (amount === undefined || !Number.isFinite(amount) || amount <= 0) return undefined;
  const scale = { K: 1024, M: 1024 ** 2, G: 1024 ** 3, T: 1024 ** 4 }[unit.trim().charAt(0).toUpperCase()];
  return scale ? Math.round(amount * scale) : undefined;
}

function toGpu(index: number, asic: Record<string, unknown>, vram: Record<string, unknown>): AmdSmiGpu | null {
  const gpu: AmdSmiGpu = { index };
  const deviceId = hexId(asic.device_id ?? asic.DEVICE_ID);
  const name = usable(asic.market_name ?? asic.MARKET_NAME);
  const gfx = /^gfx[0-9a-f]+$/i.exec(usable(asic.target_graphics_version ?? asic.TARGET_GRAPHICS_VERSION) ?? '')?.[0];
  const bytes = vramBytes(vram.size ?? vram.SIZE ?? vram.vram_size);
  if (deviceId) gpu.deviceId = deviceId;
  // Some boards report their device id as the market name ("0x744b"): that is no name.
  if (name && !/^0x[0-9a-f]+$/i.test(name)) gpu.name = name;
  if (gfx) gpu.gfxArch = gfx.toLowerCase();
  if (bytes) gpu.vramBytes = bytes;
  return deviceId || gpu.name || gfx || bytes ? gpu : null;
}

function fromJson(data: unknown): AmdSmiGpu[] {
  // ROCm 6 prints a list of GPU records; ROCm 7 wraps it as {"gpu_data": [...]}.
  const records = Array.isArray(data) ? data : data && typeof data === 'object' && Array.isArray((data as { gpu_data?: unknown }).gpu_data) ? (data as { gpu_data: unknown[] }).gpu_data : [];
  const gpus: AmdSmiGpu[] = [];
  records.forEach((record, at) => {
    if (!record || typeof record !== 'object') return;
    const entry = record as Record<string, unknown>;
    const index = typeof entry.gpu === 'number' ? entry.gpu : at;
    const asic = (entry.asic && typeof entry.asic === 'object' ? entry.asic : {}) as Record<string, unknown>;
    const vram = (entry.vram && typeof entry.vram === 'object' ? entry.vram : {}) as Record<string, unknown>;
    const gpu = toGpu(index, asic, vram);
    if (gpu) gpus.push(gpu);
  });
  return gpus;
}

function fromText(text: string): AmdSmiGpu[] {
  const sections = new Map<number, { ASIC: Record<string, unknown>; VRAM: Record<string, unknown> }>();
  let current: { ASIC: Record<string, unknown>; VRAM: Record<string, unknown> } | null = null;
  let section = '';
  for (const line of text.split(/\r?\n/)) {
    const gpuLine = /^\s*GPU:\s*(\d+)\s*$/.exec(line);
    if (gpuLine) {
      current = { ASIC: {}, VRAM: {} };
      sections.set(Number(gpuLine[1]), current);
      section = '';
      continue;
    }
    const header = /^\s*([A-Z][A-Z_]*):\s*$/.exec(line);
    if (header) {
      section = header[1] as string;
      continue;
    }
    const pair = /^\s*([A-Z][A-Z0-9_]*):\s*(.*?)\s*$/.exec(line);
    if (pair && current && (section === 'ASIC' || section === 'VRAM')) current[section][pair[1] as string] = pair[2] as string;
  }
  const gpus: AmdSmiGpu[] = [];
  for (const [index, values] of [...sections.entries()].sort((a, b) => a[0] - b[0])) {
    const gpu = toGpu(index, values.ASIC, values.VRAM);
    if (gpu) gpus.push(gpu);
  }
  return gpus;
}

/**
 * Parses `amd-smi static` (ROCm 6+, the successor of rocm-smi): the plain "GPU: 0 / ASIC: / KEY: value" text or its
 * --json form (a list, or {"gpu_data": [...]} in ROCm 7). Reads device id, market name, gfx target and VRAM size;
 * unknown or garbled text yields null, never a throw.
 */
export function parseAmdSmiStatic(text: string): AmdSmiGpu[] | null {
  if (typeof text !== 'string' || text.trim() === '') return null;
  const trimmed = text.trim();
  let gpus: AmdSmiGpu[] = [];
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    try {
      gpus = fromJson(JSON.parse(trimmed));
    } catch {
      gpus = [];
    }
  } else {
    gpus = fromText(text);
  }
  return gpus.length > 0 ? gpus : null;
}
