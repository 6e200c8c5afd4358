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
}

export interface PythonRange {
  min: string;
  max: string;
  experimental?: string[];
  note?: string;
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
  latestPatch: string;
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
  indexUrlPattern: string;
  rocmArchitectures: RocmArchitectureSupport[];
  releases: PytorchRelease[];
}

export interface TensorflowRelease {
  version: string;
  python: PythonRange;
  cuda: string;
  cudnn: string;
  computeCapabilities: string[];
  windowsNativeGpu: boolean;
  andCudaExtra: boolean;
  source: string;
}

export interface TensorflowTable {
  reviewedAt: string;
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

export interface JaxRelease {
  version: string;
  releaseDate: string;
  python: PythonRange;
  plugins: JaxPlugin[];
  platforms: { gpu: string[]; gpuExperimental: string[]; cpu: string[] };
  note?: string;
  source: string;
}

export interface JaxTable {
  reviewedAt: string;
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
} as const satisfies Record<keyof CompatData, string>;
