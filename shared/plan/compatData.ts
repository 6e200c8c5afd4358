import type { GpuTable } from '../gpus/lookupGpu.js';

/** Types of the data/*.json tables the resolver reads. Every row keeps the `source` it came from. */

export interface CudaMinorCompat {
  cudaMajor: number;
  /** null: no minor-version compatibility (CUDA 10 and older). */
  linux: string | null;
  windows: string | null;
  note?: string;
  source: string;
}

export interface CudaToolkitRelease {
  version: string;
  label: string;
  driverLinux: string | null;
  driverWindows: string | null;
  computeCapabilities: string[];
  confidence: string;
  note?: string;
  source: string;
}

export interface CudaToolkitTable {
  reviewedAt: string;
  minorVersionCompatibility: CudaMinorCompat[];
  /** The oldest series NVIDIA's apt repository for a distro carries ("ubuntu2204": "11.7"); older ones come from the runfile. */
  repositories?: { repo: string; firstSeries: string }[];
  releases: CudaToolkitRelease[];
}

export interface GpuArchitecture {
  name: string;
  computeCapabilities: string[];
  lastCuda?: string;
  lastCudaByCapability?: Record<string, string>;
  /** The last driver branch that supports the architecture; null while it is current. */
  lastDriverBranch: string | null;
  firstDriver?: { linux: string; windows: string; note?: string };
  /** 'required' when only NVIDIA's open kernel modules drive the architecture (data/nvidia-devices.json agrees). */
  openKernelModules?: 'required';
  examples: string[];
  note?: string;
  source: string;
}

export interface GpuArchitectureTable {
  reviewedAt: string;
  architectures: GpuArchitecture[];
}

export interface DriverBranch {
  branch: string;
  minimumVersion: { linux?: string; windows?: string };
  newestCuda: string;
  lastFor?: string[];
  support?: string;
  note?: string;
  confidence?: string;
  source: string;
}

export interface DriverBranchTable {
  reviewedAt: string;
  preferredBranch: { branch: string; reason: string; source: string };
  branches: DriverBranch[];
  distroPackages: { distro: string; pattern: string; serverPattern?: string; source: string }[];
  recommendedBranches: { distro: string; architecture: string; branch: string; source: string }[];
  /** Drivers a distribution release packages itself: what its own driver install gives (distroDriver.ts). */
  distroDrivers?: DistroDriver[];
}

/** One distribution release's own NVIDIA driver package: `repo` as in HardwareProfile.linuxRepo ("debian12"). */
export interface DistroDriver {
  repo: string;
  distro: string;
  package: string;
  component: string;
  version: string;
  source: string;
}

export interface PythonRange {
  min: string;
  max: string;
  /** Pythons the framework lists as experimental for the release ("(3.13 experimental)"): offered with a warning. */
  experimental?: string[];
  note?: string;
}

/** Where DL Setup plans for: Linux x86_64 / aarch64, Windows x86_64, macOS Apple silicon / Intel. */
export type WheelPlatform = 'linux-x86_64' | 'linux-aarch64' | 'windows' | 'macos-arm64' | 'macos-x86_64';

/** The releases a platform has wheels for: from `firstRelease`, through `lastRelease` (release rows, "2.2", "0.4.38"). */
export interface PlatformLimit {
  platform: WheelPlatform;
  firstRelease?: string;
  lastRelease?: string;
  source: string;
}

export interface PytorchVariant {
  /** "cu126", "rocm6.4", "cpu". */
  name: string;
  kind: 'cuda' | 'rocm' | 'cpu';
  cuda?: string;
  cudnn?: string;
  rocm?: string;
  /** x86_64 list; null: not in reviewed data. */
  computeCapabilities?: string[] | null;
  computeCapabilitiesAarch64?: string[];
  /** PTX in this build only on these platforms (Windows wheels of CUDA 13 builds carry no PTX). */
  ptxOnlyOn?: string[];
  platforms: string[];
  archSource: string;
}

export interface PytorchRelease {
  version: string;
  /** The newest of `patches`: what an unpinned or minor-pinned plan installs. */
  latestPatch: string;
  /** Every published version of the release, oldest first ("2.9.0", "2.9.1"). */
  patches: string[];
  /** A platform whose wheels cover other Pythons than `python`. */
  pythonByPlatform?: Partial<Record<WheelPlatform, PythonRange>>;
  releaseDate: string;
  python: PythonRange;
  defaultPipVariant: Record<string, string>;
  indexFlag: 'index-url' | 'extra-index-url';
  variants: PytorchVariant[];
  note?: string;
  source: string;
}

export interface RocmArchitectureSupport {
  rocmMin: string;
  supported: string[];
  unsupported: string[];
  note?: string;
  source: string;
}

export interface PytorchTable {
  reviewedAt: string;
  platformLimits?: PlatformLimit[];
  indexUrlPattern: string;
  rocmArchitectures: RocmArchitectureSupport[];
  releases: PytorchRelease[];
}

