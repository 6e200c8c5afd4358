import type { CudaToolkitTable } from '../data/cudaToolkitsSchema.js';
import type { CudnnTable } from '../data/cudnnSchema.js';
import type { DistroPythonTable } from '../data/distroPythonsSchema.js';
import type { DriverBranchTable } from '../data/driverBranchesSchema.js';
import type { GpuArchitectureTable } from '../data/gpuArchitecturesSchema.js';
import type { GpuTable } from '../data/gpusSchema.js';
import type { InstallSourcesTable } from '../data/installSourcesSchema.js';
import type { Framework, FrameworkTables } from '../frameworks/registry.js';

/**
 * Types of the data/*.json tables the resolver reads, each inferred from its one schema in shared/data/ (which
 * loadDataTable checks at load). Every row keeps the `source` it came from.
 */
export type { CudaMinorCompat, CudaToolkitRelease, CudaToolkitTable } from '../data/cudaToolkitsSchema.js';
export type { GpuArchitecture, GpuArchitectureTable } from '../data/gpuArchitecturesSchema.js';
export type { DriverBranch, DriverBranchTable, DistroDriver } from '../data/driverBranchesSchema.js';
export type { PytorchVariant, PytorchRelease, RocmArchitectureSupport, PytorchTable } from '../data/pytorchSchema.js';
export type { TensorflowRelease, TensorflowPackageOverride, TensorflowTable } from '../data/tensorflowSchema.js';
export type { JaxPlugin, JaxLegacyGpuBuild, JaxLegacyGpuInstall, JaxRelease, JaxTable } from '../data/jaxSchema.js';
export type { CudnnRelease, CudnnTable } from '../data/cudnnSchema.js';
export type { InstallSourcesTable } from '../data/installSourcesSchema.js';
export type { DistroPython, DistroPythonRelease, DistroPythonTable } from '../data/distroPythonsSchema.js';

export type { PythonRange, WheelPlatform, PlatformLimit } from '../data/tableParts.js';

/** All tables, loaded once by main/plan/loadCompatData.ts; each framework's table (pytorch, tensorflow, jax) comes from its spec. */
export interface CompatData extends FrameworkTables {
  gpus: GpuTable;
  cudaToolkits: CudaToolkitTable;
  architectures: GpuArchitectureTable;
  driverBranches: DriverBranchTable;
  cudnn: CudnnTable;
  /** data/nvidia-install-sources.json, read for the cuDNN 8 builds NVIDIA's repository pins per CUDA series. */
  installSources?: InstallSourcesTable;
  /** data/distro-pythons.json: the Pythons each distribution release packages, read before planning python3.X-venv. */
  distroPythons?: DistroPythonTable;
}

/** The table names under data/, as loadDataTable expects them; a framework's is its spec's dataTable. */
export const COMPAT_TABLES = {
  gpus: 'gpus',
  cudaToolkits: 'cuda-toolkits',
  architectures: 'gpu-architectures',
  driverBranches: 'driver-branches',
  cudnn: 'cudnn',
  installSources: 'nvidia-install-sources',
  distroPythons: 'distro-pythons',
} as const satisfies Record<Exclude<keyof CompatData, Framework>, string>;
