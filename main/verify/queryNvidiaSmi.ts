import { DlsetupError } from '../../shared/errors.js';
import { parseNvidiaSmiCsvRows } from '../detect/parsers/parseNvidiaSmiCsv.js';
import { parseProcDriverVersion } from '../system/parseProcDriverVersion.js';
import { runCommand } from '../system/runCommand.js';
import { readHostFile } from '../system/sysroot.js';
import type { GpuHealth } from './specEfficiency.js';

export interface NvidiaSmiGpuInfo {
  name: string;
  pciId: string | null;
  memoryMiB: number | null;
}

export interface DriverAndGpus {
  driver: string | null;
  gpus: NvidiaSmiGpuInfo[];
  /** Where the driver version came from: 'nvidia-smi', '/proc/driver/nvidia/version', or null. */
  source: string | null;
}

const GPU_FIELDS = ['name', 'pci.device_id', 'driver_version', 'memory.total'] as const;

async function smi(args: string[], signal?: AbortSignal): Promise<string | null> {
  try {
    const result = await runCommand(['nvidia-smi', ...args], { timeoutMs: 15_000, signal });
    return result.exitCode === 0 ? result.stdout : null;
  } catch (error) {
    if (error instanceof DlsetupError && error.code === 'CANCELLED') throw error;
    return null;
  }
}

function numberOf(value: string | null | undefined): number | undefined {
  const parsed = Number.parseFloat(value ?? '');
  return Number.isFinite(parsed) ? parsed : undefined;
}

/** The installed driver and GPUs for the fingerprint: nvidia-smi, else /proc/driver/nvidia/version, else nothing. */
export async function queryDriverAndGpus(signal?: AbortSignal): Promise<DriverAndGpus> {
  const text = await smi([`--query-gpu=${GPU_FIELDS.join(',')}`, '--format=csv,noheader,nounits'], signal);
  const rows = text ? parseNvidiaSmiCsvRows(text, GPU_FIELDS) : [];
  if (rows.length > 0) {
    const gpus = rows.map((row) => ({
      name: row.name ?? 'unknown GPU',
      pciId: row['pci.device_id'] ?? null,
      memoryMiB: numberOf(row['memory.total']) ?? null,
    }));
    return { driver: rows[0]?.driver_version ?? null, gpus, source: 'nvidia-smi' };
  }
  // Some nvidia-smi builds reject a field of the combined query; the plain driver query still answers.
  const plain = text === null ? await smi(['--query-gpu=driver_version', '--format=csv,noheader'], signal) : null;
  const driverLine = plain?.split(/\r?\n/).map((line) => line.trim()).find((line) => /^\d+\.\d+/.test(line));
  if (driverLine) return { driver: driverLine, gpus: [], source: 'nvidia-smi' };
  const proc = parseProcDriverVersion((await readHostFile('/proc/driver/nvidia/version')) ?? '');
  if (proc) return { driver: proc.version, gpus: [], source: '/proc/driver/nvidia/version' };
  return { driver: null, gpus: [], source: null };
}

const HEALTH_FIELDS = [
  'temperature.gpu',
  'power.limit',
  'power.default_limit',
  'clocks.sm',
  'clocks.max.sm',
  'pcie.link.gen.current',
  'pcie.link.gen.max',
  'pcie.link.width.current',
  'pcie.link.width.max',
  'clocks_throttle_reasons.active',
];

/** A snapshot of GPU 0's temperature, power cap, clocks and PCIe link, to name likely causes of low throughput. */
export async function queryGpuHealth(signal?: AbortSignal): Promise<GpuHealth | null> {
  let fields = HEALTH_FIELDS;
  let text = await smi([`--query-gpu=${fields.join(',')}`, '--format=csv,noheader,nounits', '--id=0'], signal);
  // Newer drivers may reject the deprecated throttle field; the rest still tells a lot.
  if (text === null) {
    fields = HEALTH_FIELDS.slice(0, -1);
    text = await smi([`--query-gpu=${fields.join(',')}`, '--format=csv,noheader,nounits', '--id=0'], signal);
  }
  const row = text ? parseNvidiaSmiCsvRows(text, fields)[0] : undefined;
  if (!row) return null;
  return {
    temperatureC: numberOf(row['temperature.gpu']),
    powerLimitW: numberOf(row['power.limit']),
    powerDefaultLimitW: numberOf(row['power.default_limit']),
    smClockMHz: numberOf(row['clocks.sm']),
    smClockMaxMHz: numberOf(row['clocks.max.sm']),
    pcieGen: numberOf(row['pcie.link.gen.current']),
    pcieGenMax: numberOf(row['pcie.link.gen.max']),
    pcieWidth: numberOf(row['pcie.link.width.current']),
    pcieWidthMax: numberOf(row['pcie.link.width.max']),
    throttleReasons: row['clocks_throttle_reasons.active'] ?? undefined,
  };
}
