import type { CudaToolkit, Finding, Gpu } from '../../shared/types/hardware.js';
import { parseCapability, smLabel } from '../../shared/plan/computeCapability.js';
import { cudaVersion } from '../../shared/versions/cudaVersion.js';
import { loadDataTable } from '../data/loadDataTable.js';
import { cudaToolkitTableSchema, type CudaToolkitRelease } from '../../shared/data/cudaToolkitsSchema.js';
import type { DetectSay } from './detectText.js';

/** The fields of a data/cuda-toolkits.json release this check reads (tests pass rows of their own). */
type ToolkitRow = Pick<CudaToolkitRelease, 'version'> & Partial<Pick<CudaToolkitRelease, 'computeCapabilities' | 'confidence'>>;

const series = (version: string) => /^(\d+)\.(\d+)/.exec(version)?.slice(1, 3).join('.') ?? version;
const numeric = (capability: string) => {
  const parsed = parseCapability(capability);
  return parsed ? parsed.major * 100 + parsed.minor : -1;
};

/**
 * An active Toolkit too old for a GPU here (CUDA 11.0 on an H100, sm_90): nvcc cannot emit native code for it, so
 * what the student compiles runs only through PTX for an older GPU, if at all. Capabilities per release come from
 * data/cuda-toolkits.json (NVIDIA's release notes and clang's MinVersionForCudaArch); the first release listing the
 * GPU's capability is named. Nothing is said when data/ does not know the toolkit's series.
 */
export function toolkitGpuFindings(toolkits: CudaToolkit[], gpus: Gpu[], say: DetectSay, rows?: ToolkitRow[]): Finding[] {
  const toolkit = toolkits.find((candidate) => candidate.active) ?? (toolkits.length === 1 ? toolkits[0] : undefined);
  // Only an NVIDIA GPU with a known capability can be out of reach: without one, the 75 KB table is not read at all.
  if (!toolkit || !gpus.some((gpu) => gpu.vendor === 'nvidia' && gpu.computeCapability)) return [];
  const releases = (rows ?? loadDataTable('cuda-toolkits', cudaToolkitTableSchema).releases).filter((row) => row.confidence !== 'unverified' && row.computeCapabilities?.length);
  const own = releases.filter((row) => row.version === toolkit.version || series(row.version) === series(toolkit.version));
  if (!own.length) return [];
  const targets = new Set(own.flatMap((row) => row.computeCapabilities ?? []));
  const newest = Math.max(...[...targets].map(numeric));
  const findings: Finding[] = [];
  const seen = new Set<string>();
  for (const gpu of gpus) {
    const capability = gpu.vendor === 'nvidia' ? gpu.computeCapability : undefined;
    if (!capability || seen.has(capability) || targets.has(capability) || numeric(capability) <= newest) continue;
    seen.add(capability);
    const first = releases.filter((row) => row.computeCapabilities?.includes(capability)).sort((a, b) => cudaVersion.compare(a.version, b.version))[0];
    findings.push({
      code: 'TOOLKIT_CANNOT_TARGET_GPU',
      severity: 'warning',
      message: say(first ? 'finding.toolkitCannotTargetGpu' : 'finding.toolkitCannotTargetGpuNoFirst', {
        toolkit: toolkit.version,
        gpu: gpu.name,
        capability,
        sm: smLabel(capability),
        first: first ? series(first.version) : '',
      }),
    });
  }
  return findings;
}
