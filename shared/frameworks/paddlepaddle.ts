// PaddlePaddle (飞桨): its facts, its table's shape and its builds per platform (data/paddlepaddle.json).
import * as v from 'valibot';
import { flag, keyed, listOf, pythonRange, row, source, tableHeader, text, texts, wheelPlatform } from '../data/tableParts.js';
import { cudaWheel, type BuildEvidence, type InstalledDistribution, type InstalledDistributions } from './environmentEvidence.js';
import type { FrameworkSpec } from './frameworkSpec.js';
import type { FrameworkBuild, PlatformKey } from './platformWheels.js';

/** One paddlepaddle-gpu build of a release: its CUDA, where pip finds it, and whether it needs a system CUDA Toolkit. */
const paddleGpuBuildSchema = row({
  name: text,
  cuda: text,
  cudnn: v.optional(text),
  /** What the build's pip version adds to the release's ("2.6.2.post112"); absent: the plain version. */
  versionSuffix: v.optional(text),
  /** Its own index (packages/stable/cuXXX/); absent with no findLinks: PyPI. */
  indexUrl: v.optional(text),
  /** Before 2.6 the builds sat on one find-links page per OS. */
  findLinks: v.optional(keyed(text)),
  platforms: listOf(wheelPlatform),
  /** From the docs' "GPU 运算能力超过 X" to the newest architecture its CUDA compiles for, one entry per major. */
  computeCapabilities: texts,
  /** 2.x wheels link against a CUDA Toolkit and cuDNN on the system; from 3.0 pip brings NVIDIA's libraries. */
  systemCuda: flag,
});

const paddleReleaseSchema = row({
  version: text,
  latestPatch: text,
  patches: texts,
  python: pythonRange,
  cpu: row({ indexUrl: v.optional(text), platforms: listOf(wheelPlatform) }),
  gpu: listOf(paddleGpuBuildSchema),
  source,
});

export const paddleTableSchema = row({
  ...tableHeader,
  verify: v.optional(text),
  releases: listOf(paddleReleaseSchema),
});

export type PaddleTable = v.InferOutput<typeof paddleTableSchema>;
type PaddleRelease = PaddleTable['releases'][number];
type PaddleGpuBuild = PaddleRelease['gpu'][number];

/** Where pip finds a build: its index, its OS's find-links page, or PyPI. */
function wheelSource(build: Pick<PaddleGpuBuild, 'indexUrl' | 'findLinks'>, key: PlatformKey): Pick<FrameworkBuild, 'indexUrl' | 'findLinks'> {
  if (build.indexUrl) return { indexUrl: build.indexUrl };
  const page = build.findLinks?.[key];
  return page ? { findLinks: page } : {};
}

function paddleBuilds(table: PaddleTable, key: PlatformKey): FrameworkBuild[][] {
  return table.releases.map((release) => {
    const common = { framework: 'paddlepaddle' as const, release: release.version, version: release.latestPatch, patches: release.patches, python: release.python, experimental: false, source: release.source };
    const builds: FrameworkBuild[] = release.gpu.filter((gpu) => gpu.platforms.includes(key)).map((gpu) => ({
      ...common,
      variant: gpu.name,
      kind: 'cuda' as const,
      cuda: gpu.cuda,
      cudnn: gpu.cudnn,
      capabilities: gpu.computeCapabilities,
      ptx: false,
      packages: [`paddlepaddle-gpu==${release.latestPatch}${gpu.versionSuffix ?? ''}`],
      ...wheelSource(gpu, key),
      pipDefault: false,
      needsSystemCuda: gpu.systemCuda,
    }));
    if (release.cpu.platforms.includes(key)) {
      builds.push({ ...common, variant: 'cpu', kind: 'cpu', ptx: false, packages: [`paddlepaddle==${release.latestPatch}`], ...wheelSource(release.cpu, key), pipDefault: true, needsSystemCuda: false });
    }
    return builds;
  });
}

/**
 * Which build an environment holds: paddlepaddle is the CPU build; paddlepaddle-gpu's ".postNNN" names its CUDA (2.x);
 * a plain 2.x paddlepaddle-gpu is PyPI's CUDA 11.8 build (the 2.5 and 2.6 install pages); from 3.0 the NVIDIA runtime
 * wheel pip brought names the CUDA major (the data lists one build per major).
 */
function paddleEvidence(dist: InstalledDistribution, dists: InstalledDistributions): BuildEvidence {
  const post = /^(.*)\.post(\d+)$/.exec(dist.version);
  const common = { framework: 'paddlepaddle' as const, distribution: dist.name, version: post?.[1] ?? dist.version, problems: dist.problems };
  if (dist.name === 'paddlepaddle') return { ...common, variant: 'cpu' };
  if (post) return { ...common, variant: `cu${post[2]}` };
  if (/^2\./.test(dist.version)) return { ...common, variant: 'cu118' };
  const cudaMajor = /-cu(\d+)$/.exec(cudaWheel(dists, 'cuda-runtime')?.name ?? '')?.[1];
  return { ...common, variant: cudaMajor === '11' ? 'cu118' : cudaMajor === '12' ? 'cu126' : undefined };
}

export const paddlepaddle = {
  id: 'paddlepaddle',
  label: 'PaddlePaddle',
  importName: 'paddle',
  primaryPackage: 'paddlepaddle',
  distributions: ['paddlepaddle-gpu', 'paddlepaddle'],
  companionDistributions: [],
  pinRule: 'minor',
  dataTable: 'paddlepaddle',
  tableSchema: paddleTableSchema,
  builds: (table, key) => paddleBuilds(table, key),
  gpu: { mps: false, rocm: false },
  downloads: { cuda: 'paddlepaddle-cuda-wheels', rocm: 'paddlepaddle-rocm-wheels', cpu: 'paddlepaddle-cpu-wheel' },
  evidence: paddleEvidence,
  verify: { adapterModule: 'dlsetup_check_paddle', flag: 'paddlepaddle' },
  diagnose: { packagePaths: ['paddle'], words: ['PaddlePaddle', 'paddle'] },
} as const satisfies FrameworkSpec<PaddleTable>;
