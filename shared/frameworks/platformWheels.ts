// What every framework's build list shares: the build shape, the wheel platform of a machine, platform limits.
import type { Framework, HardwareProfile } from '../types/plan.js';
import type { PlatformLimit, PythonRange, WheelPlatform } from '../data/tableParts.js';
import { compareDotted, compareDottedText, parseDotted, type DottedVersion } from '../versions/dottedVersion.js';

// Invariant: release rows and limits come from data/, whose schema test holds them to dotted numbers.
const dottedOf = (text: string): DottedVersion => parseDotted(text) ?? [];

/** One installable build of one framework release, as the resolver compares them. */
export interface FrameworkBuild {
  framework: Framework;
  /** The release row: "2.14", "2.21.0", "0.11.0". */
  release: string;
  /** The exact version pip installs: "2.14.0" (the release's newest patch). */
  version: string;
  /** Every published version of the release ("2.9.0", "2.9.1"); a full pin must name one of them. */
  patches: readonly string[];
  /** "cu126", "cu130", "cpu", "rocm6.4", "cuda12", "cuda13". */
  variant: string;
  kind: 'cuda' | 'rocm' | 'cpu';
  cuda?: string;
  cudnn?: string;
  rocm?: string;
  /** Compute capabilities with code in this build on this platform; undefined for CPU/ROCm. */
  capabilities?: readonly string[];
  /** Whether the build's "+PTX" entries exist on this platform. */
  ptx: boolean;
  /** ROCm gfx targets the build supports. */
  gfx?: readonly string[];
  python: PythonRange;
  packages: string[];
  indexUrl?: string;
  extraIndexUrl?: string;
  /** pip's --find-links page (JAX's CUDA jaxlib wheels before 0.4.26). */
  findLinks?: string;
  /** Pulled from PyPI by its maintainers: planned for no request (a pin names the next release instead). */
  yanked?: boolean;
  /** What a plain `pip install <framework>` gets on this platform. */
  pipDefault: boolean;
  /** TensorFlow < 2.14: pip brings no CUDA; a system or conda CUDA Toolkit + cuDNN is needed. */
  needsSystemCuda: boolean;
  /** GPU support exists but the framework calls it experimental here (JAX on WSL2). */
  experimental: boolean;
  source: string;
}

export type PlatformKey = WheelPlatform;

/** WSL2 runs Linux wheels; macOS is split because only Apple silicon has MPS. */
export function platformKey(profile: Pick<HardwareProfile, 'os' | 'arch'>): PlatformKey {
  const arm = profile.arch === 'aarch64' || profile.arch === 'arm64';
  if (profile.os === 'macos') return arm ? 'macos-arm64' : 'macos-x86_64';
  if (profile.os === 'windows') return 'windows';
  return arm ? 'linux-aarch64' : 'linux-x86_64';
}

export function isLinux(key: PlatformKey): boolean {
  return key === 'linux-x86_64' || key === 'linux-aarch64';
}

/** Compares a release row with a limit's release on the limit's parts only: "2.16.1" is within "2.16". */
export function compareRelease(release: string, limit: string): number {
  const bound = dottedOf(limit);
  return compareDotted(dottedOf(release).slice(0, bound.length), bound);
}

/** Whether a dotted version ("6.4") is at or above another ("6.0"). */
export function versionAtLeast(version: string, min: string): boolean {
  return compareDottedText(version, min, 'release') >= 0;
}

/** The platform's wheel limit (first or last release with wheels), if the framework's table names one. */
export function platformLimit(limits: readonly PlatformLimit[] | undefined, key: PlatformKey): PlatformLimit | undefined {
  return limits?.find((limit) => limit.platform === key);
}

/** Whether the platform has wheels of a release: inside its first and last release, when the table names them. */
export function releaseOnPlatform(limit: PlatformLimit | undefined, release: string): boolean {
  if (!limit) return true;
  if (limit.firstRelease && compareRelease(release, limit.firstRelease) < 0) return false;
  return !(limit.lastRelease && compareRelease(release, limit.lastRelease) > 0);
}

/** The release's Python range on this platform (some platforms' wheels cover fewer Pythons). */
export function pythonOn(release: { python: PythonRange; pythonByPlatform?: Partial<Record<WheelPlatform, PythonRange>> }, key: PlatformKey): PythonRange {
  return release.pythonByPlatform?.[key] ?? release.python;
}

