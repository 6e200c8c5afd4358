import path from 'node:path';
import { hostPathExists } from '../../system/sysroot.js';
import { cudaWheel, type BuildEvidence, type EvidenceHost, type InstalledDistributions } from '../../../shared/frameworks/environmentEvidence.js';
import { FRAMEWORK_IDS, frameworkSpec } from '../../../shared/frameworks/registry.js';

/** Files beside a distribution's metadata folder, on the host (an egg-info has no RECORD to list them). */
const host: EvidenceHost = {
  existsBesideInfoDir: (dist, relativePath) => hostPathExists(path.join(path.dirname(dist.infoDir), ...relativePath.split('/'))),
};

/** One piece of evidence per framework the environment has: its spec reads its first installed distribution. */
export async function buildEvidence(dists: InstalledDistributions): Promise<BuildEvidence[]> {
  const found: BuildEvidence[] = [];
  for (const spec of FRAMEWORK_IDS.map(frameworkSpec)) {
    const dist = spec.distributions.map((name) => dists.get(name)).find((d) => d !== undefined);
    if (dist) found.push(await spec.evidence(dist, dists, host));
  }
  return found;
}

/** The CUDA runtime and cuDNN the environment's nvidia-* wheels bring. */
export function bundledLibraries(dists: InstalledDistributions): { cudaRuntime?: string; cudnn?: string } {
  const runtime = cudaWheel(dists, 'cuda-runtime')?.version;
  const cudnn = cudaWheel(dists, 'cudnn')?.version;
  return { ...(runtime ? { cudaRuntime: runtime } : {}), ...(cudnn ? { cudnn } : {}) };
}
