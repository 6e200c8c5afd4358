// TensorFlow: its facts and its builds per platform (data/tensorflow.json).
import { tensorflowTableSchema, type TensorflowTable } from '../data/tensorflowSchema.js';
import { cudaWheel, type BuildEvidence, type InstalledDistribution, type InstalledDistributions } from './environmentEvidence.js';
import type { FrameworkSpec } from './frameworkSpec.js';
import { compareRelease, isLinux, platformLimit, pythonOn, releaseOnPlatform, type FrameworkBuild, type PlatformKey } from './platformWheels.js';

/** `tensorflow==2.16.1`, or on Apple silicon before 2.13 `tensorflow-macos==2.12.*` (its patch numbers are not tensorflow's). */
function tensorflowPackage(table: TensorflowTable, key: PlatformKey, release: string, version: string): string {
  const override = table.packageOverrides?.find((o) => o.platform === key && compareRelease(release, o.throughRelease) <= 0);
  if (!override) return `tensorflow==${version}`;
  return `${override.package}==${release.split('.').slice(0, 2).join('.')}.*`;
}

function tensorflowBuilds(table: TensorflowTable, key: PlatformKey): FrameworkBuild[][] {
  const limit = platformLimit(table.platformLimits, key);
  return table.releases.filter((release) => releaseOnPlatform(limit, release.version)).map((release) => {
    const builds: FrameworkBuild[] = [];
    const cudaMajor = release.cuda.split('.')[0];
    const gpuHere = isLinux(key) ? key === 'linux-x86_64' : key === 'windows' && release.windowsNativeGpu;
    const version = release.latestPatch;
    const common = { framework: 'tensorflow' as const, release: release.version, version, patches: release.patches, python: pythonOn(release, key), experimental: false, source: release.source };
    if (gpuHere) {
      const extra = release.andCudaExtra && isLinux(key);
      builds.push({
        ...common,
        variant: `cuda${cudaMajor}`,
        kind: 'cuda',
        cuda: release.cuda,
        cudnn: release.cudnn,
        capabilities: release.computeCapabilities,
        ptx: true,
        packages: [extra ? `tensorflow[and-cuda]==${version}` : `tensorflow==${version}`],
        pipDefault: false,
        needsSystemCuda: !extra,
      });
    }
    builds.push({ ...common, variant: 'cpu', kind: 'cpu', ptx: false, packages: [tensorflowPackage(table, key, release.version, version)], pipDefault: !gpuHere, needsSystemCuda: false });
    return builds;
  });
}


/** tensorflow[and-cuda] is tensorflow plus NVIDIA's cuDNN wheel; tensorflow-cpu and a plain tensorflow >= 2.14 are CPU builds. */
function tensorflowEvidence(dist: InstalledDistribution, dists: InstalledDistributions): BuildEvidence {
  const common = { framework: 'tensorflow' as const, distribution: dist.name, version: dist.version, problems: dist.problems };
  if (dist.name === 'tensorflow-cpu') return { ...common, variant: 'cpu' };
  const cudnn = cudaWheel(dists, 'cudnn');
  const [major = 0, minor = 0] = dist.version.split('.').map(Number);
  const bringsOwnCuda = major > 2 || (major === 2 && minor >= 14);
  if (bringsOwnCuda && !cudnn) return { ...common, variant: 'cpu' };
  const cudaMajor = cudnn ? /-cu(\d+)$/.exec(cudnn.name)?.[1] : undefined;
  // Before 2.14 the GPU build is the same wheel, linked against a system CUDA: the data's variant names its CUDA major.
  return { ...common, variant: cudaMajor ? `cuda${cudaMajor}` : undefined };
}

export const tensorflow = {
  id: 'tensorflow',
  label: 'TensorFlow',
  importName: 'tensorflow',
  primaryPackage: 'tensorflow',
  distributions: ['tensorflow', 'tensorflow-gpu', 'tensorflow-cpu'],
  companionDistributions: [],
  pinRule: 'minor',
  dataTable: 'tensorflow',
  tableSchema: tensorflowTableSchema,
  builds: (table, key) => tensorflowBuilds(table, key),
  gpu: { mps: false, rocm: false },
  downloads: { cuda: 'tensorflow-cuda-wheels', rocm: 'tensorflow-rocm-wheels', cpu: 'tensorflow-cpu-wheel' },
  evidence: tensorflowEvidence,
  verify: { adapterModule: 'dlsetup_check_tensorflow', flag: 'tensorflow' },
  diagnose: { packagePaths: ['tensorflow'], words: ['TensorFlow'] },
} as const satisfies FrameworkSpec<TensorflowTable>;
