import { driverBranchTableSchema } from '../../shared/data/driverBranchesSchema.js';
import { installSourcesTableSchema, type NvidiaArch } from '../../shared/data/installSourcesSchema.js';
import { loadDataTable } from './loadDataTable.js';

/**
 * What the elevated steps install, from data/nvidia-install-sources.json and data/driver-branches.json (issue 15):
 * the plan names versions and branches, these functions name the packages, downloads and checksums.
 */

/** One published file: NVIDIA's URL and the sha256 it must have. */
export interface PublishedDownload {
  version: string;
  arch: NvidiaArch;
  url: string;
  sha256: string;
}

export type { NvidiaArch } from '../../shared/data/installSourcesSchema.js';

const table = () => loadDataTable('nvidia-install-sources', installSourcesTableSchema);
const fill = (pattern: string, values: Record<string, string>) => pattern.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

export function hostNvidiaArch(arch: string = process.arch): NvidiaArch {
  return arch === 'arm64' ? 'sbsa' : 'x86_64';
}

/** Ubuntu's metapackage for a driver branch ("580", "580-server"), with NVIDIA's open kernel modules when asked. */
export function ubuntuDriverPackage(branch: string, open: boolean): string | null {
  const plain = loadDataTable('driver-branches', driverBranchTableSchema).distroPackages.find((row) => row.distro === 'ubuntu')?.pattern;
  const openPattern = table().driverPackages.find((row) => row.distro === 'ubuntu')?.openPattern;
  const pattern = open ? openPattern : plain;
  return pattern ? fill(pattern, { branch }) : null;
}

/**
 * Debian's driver packages (non-free), and NVIDIA's metapackage when Debian's own are not available; with `open`,
 * NVIDIA's open kernel modules (contrib's nvidia-open-kernel-dkms, NVIDIA's nvidia-open) for GPUs that need them.
 */
export function debianDriverPackages(open = false): { packages: string[]; fallbackPackages: string[] } {
  const row = table().driverPackages.find((candidate) => candidate.distro === 'debian');
  if (open) return { packages: row?.openPackages ?? [], fallbackPackages: row?.openFallbackPackages ?? [] };
  return { packages: row?.packages ?? [], fallbackPackages: row?.fallbackPackages ?? [] };
}

/** NVIDIA's repository metapackage for a toolkit series "12.6": cuda-toolkit-12-6. */
export function toolkitPackage(series: string): string {
  const [major = '', minor = ''] = series.split('.');
  return fill(table().toolkitPackage.pattern, { major, minor });
}

/** NVIDIA's repository package for a cuDNN release and CUDA major; null when data/ knows none for that cuDNN major. */
export function cudnnPackage(version: string, cudaMajor: string): string | null {
  const row = table().cudnnPackages.find((candidate) => candidate.cudnnMajor === version.split('.')[0]);
  return row ? fill(row.pattern, { cudaMajor }) : null;
}

/**
 * cuDNN 8 and older: NVIDIA's repository has one libcudnn8 package with a build per CUDA release (8.1.0.77-1+cuda11.2),
 * so the cuDNN series ("8.1") and CUDA series ("11.2") name exact package versions; null when data/ knows none.
 */
export function cudnnPinnedPackages(version: string, cudaSeries: string): { packages: string[]; version: string } | null {
  const series = version.split('.').slice(0, 2).join('.');
  const row = table().cudnnPinnedPackages.find((candidate) => candidate.cudnn === series && candidate.cuda === cudaSeries);
  return row ? { packages: [...row.packages], version: row.version } : null;
}

/**
 * The distribution's package that gives Python `version` ("3.12") its venv module and ensurepip (python3.12-venv; it
 * pulls in the interpreter too). `distro` is an os-release ID or ID_LIKE entry; null when data/ knows none for it.
 */
export function pythonVenvPackage(distro: readonly string[], version: string): string | null {
  const row = table().pythonVenvPackages.find((candidate) => distro.includes(candidate.distro));
  return row && /^3\.\d{1,2}$/.test(version) ? fill(row.pattern, { version }) : null;
}

/** Whether `version` ("12.6.3") names `row`, or a series ("12.6") whose newest row it is (rows are newest first). */
const names = (version: string, rowVersion: string) => rowVersion === version || rowVersion.startsWith(`${version}.`);

/** The runfile NVIDIA publishes for a toolkit release (or the newest of a series), with its sha256; null when none is known. */
export function toolkitRunfile(version: string, arch: NvidiaArch): PublishedDownload | null {
  return table().runfiles.find((row) => row.arch === arch && names(version, row.version)) ?? null;
}

/** The cuDNN archive for a release ("9.6.0" or its build "9.6.0.74") and CUDA major, with its sha256; null when none is known. */
export function cudnnArchive(version: string, cudaMajor: string, arch: NvidiaArch): PublishedDownload | null {
  return table().cudnnArchives.find((row) => row.arch === arch && row.cudaMajor === cudaMajor && (row.build === version || names(version, row.version))) ?? null;
}

/** Whether rollback may remove a package the helper installed: only NVIDIA driver, CUDA and cuDNN packages. */
export function isRemovablePackage(name: string): boolean {
  return table().removablePackages.some((row) => new RegExp(row.pattern).test(name));
}
