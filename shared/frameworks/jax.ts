// JAX: its facts and its builds per platform (data/jax.json).
import { jaxTableSchema, type JaxTable } from '../data/jaxSchema.js';
import { type BuildEvidence, type InstalledDistribution, type InstalledDistributions } from './environmentEvidence.js';
import type { FrameworkSpec } from './frameworkSpec.js';
import { isLinux, platformLimit, pythonOn, releaseOnPlatform, type FrameworkBuild, type PlatformKey } from './platformWheels.js';

function jaxBuilds(table: JaxTable, key: PlatformKey, wsl: boolean): FrameworkBuild[][] {
  const limit = platformLimit(table.platformLimits, key);
  return table.releases.filter((release) => releaseOnPlatform(limit, release.version)).map((release) => {
    const builds: FrameworkBuild[] = [];
    const common = {
      framework: 'jax' as const,
      release: release.version,
      version: release.version,
      patches: [release.version],
      python: pythonOn(release, key),
      source: release.source,
      ...(release.yanked ? { yanked: true } : {}),
    };
    if (isLinux(key)) {
      for (const plugin of release.plugins) {
        builds.push({
          ...common,
          variant: plugin.name,
          kind: 'cuda',
          cuda: plugin.builtWithCuda ?? plugin.minCuda,
          cudnn: plugin.minCudnn,
          capabilities: [`>=${plugin.minComputeCapability}`],
          ptx: false,
          packages: [`jax[${plugin.extra}]==${release.version}`],
          pipDefault: false,
          needsSystemCuda: false,
          experimental: wsl,
        });
      }
      const legacy = release.legacyGpuInstall;
      if (legacy?.platforms.includes(key)) {
        // Before the PyPI plugins, CUDA jaxlib wheels came from a find-links page; `jax[cuda]` needs a system CUDA and cuDNN.
        for (const old of legacy.builds) {
          builds.push({
            ...common,
            variant: old.extra,
            kind: 'cuda',
            cuda: old.cuda,
            cudnn: old.cudnn,
            capabilities: old.computeCapabilities,
            ptx: true,
            packages: [`jax[${old.extra}]==${release.version}`],
            findLinks: legacy.findLinks,
            pipDefault: false,
            needsSystemCuda: old.systemCuda,
            experimental: wsl,
            source: legacy.source,
          });
        }
      }
    }
    builds.push({ ...common, variant: 'cpu', kind: 'cpu', ptx: false, packages: [`jax==${release.version}`], pipDefault: true, needsSystemCuda: false, experimental: false });
    return builds;
  });
}


/** JAX: the jax-cudaNN-plugin names the variant; an old jaxlib "+cuda11.cudnn86" is the find-links build; else CPU. */
function jaxEvidence(jax: InstalledDistribution, dists: InstalledDistributions): BuildEvidence {
  const plugin = [...dists.values()].find((dist) => /^jax-cuda\d+-plugin$/.test(dist.name));
  const jaxlib = dists.get('jaxlib');
  const problems = [...jax.problems, ...(plugin?.problems ?? []), ...(jaxlib?.problems ?? [])];
  const common = { framework: 'jax' as const, version: jax.version, problems };
  if (plugin) return { ...common, distribution: plugin.name, variant: /^jax-(cuda\d+)-plugin$/.exec(plugin.name)![1] };
  if (jaxlib && /\+cuda/.test(jaxlib.version)) return { ...common, distribution: 'jaxlib', variant: 'cuda' };
  return { ...common, distribution: 'jax', variant: 'cpu' };
}

export const jax = {
  id: 'jax',
  label: 'JAX',
  importName: 'jax',
  primaryPackage: 'jax',
  distributions: ['jax'],
  companionDistributions: ['jaxlib', 'jax-cuda\\d+-(plugin|pjrt)'],
  pinRule: 'exact',
  dataTable: 'jax',
  tableSchema: jaxTableSchema,
  builds: (table, key, profile) => jaxBuilds(table, key, profile.os === 'wsl'),
  gpu: { mps: false, rocm: false },
  downloads: { cuda: 'jax-cuda-wheels', rocm: 'jax-rocm-wheels', cpu: 'jax-cpu-wheels' },
  evidence: jaxEvidence,
  verify: { adapterModule: 'dlsetup_check_jax', flag: 'jax' },
  diagnose: { packagePaths: ['jax', 'jaxlib'], words: ['jaxlib'] },
} as const satisfies FrameworkSpec<JaxTable>;
