/**
 * The facts a data refresh changes (the newest releases, the preferred driver), read from data/*.json so tests assert
 * against the tables instead of pinning today's values. Test-only: testkit/ is in no production tsconfig.
 */
import cudaToolkits from '../../data/cuda-toolkits.json' with { type: 'json' };
import architectures from '../../data/gpu-architectures.json' with { type: 'json' };
import driverBranches from '../../data/driver-branches.json' with { type: 'json' };
import jax from '../../data/jax.json' with { type: 'json' };
import pytorch from '../../data/pytorch.json' with { type: 'json' };
import tensorflow from '../../data/tensorflow.json' with { type: 'json' };
import { expect } from 'vitest';
import { matchCapability } from '../../shared/plan/computeCapability.js';
import type { Plan } from '../../shared/types/plan.js';
import { cudaMajor, cudaSeries, cudaVersion } from '../../shared/versions/cudaVersion.js';
import { driverVersion } from '../../shared/versions/driverVersion.js';
import { pep440 } from '../../shared/versions/pep440.js';

/** Newest first by version order, not by the rows' order (which the tables promise and loadCompatData.test checks). */
function newestFirst<R extends { version: string }>(rows: readonly R[]): R[] {
  return [...rows].sort((a, b) => pep440.compare(b.version, a.version));
}

export const newestPytorch = newestFirst(pytorch.releases)[0]!;
export const newestTensorflow = newestFirst(tensorflow.releases)[0]!;
export const newestJax = newestFirst(jax.releases)[0]!;

type PytorchRelease = (typeof pytorch.releases)[number];
type PytorchVariant = PytorchRelease['variants'][number];

/** The newest PyTorch release with a build `accepts` ("a macOS build", "a ROCm build for gfx1100"), and that build. */
export function newestPytorchWith(what: string, accepts: (variant: PytorchVariant) => boolean): { release: PytorchRelease; variant: PytorchVariant } {
  for (const release of newestFirst(pytorch.releases)) {
    const variant = release.variants.find(accepts);
    if (variant) return { release, variant };
  }
  throw new Error(`data/pytorch.json has no release with ${what}`);
}

/** The newest PyTorch release with a Linux ROCm build for the AMD architecture `gfx` (ROCm floor per data/pytorch.json). */
export function newestPytorchRocmFor(gfx: string): { release: PytorchRelease; variant: PytorchVariant } {
  const rocmMin = pytorch.rocmArchitectures.find((row) => row.supported.includes(gfx))?.rocmMin;
  if (!rocmMin) throw new Error(`data/pytorch.json supports ${gfx} in no ROCm release`);
  return newestPytorchWith(`a ROCm build for ${gfx}`, (variant) => variant.kind === 'rocm' && 'rocm' in variant && cudaVersion.compare(String(variant.rocm), rocmMin) >= 0);
}

/** Where pip finds a PyTorch build: PyPI itself for the release's default Linux build, else the variant's index. */
export function pytorchIndexUrl(release: PytorchRelease, variant: string): string | undefined {
  return release.defaultPipVariant['linux-x86_64'] === variant ? undefined : pytorch.indexUrlPattern.replace('{variant}', variant);
}

/** The CUDA builds of `release` that lack native code for `capability`: the ones a plan names as not chosen. */
export function pytorchBuildsWithout(release: PytorchRelease, capability: string): string[] {
  return release.variants
    .filter((variant) => variant.kind === 'cuda' && matchCapability(variant.computeCapabilities ?? [], capability, false) !== 'native')
    .map((variant) => variant.name);
}

/**
 * The newest PyTorch release with CUDA builds carrying native code for `capability` ("6.1" for Pascal), and those
 * builds; with `keptDriver`, only builds whose CUDA major's minor-version floor that driver meets.
 */
export function newestPytorchFor(capability: string, keptDriver?: string): { release: PytorchRelease; cudaBuilds: string[] } {
  const runsOnDriver = (cuda: string | undefined) => !keptDriver || (cuda !== undefined && driverVersion.compare(keptDriver, minorCompatibilityFloor(cudaMajor(cuda))) >= 0);
  for (const release of newestFirst(pytorch.releases)) {
    const cudaBuilds = release.variants
      .filter((variant) => variant.kind === 'cuda' && matchCapability(variant.computeCapabilities ?? [], capability, false) === 'native')
      .filter((variant) => runsOnDriver(variant.cuda))
      .map((variant) => variant.name);
    if (cudaBuilds.length > 0) return { release, cudaBuilds };
  }
  throw new Error(`data/pytorch.json has no CUDA build for compute capability ${capability}`);
}

/** A PyTorch release row by its version ("2.14"), for tests that pin a release and print its latest patch. */
export function pytorchRelease(version: string): PytorchRelease {
  const release = pytorch.releases.find((row) => row.version === version);
  if (!release) throw new Error(`data/pytorch.json has no release ${version}`);
  return release;
}

type TensorflowRelease = (typeof tensorflow.releases)[number];

/** The newest TensorFlow release whose Linux CUDA build runs on compute capability `capability` (native or by PTX). */
export function newestTensorflowFor(capability: string): TensorflowRelease {
  const release = newestFirst(tensorflow.releases).find((row) => row.cuda && matchCapability(row.computeCapabilities ?? [], capability, true));
  if (!release) throw new Error(`data/tensorflow.json has no CUDA release for compute capability ${capability}`);
  return release;
}

