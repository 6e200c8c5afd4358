/**
 * The facts a data refresh changes (the newest releases, the preferred driver), read from data/*.json so tests assert
 * against the tables instead of pinning today's values. Test-only: testkit/ is in no production tsconfig.
 */
import cudaToolkits from '../../data/cuda-toolkits.json' with { type: 'json' };
import driverBranches from '../../data/driver-branches.json' with { type: 'json' };
import jax from '../../data/jax.json' with { type: 'json' };
import pytorch from '../../data/pytorch.json' with { type: 'json' };
import tensorflow from '../../data/tensorflow.json' with { type: 'json' };
import { expect } from 'vitest';
import { matchCapability } from '../../shared/plan/computeCapability.js';
import type { Plan } from '../../shared/types/plan.js';
import { cudaMajor } from '../../shared/versions/cudaVersion.js';
import { pep440 } from '../../shared/versions/pep440.js';

/** Newest first by version order, not by the rows' order (which the tables promise and loadCompatData.test checks). */
function newestFirst<R extends { version: string }>(rows: readonly R[]): R[] {
  return [...rows].sort((a, b) => pep440.compare(b.version, a.version));
}

export const newestPytorch = newestFirst(pytorch.releases)[0]!;
export const newestTensorflow = newestFirst(tensorflow.releases)[0]!;
export const newestJax = newestFirst(jax.releases)[0]!;

type PytorchRelease = (typeof pytorch.releases)[number];

/** The newest PyTorch release with CUDA builds carrying native code for `capability` ("6.1" for Pascal), and those builds. */
export function newestPytorchFor(capability: string): { release: PytorchRelease; cudaBuilds: string[] } {
  for (const release of newestFirst(pytorch.releases)) {
    const cudaBuilds = release.variants
      .filter((variant) => variant.kind === 'cuda' && matchCapability(variant.computeCapabilities ?? [], capability, false) === 'native')
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

/** The driver branch DL Setup installs and that branch's oldest Linux driver ("580", "580.65.06"). */
export const preferredDriver = (() => {
  const { branch } = driverBranches.preferredBranch;
  const linuxMinimum = driverBranches.branches.find((row) => row.branch === branch)?.minimumVersion.linux;
  if (!linuxMinimum) throw new Error(`data/driver-branches.json has no Linux minimum for the preferred branch ${branch}`);
  return { branch, linuxMinimum };
})();

/** The oldest Linux driver that runs every CUDA `major`.x build (minor-version compatibility, data/cuda-toolkits.json). */
export function minorCompatibilityFloor(cudaMajor: number): string {
  const floor = cudaToolkits.minorVersionCompatibility.find((row) => row.cudaMajor === cudaMajor)?.linux;
  if (!floor) throw new Error(`data/cuda-toolkits.json has no Linux minor-version floor for CUDA ${cudaMajor}`);
  return floor;
}

/**
 * A resolved PyTorch wheels plan's versions, after checking them against data/: the newest release with kernels for the
 * GPU's `capability`, one of its builds with them, the driver floor of that build's CUDA major and, when the plan
 * installs a driver, the preferred branch. Tests print these instead of today's numbers.
 */
export function pytorchPlanFacts(plan: Plan, capability: string) {
  const { release, cudaBuilds } = newestPytorchFor(capability);
  const { version, variant, cuda } = plan.framework;
  expect(version).toBe(release.latestPatch);
  expect(cudaBuilds).toContain(variant);
  expect(plan.driver.minimum).toBe(minorCompatibilityFloor(cudaMajor(cuda!)));
  if (plan.driver.action === 'install' || plan.driver.action === 'upgrade') expect(plan.driver.target).toBe(preferredDriver.linuxMinimum);
  return { release: release.version, version, variant, cuda: cuda!, minimum: plan.driver.minimum!, ...preferredDriver };
}

/** A value as a regular expression that matches exactly it (versions carry dots). */
export function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
