import { lookupGpu, normalizePciId, type GpuRow } from '../../shared/gpus/lookupGpu.js';
import type { Gpu, HardwareReport } from '../../shared/types/hardware.js';
import type { HardwareProfile } from '../../shared/types/plan.js';
import { nvidiaRepoDistro } from '../system/hostOsRelease.js';
import { VERSION_PATTERN } from '../../shared/schema/patterns.js';
import { compareMajorMinor } from '../../shared/versions/dottedVersion.js';

function normalizeArch(arch: string, os: HardwareProfile['os']): HardwareProfile['arch'] {
  const lower = arch.toLowerCase();
  if (lower === 'arm64' || lower === 'aarch64') return os === 'macos' ? 'arm64' : 'aarch64';
  return 'x86_64';
}

function capabilityOf(gpu: Gpu, rows: readonly GpuRow[]): string | undefined {
  return gpu.computeCapability ?? lookupGpu(rows, { pciId: gpu.pciId, name: gpu.name })?.computeCapability;
}

/** Lowest compute capability first; a GPU whose capability is unknown goes last. */
function compareCapability(a: string | undefined, b: string | undefined): number {
  if (a === undefined || b === undefined) return (a === undefined ? 1 : 0) - (b === undefined ? 1 : 0);
  return compareMajorMinor(a, b);
}

/** The Pythons a venv can start from (system and pyenv interpreters, X.Y), and those of them that cannot make one. */
function venvBases(report: HardwareReport): Pick<HardwareProfile, 'pythonVersions' | 'pythonsWithoutVenv' | 'pyenvPythons'> {
  const bases = report.pythons.filter((env) => env.kind === 'system' || env.kind === 'pyenv');
  const xy = (version: string) => version.split('.').slice(0, 2).join('.');
  const unique = (list: string[]) => [...new Set(list)];
  const without = unique(bases.filter((env) => env.venv === false).map((env) => xy(env.version)));
  // A pyenv Python whose X.Y no system interpreter has: the venv step must be told where it is.
  const systemXy = new Set(bases.filter((env) => env.kind === 'system').map((env) => xy(env.version)));
  const pyenv = bases.filter((env) => env.kind === 'pyenv' && !systemXy.has(xy(env.version)));
  const pyenvPythons = [...new Map(pyenv.map((env) => [xy(env.version), { version: xy(env.version), path: env.path }])).values()];
  return {
    pythonVersions: unique(bases.map((env) => xy(env.version))),
    ...(without.length ? { pythonsWithoutVenv: without } : {}),
    ...(pyenvPythons.length ? { pyenvPythons } : {}),
  };
}

/** NVIDIA's repository folder for the distro (ubuntu2204, debian12): which toolkit series apt can install there. */
function linuxRepo(report: HardwareReport): Pick<HardwareProfile, 'linuxRepo'> {
  const { distro, version } = report.os;
  if (report.os.platform !== 'linux' || report.os.wsl || !distro || !version) return {};
  const repo = nvidiaRepoDistro({ id: distro, versionId: version, idLike: [], codename: '', prettyName: '' });
  return repo ? { linuxRepo: repo } : {};
}

/** Debian's nvidia-cuda-toolkit in /usr, when detection found it with a version. */
function debianToolkit(report: HardwareReport): Pick<HardwareProfile, 'debianCudaToolkit'> {
  const version = report.cudaToolkits.find((tk) => tk.debianPackage)?.version;
  return version && version !== 'unknown' ? { debianCudaToolkit: version } : {};
}

/** Versions detection read, as a profile field: one it could not read in the plan's shape is left out (unknown), never passed on to be refused at install. */
function listOf<K extends 'cudaToolkits' | 'cudnnVersions'>(key: K, versions: readonly string[]): Partial<Record<K, string[]>> {
  const readable = versions.filter((version) => VERSION_PATTERN.test(version));
  return readable.length ? ({ [key]: readable } as Partial<Record<K, string[]>>) : {};
}

/**
 * The resolver's view of a detected machine. With several NVIDIA GPUs it plans for the one with the lowest compute
 * capability, so the chosen build has code for every card.
 */
export function profileFromReport(report: HardwareReport, gpuRows: readonly GpuRow[] = []): HardwareProfile {
  const os: HardwareProfile['os'] = report.os.wsl ? 'wsl' : report.os.platform === 'windows' ? 'windows' : report.os.platform === 'macos' ? 'macos' : 'linux';
  const arch = normalizeArch(report.os.arch, os);
  const nvidia = report.gpus.filter((gpu) => gpu.vendor === 'nvidia');
  const amd = report.gpus.filter((gpu) => gpu.vendor === 'amd');
  let primary: Gpu | undefined;
  let computeCapability: string | undefined;
  if (nvidia.length) {
    const ranked = nvidia.map((gpu) => ({ gpu, cc: capabilityOf(gpu, gpuRows) })).sort((x, y) => compareCapability(x.cc, y.cc));
    primary = ranked[0]!.gpu;
    computeCapability = ranked[0]!.cc;
  } else {
    primary = amd[0] ?? report.gpus.find((gpu) => gpu.vendor === 'apple') ?? report.gpus.find((gpu) => gpu.vendor === 'intel');
  }
  const gfx = primary?.vendor === 'amd' ? (primary.gfxArch ?? lookupGpu(gpuRows, { pciId: primary.pciId, name: primary.name })?.gfxArch) : undefined;
  const appleSilicon = !primary && os === 'macos' && arch === 'arm64';
  const python = report.pythons.find((env) => env.kind === 'system') ?? report.pythons[0];
  return {
    os,
    arch,
    gpuVendor: primary?.vendor ?? (appleSilicon ? 'apple' : 'none'),
    ...(primary?.name ? { gpuName: primary.name } : {}),
    ...(computeCapability ? { computeCapability } : {}),
    // An NVIDIA GPU nobody could identify is named by its PCI id, so the plan can say which GPU it does not know.
    ...(primary?.vendor === 'nvidia' && !computeCapability && primary.pciId && normalizePciId(primary.pciId) ? { gpuPciId: normalizePciId(primary.pciId) } : {}),
    ...(gfx ? { gpuArch: gfx } : {}),
    // One driver serves every card: open modules when any of them needs them (Blackwell, GH200).
    ...(nvidia.some((gpu) => gpu.openKernelModules === 'required')
      ? { gpuOpenKernelModules: 'required' as const }
      : primary?.openKernelModules && primary.vendor === 'nvidia'
        ? { gpuOpenKernelModules: primary.openKernelModules }
        : {}),
    driverVersion: primary?.vendor === 'nvidia' ? (report.driver?.version ?? primary.driverVersion ?? null) : null,
    ...listOf('cudaToolkits', report.cudaToolkits.map((tk) => tk.version)),
    ...debianToolkit(report),
    ...listOf('cudnnVersions', report.cudnn.map((c) => c.version)),
    ...(python ? { pythonVersion: python.version } : {}),
    ...venvBases(report),
    ...linuxRepo(report),
    // Only what detection looked at: a report without the field (an older one) claims nothing about conda.
    ...(report.condaCommand !== undefined ? { condaFound: report.condaCommand !== null } : {}),
  };
}