type JaxRelease = (typeof jax.releases)[number];

/** A TensorFlow release row by its series ("2.10"), for tests that pin a release and print its latest patch. */
export function tensorflowRelease(series: string): TensorflowRelease {
  const release = tensorflow.releases.find((row) => row.version === series || row.version.startsWith(`${series}.`));
  if (!release) throw new Error(`data/tensorflow.json has no release ${series}`);
  return release;
}

/** The newest JAX release with the CUDA plugin `plugin` ("cuda12"). */
export function newestJaxWith(plugin: string): JaxRelease {
  const release = newestFirst(jax.releases).find((row) => row.plugins?.some((entry) => entry.name === plugin));
  if (!release) throw new Error(`data/jax.json has no release with the ${plugin} plugin`);
  return release;
}

/** A Python version (3.12) inside a release's supported range. */
export function expectPythonInRange(python: string, range: { min: string; max: string }): void {
  expect(pep440.compare(python, range.min), `${python} >= ${range.min}`).toBeGreaterThanOrEqual(0);
  expect(pep440.compare(python, range.max), `${python} <= ${range.max}`).toBeLessThanOrEqual(0);
}

/** The newest reviewed update of a CUDA series ("13.0" -> 13.0.2 and its Linux driver floor): what a system-method plan installs. */
export function newestToolkitUpdate(series: string): { version: string; driverLinux: string } {
  const [newest] = cudaToolkits.releases
    .filter((row) => row.confidence !== 'unverified' && cudaSeries(row.version) === series)
    .sort((a, b) => cudaVersion.compare(b.version, a.version));
  if (!newest?.driverLinux) throw new Error(`data/cuda-toolkits.json has no reviewed update of CUDA ${series} with a Linux driver floor`);
  return { version: newest.version, driverLinux: newest.driverLinux };
}

/** The driver branch DL Setup installs and that branch's oldest Linux driver ("580", "580.65.06"). */
export const preferredDriver = (() => {
  const { branch } = driverBranches.preferredBranch;
  const linuxMinimum = driverBranches.branches.find((row) => row.branch === branch)?.minimumVersion.linux;
  if (!linuxMinimum) throw new Error(`data/driver-branches.json has no Linux minimum for the preferred branch ${branch}`);
  return { branch, linuxMinimum };
})();

/**
 * The branch a plan installs for a GPU architecture ("Pascal") and that branch's oldest Linux driver: the preferred
 * branch, or the architecture's last branch when that is older (data/gpu-architectures.json lastDriverBranch).
 */
export function plannedDriverFor(architecture: string): { branch: string; linuxMinimum: string } {
  const last = architectures.architectures.find((row) => row.name === architecture)?.lastDriverBranch;
  const branch = last && Number(last) < Number(preferredDriver.branch) ? last : preferredDriver.branch;
  const linuxMinimum = driverBranches.branches.find((row) => row.branch === branch)?.minimumVersion.linux;
  if (!linuxMinimum) throw new Error(`data/driver-branches.json has no Linux minimum for branch ${branch}`);
  return { branch, linuxMinimum };
}

/** The architecture ("Pascal") whose compute capabilities include `capability` ("6.1"). */
export function architectureOf(capability: string): string {
  const row = architectures.architectures.find((entry) => entry.computeCapabilities.includes(capability));
  if (!row) throw new Error(`data/gpu-architectures.json has no architecture with compute capability ${capability}`);
  return row.name;
}

/** The oldest driver that runs every CUDA `major`.x build (minor-version compatibility, data/cuda-toolkits.json). */
export function minorCompatibilityFloor(cudaMajor: number, os: 'linux' | 'windows' = 'linux'): string {
  const floor = cudaToolkits.minorVersionCompatibility.find((row) => row.cudaMajor === cudaMajor)?.[os];
  if (!floor) throw new Error(`data/cuda-toolkits.json has no ${os} minor-version floor for CUDA ${cudaMajor}`);
  return floor;
}

/**
 * A resolved PyTorch wheels plan's versions, after checking them against data/: the newest release with kernels for the
 * GPU's `capability` (and, when the plan keeps the driver, a build that driver runs), one of its builds with them, the driver floor of that build's CUDA major and, when the plan
 * installs a driver, the branch planned for the GPU's architecture (`branch`, `linuxMinimum`). Tests print these instead of today's numbers.
 */
export function pytorchPlanFacts(plan: Plan, capability: string) {
  const { release, cudaBuilds } = newestPytorchFor(capability, plan.driver.action === 'keep' ? plan.driver.current : undefined);
  const { version, variant, cuda } = plan.framework;
  expect(version).toBe(release.latestPatch);
  expect(cudaBuilds).toContain(variant);
  expect(plan.driver.minimum).toBe(minorCompatibilityFloor(cudaMajor(cuda!)));
  const driver = plannedDriverFor(architectureOf(capability));
  if (plan.driver.action === 'install' || plan.driver.action === 'upgrade') expect(plan.driver.target).toBe(driver.linuxMinimum);
  return { release: release.version, version, variant, cuda: cuda!, minimum: plan.driver.minimum!, ...driver };
}

/** A value as a regular expression that matches exactly it (versions carry dots). */
export function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
