import { cudaSeries, cudaVersion } from '../versions/cudaVersion.js';
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
export function chooseToolkits(data: CompatData, profile: HardwareProfile, build: FrameworkBuild, method: InstallMethod): ToolkitChoice {
  const choice: ToolkitChoice = {
    cudaToolkit: { action: 'none' },
    cudnn: build.cudnn && build.kind === 'cuda' ? { action: 'bundled', version: build.cudnn } : { action: 'none' },
    condaCudaPackages: [],
  };
  const series = build.cuda ? cudaSeries(build.cuda) : undefined;
  if (build.kind !== 'cuda' || !series) return choice;
  const cudnnSeries = majorMinor(build.cudnn ?? '');
  if (method === 'system') {
    choice.cudaToolkit = systemToolkit(data, profile, series);
    const haveCudnn = (profile.cudnnVersions ?? []).find((v) => majorMinor(v) === cudnnSeries);
    choice.cudnn = haveCudnn ? { action: 'keep', version: haveCudnn } : { action: 'install', version: cudnnSeries };
  } else if (method === 'conda' && build.needsSystemCuda) {
    const major = Number(series.split('.')[0]);
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
  const installed = profile.cudaToolkits ?? [];
  const exact = installed.find((v) => cudaSeries(v) === series);
  if (exact) return { action: 'keep', version: exact };
  const [major, minor] = series.split('.').map(Number) as [number, number];
  const newer = installed
    .filter((v) => {
      const [m, n] = cudaSeries(v).split('.').map(Number) as [number, number];
      return major >= 11 && m === major && n > minor;
    })
    .sort((a, b) => cudaVersion.compare(b, a))[0];
  return newer ? { action: 'keep', version: newer } : { action: 'install', version: newestToolkitInSeries(data, series) };
}

function newestToolkitInSeries(data: CompatData, series: string): string {
  let best: string | undefined;
  for (const release of data.cudaToolkits.releases) {
    if (release.confidence === 'unverified' || cudaSeries(release.version) !== series) continue;
    if (!best || cudaVersion.compare(release.version, best) > 0) best = release.version;
  }
  return best ?? series;
}
