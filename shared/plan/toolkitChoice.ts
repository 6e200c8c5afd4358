import { cudaMajor, cudaSeries, cudaVersion } from '../versions/cudaVersion.js';
import { compareMajorMinor } from '../versions/dottedVersion.js';
import type { HardwareProfile, InstallMethod, Plan } from '../types/plan.js';
import type { CompatData } from './compatData.js';
import type { FrameworkBuild } from './frameworkBuilds.js';
import { majorMinor } from './majorMinor.js';

export interface ToolkitChoice {
  cudaToolkit: Plan['cudaToolkit'];
  cudnn: Plan['cudnn'];
  /** conda packages that provide CUDA inside the environment (TensorFlow < 2.14 with method conda). */
  condaCudaPackages: string[];
}

/** Where a CUDA build's toolkit and cuDNN come from: bundled in the wheels, the system (kept or installed), or conda. */
export function chooseToolkits(data: CompatData, profile: HardwareProfile, build: FrameworkBuild, method: InstallMethod, olderUpdate?: string): ToolkitChoice {
  const choice: ToolkitChoice = {
    cudaToolkit: { action: 'none' },
    cudnn: build.cudnn && build.kind === 'cuda' ? { action: 'bundled', version: build.cudnn } : { action: 'none' },
    condaCudaPackages: [],
  };
  const series = build.cuda ? cudaSeries(build.cuda) : undefined;
  if (build.kind !== 'cuda' || !series) return choice;
  const cudnnSeries = majorMinor(build.cudnn ?? '');
  if (method === 'system') {
    // An older update of the series, when that is what the kept driver runs (the candidate says so).
    choice.cudaToolkit = olderUpdate ? { action: 'install', version: olderUpdate } : systemToolkit(data, profile, series);
    const haveCudnn = (profile.cudnnVersions ?? []).find((v) => majorMinor(v) === cudnnSeries);
    choice.cudnn = haveCudnn ? { action: 'keep', version: haveCudnn } : { action: 'install', version: cudnnSeries };
  } else if (method === 'conda' && build.needsSystemCuda) {
    const major = cudaMajor(series);
    choice.condaCudaPackages.push(...(major >= 12 ? [`cuda-version=${series}`, `cudnn=${cudnnSeries}`] : [`cudatoolkit=${series}`, `cudnn=${cudnnSeries}`]));
    choice.cudaToolkit = { action: 'install', version: series };
    choice.cudnn = { action: 'install', version: cudnnSeries };
  }
  return choice;
}

/**
 * The system CUDA Toolkit a plan uses: one installed of the series (kept), else a newer one installed of the same major
 * (kept: from CUDA 11 on the libraries keep their sonames and ABI within a major, NVIDIA's minor version compatibility),
 * else the series' newest update (installed).
 */
export function systemToolkit(data: CompatData, profile: HardwareProfile, series: string): { action: 'keep' | 'install'; version: string } {
  const installed = keepableToolkits(profile);
  const exact = installed.find((v) => cudaSeries(v) === series);
  if (exact) return { action: 'keep', version: exact };
  const major = cudaMajor(series);
  const newer = installed.filter((v) => major >= 11 && cudaMajor(v) === major && compareMajorMinor(v, series) > 0).sort((a, b) => cudaVersion.compare(b, a))[0];
  if (newer) return { action: 'keep', version: newer };
  // NVIDIA's repository for this distro starts later (ubuntu2204 at 11.7): the oldest carried series of the same
  // major serves the build from CUDA 11 on (minor version compatibility); otherwise the series comes from the runfile.
  const floor = repoFirstSeries(data, profile);
  if (floor && compareMajorMinor(series, floor) < 0 && major >= 11) {
    const carried = [...new Set(data.cudaToolkits.releases.filter((r) => r.confidence !== 'unverified').map((r) => cudaSeries(r.version)))]
      .filter((candidate) => cudaMajor(candidate) === major && compareMajorMinor(candidate, floor) >= 0)
      .sort(compareMajorMinor)[0];
    if (carried) return { action: 'install', version: newestToolkitInSeries(data, carried) };
  }
  return { action: 'install', version: newestToolkitInSeries(data, series) };
}

/**
 * The installed toolkits a plan may keep: each has a folder of its own for CUDA_HOME (/usr/local/cuda-X.Y). Debian's
 * nvidia-cuda-toolkit is spread over /usr (nvcc behind /usr/bin/nvcc, libraries in /usr/lib/<triplet>), so it is not one.
 */
export function keepableToolkits(profile: HardwareProfile): string[] {
  const installed = [...(profile.cudaToolkits ?? [])];
  const debian = profile.debianCudaToolkit ? installed.indexOf(profile.debianCudaToolkit) : -1;
  if (debian >= 0) installed.splice(debian, 1);
  return installed;
}

/**
 * The cuDNN and CUDA series a system plan's cuDNN step will ask NVIDIA's repository for when data/ names no package
 * build of that pair (cuDNN 8 and older: one build per CUDA series, cudnnPinnedPackages): the step would stop there at
 * install time, so the plan says so first. Undefined when the pair has a build, or data/ was not given the table.
 */
export function cudnnWithoutPinnedBuild(data: CompatData, profile: HardwareProfile, toolkits: ToolkitChoice): { cudnn: string; series: string } | undefined {
  const rows = data.installSources?.cudnnPinnedPackages;
  const { cudnn, cudaToolkit } = toolkits;
  if (!rows || (profile.os !== 'linux' && profile.os !== 'wsl') || cudnn.action !== 'install' || !cudnn.version || !cudaToolkit.version) return undefined;
  const cudnnSeries = majorMinor(cudnn.version);
  if (compareMajorMinor(cudnnSeries, '9') >= 0) return undefined;
  // The step targets the toolkit the plan keeps or installs (planSteps), which may be newer than the build's series.
  const series = majorMinor(String(cudaToolkit.version));
  return rows.some((row) => row.cudnn === cudnnSeries && row.cuda === series) ? undefined : { cudnn: cudnnSeries, series };
}

/** The oldest toolkit series NVIDIA's apt repository carries for the profile's distro; undefined when data/ knows no limit. */
export function repoFirstSeries(data: CompatData, profile: HardwareProfile): string | undefined {
  return profile.linuxRepo ? data.cudaToolkits.repositories?.find((row) => row.repo === profile.linuxRepo)?.firstSeries : undefined;
}

/** Whether the build's series is older than anything NVIDIA's repository for this distro carries. */
export function seriesNotInRepo(data: CompatData, profile: HardwareProfile, series: string): string | undefined {
  const floor = repoFirstSeries(data, profile);
  return floor && compareMajorMinor(series, floor) < 0 ? floor : undefined;
}

function newestToolkitInSeries(data: CompatData, series: string): string {
  let best: string | undefined;
  for (const release of data.cudaToolkits.releases) {
    if (release.confidence === 'unverified' || cudaSeries(release.version) !== series) continue;
    if (!best || cudaVersion.compare(release.version, best) > 0) best = release.version;
  }
  return best ?? series;
}
