import type { DiagnoseFacts } from '../../shared/types/diagnose.js';
import type { HardwareReport } from '../../shared/types/hardware.js';
import { loadDataTable } from '../data/loadDataTable.js';
import { nvidiaSmiTableSchema, type NvidiaSmiTable } from '../../shared/data/nvidiaSmiSchema.js';

const branchOf = (version: string): number => Number(/^(\d{2,3})\./.exec(version)?.[1] ?? NaN);

/**
 * Whether the nvidia-smi of the driver in question knows `--query-gpu=compute_cap` (data/nvidia-smi.json): the text's
 * driver first (the machine the error came from), else this machine's. Fields arrive with a branch, so the branch decides;
 * between the last branch known without it and the first known with it no flag is set and the advice stays conditional.
 */
export function computeCapQueryValues(facts: DiagnoseFacts, machine: HardwareReport | undefined): Record<string, string> {
  const version = facts.driverVersion ?? machine?.driver?.version;
  if (!version) return {};
  let row: NvidiaSmiTable['queryGpuFields'][number] | undefined;
  try {
    row = loadDataTable('nvidia-smi', nvidiaSmiTableSchema).queryGpuFields.find((candidate) => candidate.field === 'compute_cap');
  } catch {
    return {};
  }
  const branch = branchOf(version);
  if (!row || Number.isNaN(branch)) return {};
  if (branch >= branchOf(row.firstSeenWith)) return { computeCapQuery: 'yes' };
  if (branch <= branchOf(row.lastWithout)) return { computeCapQueryMissing: 'yes', computeCapDriver: version };
  return {};
}
