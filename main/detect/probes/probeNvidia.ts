import { hostPathExists, sysrootPath } from '../../system/sysroot.js';
import { readProbeFile } from '../readProbeFile.js';
import type { NvidiaSmiSnapshot } from '../parsers/nvidiaSmiSnapshot.js';
import { GPU_QUERY_FIELDS, parseNvidiaSmiCsv } from '../parsers/parseNvidiaSmiCsv.js';
import { parseNvidiaSmiError, type NvidiaSmiError } from '../parsers/parseNvidiaSmiError.js';
import { parseNvidiaSmiTable, type NvidiaSmiTable } from '../parsers/parseNvidiaSmiTable.js';
import { parseNvidiaSmiQuery } from '../parsers/parseNvidiaSmiQuery.js';
import { parseProcDriverVersion, type ProcDriverVersion } from '../../system/parseProcDriverVersion.js';
import type { ProbeContext } from '../probeContext.js';
import { detectText } from '../detectText.js';
import { rememberedRun, runTool, warnUnreadable, type ToolOutcome } from '../runTool.js';
import type { RunDependencies } from '../probeRunCache.js';
import { findOnPath } from '../../system/findOnPath.js';
import type { CommandResult } from '../../system/runCommand.js';

export interface NvidiaProbeResult {
  /** Whether an nvidia-smi binary was found at all. */
  smiFound: boolean;
  snapshot: NvidiaSmiSnapshot | null;
  /** Which nvidia-smi format the GPU list came from. */
  snapshotSource: string | null;
  error: NvidiaSmiError | null;
  kernelModule: ProcDriverVersion | null;
  /** /sys/module/nvidia/version: the loaded kernel module, the cheapest driver fact there is. */
  moduleVersion: string | null;
}

function output(outcome: ToolOutcome): string {
  return outcome.ok ? `${outcome.result.stdout}\n${outcome.result.stderr}` : '';
}

/** The table adds the driver's CUDA version to the CSV; it changes only with the driver's files (and with MIG, below). */
function tableDependencies(smiPath: string): RunDependencies {
  // A new driver replaces nvidia-smi and reloads the module; a forward-compatible libcuda arrives through the loader
  // cache or LD_LIBRARY_PATH.
  return { files: [smiPath, sysrootPath('/sys/module/nvidia/version'), sysrootPath('/etc/ld.so.cache')], envNames: ['LD_LIBRARY_PATH'] };
}

/** Last run's table still holds when it shows the same GPUs and none that can hold MIG instances (their count changes without a driver change). */
function tableStillHolds(remembered: NvidiaSmiTable | null, fresh: NvidiaSmiSnapshot | null): boolean {
  if (!remembered?.cudaVersion || !fresh) return false;
  const busIds = (gpus: NvidiaSmiSnapshot['gpus']) => gpus.map((gpu) => gpu.busId?.toLowerCase() ?? '?').sort().join(',');
  return remembered.gpus.every((gpu) => gpu.migEnabled === undefined) && busIds(remembered.gpus) === busIds(fresh.gpus);
}

/**
 * NVIDIA facts: the kernel module version from /sys and /proc (cheap), then nvidia-smi: the CSV query and the
 * default table (the only place with the driver's CUDA version), the XML as fallback. On Linux the table is
 * remembered per driver, as uv caches interpreter facts: one nvidia-smi run instead of two while the driver is unchanged.
 */