export interface TensorflowRelease {
  /** The release row: its first published version ("2.16.1"). */
  version: string;
  latestPatch: string;
  patches: string[];
  /** Where the patch list comes from, when not from `source`. */
  patchSource?: string;
  pythonByPlatform?: Partial<Record<WheelPlatform, PythonRange>>;
  python: PythonRange;
  cuda: string;
  cudnn: string;
  computeCapabilities: string[];
  windowsNativeGpu: boolean;
  andCudaExtra: boolean;
  source: string;
}

/** A platform whose early releases shipped under another package name (Apple silicon: `tensorflow-macos` 2.5-2.12). */
export interface TensorflowPackageOverride {
  platform: WheelPlatform;
  package: string;
  /** The newest release row installed under that name; later rows use `tensorflow`. */
  throughRelease: string;
  source: string;
}

export interface TensorflowTable {
  reviewedAt: string;
  platformLimits?: PlatformLimit[];
  packageOverrides?: TensorflowPackageOverride[];
  releases: TensorflowRelease[];
}

export interface JaxPlugin {
  name: 'cuda12' | 'cuda13';
  extra: string;
  builtWithCuda: string | null;
  minCuda: string;
  minCudnn: string;
  minComputeCapability: string;
  driverLinux: string;
  driverNote?: string;
}

/** A GPU jaxlib from JAX's find-links page (before jax-cuda12-plugin on PyPI, jax < 0.4.26). */
export interface JaxLegacyGpuBuild {
  /** The extra: "cuda12_pip", "cuda11_pip" (CUDA from nvidia-* wheels) or "cuda" (a system CUDA 11 and cuDNN). */
  extra: string;
  cuda: string;
  cudnn: string;
  /** The wheel links against a CUDA Toolkit and cuDNN installed on the system. */
  systemCuda: boolean;
  computeCapabilities: string[];
}

export interface JaxLegacyGpuInstall {
  /** pip's --find-links page that holds the CUDA jaxlib wheels. */
  findLinks: string;
  platforms: WheelPlatform[];
  builds: JaxLegacyGpuBuild[];
  note?: string;
  source: string;
}

export interface JaxRelease {
  version: string;
  /** The jaxlib the release installs ("0.4.36" for jax 0.4.37). */
  jaxlib?: string;
  pythonByPlatform?: Partial<Record<WheelPlatform, PythonRange>>;
  /** Pulled from PyPI by its maintainers; installable only by exact pin. */
  yanked?: boolean;
  /** GPU wheels from a find-links page, for releases before the PyPI plugins. */
  legacyGpuInstall?: JaxLegacyGpuInstall;
  releaseDate: string;
  python: PythonRange;
  plugins: JaxPlugin[];
  platforms: { gpu: string[]; gpuExperimental: string[]; cpu: string[] };
  note?: string;
  source: string;
}

export interface JaxTable {
  reviewedAt: string;
  platformLimits?: PlatformLimit[];
  releases: JaxRelease[];
}

export interface CudnnRelease {
  version: string;
  cudaMajors: string[];
  cudaSupported: unknown;
  driver: unknown;
  computeCapabilities: string | null;
  /** The lowest compute capability the row's matrix lists, per CUDA major of the package ("11": "5.0"). */
  minComputeCapability?: Record<string, string>;
  confidence: string;
  note?: string;
  source: string;
}

export interface CudnnTable {
  reviewedAt: string;
  releases: CudnnRelease[];
}

/** All tables, loaded once by main/plan/loadCompatData.ts. */
export interface CompatData {
  gpus: GpuTable;
  cudaToolkits: CudaToolkitTable;
  architectures: GpuArchitectureTable;
  driverBranches: DriverBranchTable;
  pytorch: PytorchTable;
  tensorflow: TensorflowTable;
  jax: JaxTable;
  cudnn: CudnnTable;
  /** data/nvidia-install-sources.json, read for the cuDNN 8 builds NVIDIA's repository pins per CUDA series. */
  installSources?: InstallSourcesTable;
}

/** The part of data/nvidia-install-sources.json the resolver reads: which (cuDNN, CUDA) pairs have a package build. */
export interface InstallSourcesTable {
  cudnnPinnedPackages: { cudnn: string; cuda: string; version: string; source: string }[];
  /** Ubuntu's open-module metapackage pattern ("nvidia-driver-{branch}-open"), which a plan's driver step names. */
  driverPackages?: { distro: string; openPattern?: string }[];
}

/** The table names under data/, as loadDataTable expects them. */
export const COMPAT_TABLES = {
  gpus: 'gpus',
  cudaToolkits: 'cuda-toolkits',
  architectures: 'gpu-architectures',
  driverBranches: 'driver-branches',
  pytorch: 'pytorch',
  tensorflow: 'tensorflow',
  jax: 'jax',
  cudnn: 'cudnn',
  installSources: 'nvidia-install-sources',
} as const satisfies Record<keyof CompatData, string>;
