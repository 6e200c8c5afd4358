import { isIntegratedNvidiaName, isMissingValue, isVgpuProfileName, mibFromText, pciIdFromNvidiaHex, type NvidiaSmiGpu, type NvidiaSmiSnapshot } from './nvidiaSmiSnapshot.js';

/** The fields our probe asks for, in order (issue 3); also the default when a CSV has no header. */
export const GPU_QUERY_FIELDS = ['index', 'name', 'pci.bus_id', 'memory.total', 'compute_cap', 'driver_version'] as const;

const KNOWN_FIELD = /^(timestamp|index|name|gpu_name|uuid|gpu_uuid|pci\.|memory\.|driver_version|kmd_version|compute_cap|count|serial|fan\.|pstate|power\.|temperature\.|utilization\.|clocks)/;

/** Splits CSV rows (nvidia-smi never quotes); `[MiB]`-style units in headers are dropped from the keys. */
export function parseNvidiaSmiCsvRows(text: string, fields?: readonly string[]): Record<string, string | null>[] {
  if (typeof text !== 'string') return [];
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (lines.length === 0) return [];
  const firstCells = (lines[0] as string).split(',').map((cell) => cell.trim());
  const bare = firstCells.map((cell) => cell.replace(/\s*\[[^\]]*\]$/, ''));
  // A header is a list of property names ("memory.total [MiB]"); a data row always has a number or a space.
  const hasHeader = bare.every((cell) => /^[A-Za-z_][\w.]*$/.test(cell)) && bare.some((cell) => KNOWN_FIELD.test(cell));
  const keys = hasHeader ? bare : fields ? [...fields] : null;
  if (!keys) return [];
  const rows: Record<string, string | null>[] = [];
  for (const line of hasHeader ? lines.slice(1) : lines) {
    const cells = line.split(',').map((cell) => cell.trim());
    // A truncated row (fewer cells than keys) or a stray error line is not a row.
    if (cells.length !== keys.length) continue;
    const row: Record<string, string | null> = {};
    keys.forEach((key, at) => {
      const value = cells[at] ?? '';
      row[key] = isMissingValue(value) ? null : value;
    });
    rows.push(row);
  }
  return rows;
}

/** Parses `nvidia-smi --query-gpu=... --format=csv[,noheader][,nounits]`; null when no GPU row is there. */
export function parseNvidiaSmiCsv(text: string, fields: readonly string[] = GPU_QUERY_FIELDS): NvidiaSmiSnapshot | null {
  const rows = parseNvidiaSmiCsvRows(text, fields);
  const gpus: NvidiaSmiGpu[] = [];
  let driverVersion: string | null = null;
  for (const [position, row] of rows.entries()) {
    const name = row.name ?? row.gpu_name;
    if (!name) continue;
    const gpu: NvidiaSmiGpu = { name };
    const index = Number(row.index ?? position);
    if (Number.isInteger(index)) gpu.index = index;
    const busId = row['pci.bus_id'] ?? row.gpu_bus_id;
    if (busId) gpu.busId = busId;
    const uuid = row.uuid ?? row.gpu_uuid;
    if (uuid) gpu.uuid = uuid;
    const pciId = pciIdFromNvidiaHex(row['pci.device_id']);
    if (pciId) gpu.pciId = pciId;
    const subsystem = pciIdFromNvidiaHex(row['pci.sub_device_id']);
    if (subsystem) gpu.subsystemId = subsystem;
    const memory = mibFromText(row['memory.total']);
    if (memory !== undefined) gpu.memoryMiB = memory;
    const cc = row.compute_cap;
    if (cc && /^\d+\.\d+$/.test(cc)) gpu.computeCapability = cc;
    const model = row['driver_model.current'];
    if (model) gpu.driverModel = model;
    const mig = row['mig.mode.current'];
    if (mig === 'Enabled') gpu.migEnabled = true;
    else if (mig === 'Disabled') gpu.migEnabled = false;
    if (isVgpuProfileName(name)) gpu.virtualization = 'vgpu';
    if (isIntegratedNvidiaName(name)) gpu.integrated = true;
    const version = /^\d+(?:\.\d+)+$/.exec(row.kmd_version ?? '')?.[0] ?? /^\d+(?:\.\d+)+$/.exec(row.driver_version ?? '')?.[0];
    if (version) driverVersion ??= version;
    gpus.push(gpu);
  }
  if (gpus.length === 0) return null;
  return { driverVersion, cudaVersion: null, gpus };
}
