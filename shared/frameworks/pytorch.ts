// PyTorch: its facts and its builds per platform (data/pytorch.json).
import { pytorchTableSchema, type PytorchTable } from '../data/pytorchSchema.js';
import { localVersionTag, type BuildEvidence, type EvidenceHost, type InstalledDistribution, type InstalledDistributions } from './environmentEvidence.js';
import type { FrameworkSpec } from './frameworkSpec.js';
import { isLinux, platformLimit, pythonOn, releaseOnPlatform, versionAtLeast, type FrameworkBuild, type PlatformKey } from './platformWheels.js';

function pytorchBuilds(table: PytorchTable, key: PlatformKey): FrameworkBuild[][] {
  const limit = platformLimit(table.platformLimits, key);
  return table.releases.filter((release) => releaseOnPlatform(limit, release.version)).map((release) => {
    const builds: FrameworkBuild[] = [];
    const platformName = isLinux(key) ? 'linux' : key === 'windows' ? 'windows' : 'macos';
    const defaultVariant = release.defaultPipVariant[key === 'linux-x86_64' ? 'linux-x86_64' : platformName];
    for (const variant of release.variants) {
      if (!variant.platforms.includes(platformName)) continue;
      let capabilities: readonly string[] | undefined;
      if (variant.kind === 'cuda') {
        capabilities = key === 'linux-aarch64' ? variant.computeCapabilitiesAarch64 : (variant.computeCapabilities ?? undefined);
        if (!capabilities) continue;
      }
      let gfx: readonly string[] | undefined;
      if (variant.kind === 'rocm') {
        if (key !== 'linux-x86_64') continue;
        const support = table.rocmArchitectures.find((row) => versionAtLeast(variant.rocm ?? '0', row.rocmMin));
        if (!support) continue;
        gfx = support.supported;
      }
      const pipDefault = variant.name === defaultVariant && key !== 'linux-aarch64';
      const url = table.indexUrlPattern.replace('{variant}', variant.name);
      // CPU wheels on Windows and macOS come from PyPI; elsewhere the variant's own index avoids pulling CUDA libraries.
      const needsIndex = !pipDefault && !(variant.kind === 'cpu' && (key === 'windows' || key.startsWith('macos')));
      builds.push({
        framework: 'pytorch',
        release: release.version,
        version: release.latestPatch,
        patches: release.patches,
        variant: variant.name,
        kind: variant.kind,
        cuda: variant.cuda,
        cudnn: variant.cudnn,
        rocm: variant.rocm,
        capabilities,
        ptx: variant.kind === 'cuda' && (!variant.ptxOnlyOn || variant.ptxOnlyOn.includes(platformName)),
        gfx,
        python: pythonOn(release, key),
        packages: [`torch==${release.latestPatch}`],
        ...(needsIndex ? (release.indexFlag === 'index-url' ? { indexUrl: url } : { extraIndexUrl: url }) : {}),
        pipDefault,
        needsSystemCuda: false,
        experimental: false,
        source: release.source,
      });
    }
    return builds;
  });
}


/** A PyTorch local tag that names one of its wheel variants: cu118, cpu, rocm6.2. */
const TORCH_VARIANT = /^(cu\d+|cpu|rocm[\d.]+)$/;

/** Whether the torch package holds its CUDA library, in RECORD or (an egg-info without RECORD) on disk. */
async function torchHasCuda(dist: InstalledDistribution, host: EvidenceHost): Promise<boolean> {
  if (dist.files.length > 0) return dist.files.some((file) => /^torch\/lib\/libtorch_cuda\.so$/.test(file));
  return host.existsBesideInfoDir(dist, 'torch/lib/libtorch_cuda.so');
}

async function torchEvidence(dist: InstalledDistribution, _dists: InstalledDistributions, host: EvidenceHost): Promise<BuildEvidence> {
  const tag = localVersionTag(dist.version);
  const common = { framework: 'pytorch' as const, distribution: dist.name, version: dist.version, problems: dist.problems };
  if (tag === null) return { ...common, variant: undefined };
  if (TORCH_VARIANT.test(tag)) return { ...common, variant: tag };
  // "1.13.0a0+gitunknown" (Debian's python3-torch), a source build: no wheel the data lists, its files say which kind.
  return { ...common, variant: undefined, unlisted: (await torchHasCuda(dist, host)) ? 'cuda' : 'cpu' };
}

export const pytorch = {
  id: 'pytorch',
  label: 'PyTorch',
  importName: 'torch',
  primaryPackage: 'torch',
  distributions: ['torch'],
  companionDistributions: [],
  pinRule: 'minor',
  dataTable: 'pytorch',
  tableSchema: pytorchTableSchema,
  builds: (table, key) => pytorchBuilds(table, key),
  gpu: { mps: true, rocm: true },
  downloads: { cuda: 'pytorch-cuda-wheels', rocm: 'pytorch-rocm-wheels', cpu: 'pytorch-cpu-wheel' },
  evidence: torchEvidence,
  verify: { adapterModule: 'dlsetup_check_torch', flag: 'pytorch' },
  diagnose: { packagePaths: ['torch'], words: ['PyTorch'] },
} as const satisfies FrameworkSpec<PytorchTable>;
