import path from 'node:path';
import { localVersionTag } from '../../detect/parsers/parseDistMetadata.js';
import { hostPathExists } from '../../system/sysroot.js';
import type { BuildEvidence } from './environmentVerdict.js';
import type { InstalledDistribution } from './readDistributions.js';

/** A PyTorch local tag that names one of its wheel variants: cu118, cpu, rocm6.2. */
const TORCH_VARIANT = /^(cu\d+|cpu|rocm[\d.]+)$/;

function cudaWheel(dists: ReadonlyMap<string, InstalledDistribution>, library: 'cudnn' | 'cuda-runtime'): InstalledDistribution | undefined {
  for (const [name, dist] of dists) if (new RegExp(`^nvidia-${library}-cu\\d+$`).test(name)) return dist;
  return undefined;
}

/** Whether the torch package holds its CUDA library, in RECORD or (an egg-info without RECORD) on disk. */
async function torchHasCuda(dist: InstalledDistribution): Promise<boolean> {
  if (dist.files.length > 0) return dist.files.some((file) => /^torch\/lib\/libtorch_cuda\.so$/.test(file));
  return hostPathExists(path.join(path.dirname(dist.infoDir), 'torch', 'lib', 'libtorch_cuda.so'));
}

async function torchEvidence(dist: InstalledDistribution): Promise<BuildEvidence> {
  const tag = localVersionTag(dist.version);
  const common = { framework: 'pytorch' as const, distribution: dist.name, version: dist.version, problems: dist.problems };
  if (tag === null) return { ...common, variant: undefined };
  if (TORCH_VARIANT.test(tag)) return { ...common, variant: tag };
  // "1.13.0a0+gitunknown" (Debian's python3-torch), a source build: no wheel the data lists, its files say which kind.
  return { ...common, variant: undefined, unlisted: (await torchHasCuda(dist)) ? 'cuda' : 'cpu' };
}

/** tensorflow[and-cuda] is tensorflow plus NVIDIA's cuDNN wheel; tensorflow-cpu and a plain tensorflow >= 2.14 are CPU builds. */
function tensorflowEvidence(dist: InstalledDistribution, dists: ReadonlyMap<string, InstalledDistribution>): BuildEvidence {
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

/** JAX: the jax-cudaNN-plugin names the variant; an old jaxlib "+cuda11.cudnn86" is the find-links build; else CPU. */
function jaxEvidence(jax: InstalledDistribution, dists: ReadonlyMap<string, InstalledDistribution>): BuildEvidence {
  const plugin = [...dists.values()].find((dist) => /^jax-cuda\d+-plugin$/.test(dist.name));
  const jaxlib = dists.get('jaxlib');
  const problems = [...jax.problems, ...(plugin?.problems ?? []), ...(jaxlib?.problems ?? [])];
  const common = { framework: 'jax' as const, version: jax.version, problems };
  if (plugin) return { ...common, distribution: plugin.name, variant: /^jax-(cuda\d+)-plugin$/.exec(plugin.name)![1] };
  if (jaxlib && /\+cuda/.test(jaxlib.version)) return { ...common, distribution: 'jaxlib', variant: 'cuda' };
  return { ...common, distribution: 'jax', variant: 'cpu' };
}

/** One piece of evidence per framework the environment has. */
export async function buildEvidence(dists: ReadonlyMap<string, InstalledDistribution>): Promise<BuildEvidence[]> {
  const found: BuildEvidence[] = [];
  const torch = dists.get('torch');
  if (torch) found.push(await torchEvidence(torch));
  const tensorflow = dists.get('tensorflow') ?? dists.get('tensorflow-gpu') ?? dists.get('tensorflow-cpu');
  if (tensorflow) found.push(tensorflowEvidence(tensorflow, dists));
  const jax = dists.get('jax');
  if (jax) found.push(jaxEvidence(jax, dists));
  return found;
}

/** The CUDA runtime and cuDNN the environment's nvidia-* wheels bring. */
export function bundledLibraries(dists: ReadonlyMap<string, InstalledDistribution>): { cudaRuntime?: string; cudnn?: string } {
  const runtime = cudaWheel(dists, 'cuda-runtime')?.version;
  const cudnn = cudaWheel(dists, 'cudnn')?.version;
  return { ...(runtime ? { cudaRuntime: runtime } : {}), ...(cudnn ? { cudnn } : {}) };
}