export async function probeNvidia(context: ProbeContext): Promise<NvidiaProbeResult> {
  const linux = context.platform === 'linux';
  const say = detectText(context.locale);
  const purpose = say('purpose.nvidiaDetails');
  // WSL puts nvidia-smi in /usr/lib/wsl/lib, which is not always on PATH.
  const wslSmi = linux && (await hostPathExists('/usr/lib/wsl/lib/nvidia-smi')) ? sysrootPath('/usr/lib/wsl/lib/nvidia-smi') : null;
  const smi = context.platform === 'win32' ? 'nvidia-smi.exe' : 'nvidia-smi';
  const query = [`--query-gpu=${GPU_QUERY_FIELDS.join(',')}`, '--format=csv,noheader,nounits'];
  const run = async (args: string[], dependencies?: RunDependencies, refresh = false) => {
    const first = await runTool(context, [smi, ...args], purpose, dependencies, { refresh });
    if (!first.ok && first.reason === 'missing' && wslSmi) return runTool(context, [wslSmi, ...args], purpose);
    return first;
  };
  // Windows needs the table every time: its driver model (WDDM/TCC) is there.
  const smiPath = linux ? await findOnPath(smi, context.env) : null;
  const dependencies = smiPath ? tableDependencies(smiPath) : undefined;
  const remembered = dependencies ? await rememberedRun(context, [smi], dependencies) : null;
  const [moduleText, procText, csv, ranTable] = await Promise.all([
    linux ? readProbeFile(context, '/sys/module/nvidia/version', say('purpose.nvidiaModuleVersion')) : null,
    linux ? readProbeFile(context, '/proc/driver/nvidia/version', say('purpose.nvidiaKernelModuleVersion')) : null,
    run(query),
    remembered ? null : run([], dependencies),
  ]);
  let table: ToolOutcome = ranTable ?? { ok: true, result: remembered as CommandResult };
  const result: NvidiaProbeResult = {
    smiFound: csv.ok || (!csv.ok && csv.reason !== 'missing') || table.ok,
    snapshot: null,
    snapshotSource: null,
    error: null,
    kernelModule: parseProcDriverVersion(procText ?? ''),
    moduleVersion: /^\d+(?:\.\d+)+/.exec(moduleText?.trim() ?? '')?.[0] ?? null,
  };
  if (!result.smiFound) return result;
  let snapshot = csv.ok && csv.result.exitCode === 0 ? parseNvidiaSmiCsv(csv.result.stdout) : null;
  // A wrapper that prints its table whatever it is asked (the CSV query gave a table) would answer -q -x the same way.
  const csvAsTable = csv.ok ? parseNvidiaSmiTable(csv.result.stdout) : null;
  const ignoresArguments = (csvAsTable?.gpus.length ?? 0) > 0;
  if (remembered && ignoresArguments) table = csv;
  else if (remembered && !tableStillHolds(parseNvidiaSmiTable(remembered.stdout), snapshot)) table = await run([], dependencies, true);
  result.error = parseNvidiaSmiError(output(table)) ?? parseNvidiaSmiError(output(csv));
  const fromTable = table.ok ? parseNvidiaSmiTable(table.result.stdout) : null;
  let source = snapshot ? 'nvidia-smi --query-gpu' : null;
  if (!snapshot && !result.error && !ignoresArguments) {
    // Old drivers reject compute_cap in --query-gpu; the XML has everything but compute capability.
    const xml = await run(['-q', '-x']);
    // Loaded for this fallback only: its XML reader (htmlparser2) is the largest module detection would parse.
    const { parseNvidiaSmiXml } = await import('../parsers/parseNvidiaSmiXml.js');
    snapshot = xml.ok ? parseNvidiaSmiXml(xml.result.stdout) : null;
    if (snapshot) source = 'nvidia-smi -q -x';
    // Some wrappers (WSL's, old Windows builds) answer -q -x with the indented text form.
    if (!snapshot && xml.ok) {
      snapshot = parseNvidiaSmiQuery(xml.result.stdout);
      if (snapshot && snapshot.gpus.length === 0) snapshot = null;
      if (snapshot) source = 'nvidia-smi -q';
    }
  }
  if (!snapshot && fromTable && fromTable.gpus.length > 0) {
    snapshot = { driverVersion: fromTable.driverVersion, cudaVersion: fromTable.cudaVersion, gpus: fromTable.gpus };
    source = 'nvidia-smi';
  }
  if (snapshot) {
    snapshot.driverVersion ??= fromTable?.driverVersion ?? null;
    snapshot.cudaVersion ??= fromTable?.cudaVersion ?? null;
    // The CSV has no MIG mode or instance count; the table does.
    for (const gpu of snapshot.gpus) {
      const tableGpu = fromTable?.gpus.find((candidate) => candidate.index === gpu.index);
      if (tableGpu?.migEnabled !== undefined && gpu.migEnabled === undefined) gpu.migEnabled = tableGpu.migEnabled;
      if (tableGpu?.migDevices && gpu.migDevices === undefined) gpu.migDevices = tableGpu.migDevices;
      if (tableGpu?.driverModel && !gpu.driverModel) gpu.driverModel = tableGpu.driverModel;
    }
  }
  result.snapshot = snapshot;
  result.snapshotSource = source;
  if (!snapshot && !result.error) {
    const shown = table.ok ? table : csv;
    if (shown.ok) warnUnreadable(context, [smi], shown.result, purpose);
  }
  return result;
}
