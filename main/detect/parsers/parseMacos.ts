export interface MacDisplay {
  name: string;
  vendor?: string;
  vendorId?: string;
  deviceId?: string;
  vramMiB?: number;
  gpuCores?: number;
}

export interface MacHardware {
  chip?: string;
  processorName?: string;
  modelIdentifier?: string;
  cores?: number;
  memoryBytes?: number;
}

function bytesFromSize(value: string | undefined): number | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*(TB|GB|MB)$/i.exec((value ?? '').trim());
  if (!match) return undefined;
  const power = { tb: 4, gb: 3, mb: 2 }[(match[2] as string).toLowerCase() as 'tb' | 'gb' | 'mb'];
  return Math.round(Number(match[1]) * 1024 ** power);
}

/** Parses `system_profiler SPDisplaysDataType` text: one entry per "Chipset Model". */
export function parseSystemProfilerDisplays(text: string): MacDisplay[] {
  if (typeof text !== 'string') return [];
  const displays: MacDisplay[] = [];
  let current: MacDisplay | null = null;
  for (const line of text.split(/\r?\n/)) {
    const pair = /^\s*([^:]+):\s*(.*)$/.exec(line);
    if (!pair) continue;
    const key = (pair[1] as string).trim();
    const value = (pair[2] as string).trim();
    if (key === 'Chipset Model') {
      current = { name: value };
      displays.push(current);
    } else if (current) {
      if (key === 'Vendor') {
        const vendor = /^(.*?)\s*(?:\(0x([0-9a-fA-F]{4})\))?$/.exec(value);
        current.vendor = vendor?.[1] ?? value;
        if (vendor?.[2]) current.vendorId = vendor[2].toLowerCase();
      } else if (key === 'Device ID') {
        const id = /0x([0-9a-fA-F]{4})/.exec(value)?.[1];
        if (id) current.deviceId = id.toLowerCase();
      } else if (/^VRAM/.test(key)) {
        const bytes = bytesFromSize(value);
        if (bytes) current.vramMiB = Math.round(bytes / 1024 ** 2);
      } else if (key === 'Total Number of Cores') {
        current.gpuCores = Number.parseInt(value, 10);
      }
    }
  }
  return displays;
}

/** Parses `system_profiler SPHardwareDataType` (Intel and Apple silicon Macs). */
export function parseSystemProfilerHardware(text: string): MacHardware | null {
  if (typeof text !== 'string') return null;
  const values = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const pair = /^\s*([^:]+):\s*(.+)$/.exec(line);
    if (pair) values.set((pair[1] as string).trim(), (pair[2] as string).trim());
  }
  const result: MacHardware = {};
  const chip = values.get('Chip');
  if (chip) result.chip = chip;
  const processor = values.get('Processor Name');
  if (processor) result.processorName = processor;
  const model = values.get('Model Identifier');
  if (model) result.modelIdentifier = model;
  const cores = Number.parseInt(values.get('Total Number of Cores') ?? '', 10);
  if (Number.isFinite(cores)) result.cores = cores;
  const memory = bytesFromSize(values.get('Memory'));
  if (memory) result.memoryBytes = memory;
  return Object.keys(result).length > 0 ? result : null;
}

/** Parses `sysctl` output ("name: value" or "name = value") into a map. */
export function parseSysctl(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  if (typeof text !== 'string') return values;
  for (const line of text.split(/\r?\n/)) {
    const pair = /^([a-z][\w.]*)\s*[:=]\s*(.*)$/.exec(line.trim());
    if (pair) values[pair[1] as string] = (pair[2] as string).trim();
  }
  return values;
}
