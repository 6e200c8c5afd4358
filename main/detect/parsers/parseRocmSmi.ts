export interface RocmSmiGpu {
  index: number;
  /** PCI device id, e.g. "731f", when rocm-smi shows it. */
  deviceId?: string;
  name?: string;
  gfxArch?: string;
  vramBytes?: number;
  /** ROCm 6+ compute partitions (DPX/QPX/CPX) split one card into several logical GPUs; index 0 is the card itself. */
  partition?: { memory: string | null; compute: string | null; id: number };
}

export interface RocmSmiReport {
  driverVersion: string | null;
  gpus: RocmSmiGpu[];
}

function hexId(value: string | undefined): string | undefined {
  const match = /^0x([0-9a-fA-F]{1,4})$/.exec((value ?? '').trim());
  return match ? (match[1] as string).toLowerCase().padStart(4, '0') : undefined;
}

/**
 * Parses rocm-smi output: `-a`/`--showall` key lines ("GPU[0] : GPU ID: 0x731f"), the classic summary table
 * (ROCm 1.x–5.x) and the ROCm 6/7 table with DID and partitions. Unknown text yields no GPUs, never a throw.
 */
export function parseRocmSmi(text: string): RocmSmiReport | null {
  if (typeof text !== 'string' || text.trim() === '') return null;
  const driverVersion = /Driver version:\s*(\S+)/.exec(text)?.[1] ?? null;
  const byIndex = new Map<number, Map<string, string>>();
  for (const line of text.split(/\r?\n/)) {
    const match = /^GPU\[(\d+)\]\s*:\s*([^:]+?):\s*(.*)$/.exec(line.trim());
    if (!match) continue;
    const index = Number(match[1]);
    if (!byIndex.has(index)) byIndex.set(index, new Map());
    (byIndex.get(index) as Map<string, string>).set((match[2] as string).trim(), (match[3] as string).trim());
  }
  const gpus: RocmSmiGpu[] = [];
  for (const [index, values] of [...byIndex.entries()].sort((a, b) => a[0] - b[0])) {
    // "WARNING: Empty SysFS value" lines carry no identity: a GPU needs at least an id or a name.
    const deviceId = hexId(values.get('GPU ID') ?? values.get('Device ID'));
    // `-i`/`--showid` (ROCm 5.x+) names the card on its "Device Name" line; some builds print a bare vendor id (0x1002) there.
    const name = [values.get('Marketing Name'), values.get('Card Series'), values.get('Card series'), values.get('Device Name'), values.get('Card model')].find(
      (candidate) => candidate !== undefined && candidate !== '' && !/^(?:0x[0-9a-f]{1,8}|N\/A)$/i.test(candidate),
    );
    const gfx = /gfx[0-9a-f]+/i.exec(values.get('GFX Version') ?? values.get('Node GFX Version') ?? '')?.[0];
    const vram = Number(values.get('VRAM Total Memory (B)'));
    if (!deviceId && !name && !gfx && !values.has('VBIOS version')) continue;
    const gpu: RocmSmiGpu = { index };
    if (deviceId) gpu.deviceId = deviceId;
    if (name && !/^N\/A$/i.test(name)) gpu.name = name;
    if (gfx) gpu.gfxArch = gfx.toLowerCase();
    if (Number.isFinite(vram) && vram > 0) gpu.vramBytes = vram;
    gpus.push(gpu);
  }
  if (gpus.length === 0) {
    for (const line of text.split(/\r?\n/)) {
      const modern = /^(\d+)\s+\d+\s+0x([0-9a-fA-F]{1,4}),\s+\d+\s.*?\s(\S+),\s+(\S+),\s+(\d+)\s/.exec(line);
      if (modern) {
        const memory = modern[3] === 'N/A' ? null : (modern[3] as string);
        const compute = modern[4] === 'N/A' ? null : (modern[4] as string);
        gpus.push({ index: Number(modern[1]), deviceId: (modern[2] as string).toLowerCase().padStart(4, '0'), partition: { memory, compute, id: Number(modern[5]) } });
        continue;
      }
      // Classic table rows start with the bare index followed by a temperature or N/A. A row with nothing but N/A (and a
      // fan of 0%) is another vendor's DRM card, such as an Intel iGPU, that rocm-smi walked past (ROC-smi#40).
      const classic = /^\s*(\d+)\s+(?:\d+(?:\.\d+)?c|N\/A)\s/i.exec(line);
      const cells = line.trim().split(/\s+/).slice(1);
      if (classic && !cells.every((cell) => /^(?:N\/A|0(?:\.0)?%)$/i.test(cell))) gpus.push({ index: Number(classic[1]) });
    }
  }
  if (gpus.length === 0 && !driverVersion) return null;
  return { driverVersion, gpus };
}

/** `rocm_agent_enumerator` prints one gfx target per agent; gfx000 is the CPU. */
export function parseRocmAgentEnumerator(text: string): string[] {
  if (typeof text !== 'string') return [];
  return text
    .split(/\r?\n/)
    .map((line) => line.trim().toLowerCase())
    .filter((line) => /^gfx[0-9a-f]+$/.test(line) && line !== 'gfx000');
}
