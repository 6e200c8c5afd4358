import os from 'node:os';
import type { CpuInfo } from '../../../shared/types/hardware.js';
import { readHostFile } from '../../system/sysroot.js';
import { parseMeminfoTotal, parseProcCpuinfo } from '../parsers/parseProcCpuinfo.js';
import type { ProbeContext } from '../probeContext.js';

/** CPU model, logical cores and RAM: /proc on Linux (so simulated hosts work), Node's os module elsewhere. */
export async function probeCpu(context: ProbeContext): Promise<CpuInfo> {
  const [cpuinfo, meminfo] = context.platform === 'linux' ? await Promise.all([readHostFile('/proc/cpuinfo'), readHostFile('/proc/meminfo')]) : [null, null];
  const parsed = parseProcCpuinfo(cpuinfo ?? '');
  const cpus = os.cpus();
  return {
    model: parsed.model ?? cpus[0]?.model?.trim() ?? 'unknown',
    cores: parsed.threads || cpus.length,
    memoryBytes: parseMeminfoTotal(meminfo ?? '') ?? os.totalmem(),
  };
}
