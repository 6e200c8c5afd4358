import type { Framework, HardwareProfile, InstallMethod } from '../types/plan.js';
import type { CompatData, PlatformLimit, PythonRange, WheelPlatform } from './compatData.js';

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

/** How a build installs when the request names no method: TensorFlow < 2.14 needs a system CUDA Toolkit. */
export function defaultMethod(build: FrameworkBuild): InstallMethod {
  return build.needsSystemCuda ? 'system' : 'wheels';
}

export type PlatformKey = WheelPlatform;

/** WSL2 runs Linux wheels; macOS is split because only Apple silicon has MPS. */
export function platformKey(profile: Pick<HardwareProfile, 'os' | 'arch'>): PlatformKey {
  const arm = profile.arch === 'aarch64' || profile.arch === 'arm64';
  if (profile.os === 'macos') return arm ? 'macos-arm64' : 'macos-x86_64';
  if (profile.os === 'windows') return 'windows';
  return arm ? 'linux-aarch64' : 'linux-x86_64';
}

function isLinux(key: PlatformKey): boolean {
  return key === 'linux-x86_64' || key === 'linux-aarch64';
}

function versionAtLeast(version: string, min: string): boolean {
  const a = version.split('.').map(Number);
  const b = min.split('.').map(Number);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d > 0;
  }
  return true;
}

/** Compares a release row with a limit's release on the limit's parts only: "2.16.1" is within "2.16". */
function compareRelease(release: string, limit: string): number {
  const a = release.split('.').map(Number);
  const b = limit.split('.').map(Number);
  for (let i = 0; i < b.length; i++) {
    const d = (a[i] ?? 0) - b[i]!;
    if (d !== 0) return d;
  }
  return 0;
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
function pythonOn(release: { python: PythonRange; pythonByPlatform?: Partial<Record<WheelPlatform, PythonRange>> }, key: PlatformKey): PythonRange {
  return release.pythonByPlatform?.[key] ?? release.python;
}

function pytorchBuilds(data: CompatData, key: PlatformKey): FrameworkBuild[][] {
  const table = data.pytorch;
  const limit = platformLimit(table.platformLimits, key);
  return table.releases.filter((release) => releaseOnPlatform(limit, release.version)).map((release) => {
    const builds: FrameworkBuild[] = [];
    const platformName = isLinux(key) ? 'linux' : key === 'windows' ? 'windows' : 'macos';
    const defaultVariant = release.defaultPipVariant[key === 'linux-x86_64' ? 'linux-x86_64' : platformName];
    for (const variant of release.variants) {
      if (!variant.platforms.includes(platformName)) continue;
      let capabilities: readonly string[] | undefined;
      if (variant.kind === 'cuda') {
        capabilities = key === 'linux-aarch64' ? variant.computeCapabilitiesAarch64 : (variant.computeCapabilities ?? undefined);
        if (!capabilities) continue;
      }
      let gfx: readonly string[] | undefined;
      if (variant.kind === 'rocm') {
        if (key !== 'linux-x86_64') continue;
        const support = table.rocmArchitectures.find((row) => versionAtLeast(variant.rocm ?? '0', row.rocmMin));
        if (!support) continue;
        gfx = support.supported;
      }
      const pipDefault = variant.name === defaultVariant && key !== 'linux-aarch64';
      const url = table.indexUrlPattern.replace('{variant}', variant.name);
      // CPU wheels on Windows and macOS come from PyPI; elsewhere the variant's own index avoids pulling CUDA libraries.
      const needsIndex = !pipDefault && !(variant.kind === 'cpu' && (key === 'windows' || key.startsWith('macos')));
      builds.push({
        framework: 'pytorch',
        release: release.version,
        version: release.latestPatch,
        patches: release.patches,
        variant: variant.name,
        kind: variant.kind,
        cuda: variant.cuda,
        cudnn: variant.cudnn,
        rocm: variant.rocm,
        capabilities,
        ptx: variant.kind === 'cuda' && (!variant.ptxOnlyOn || variant.ptxOnlyOn.includes(platformName)),
        gfx,
        python: pythonOn(release, key),
        packages: [`torch==${release.latestPatch}`],
        ...(needsIndex ? (release.indexFlag === 'index-url' ? { indexUrl: url } : { extraIndexUrl: url }) : {}),
        pipDefault,
        needsSystemCuda: false,
        experimental: false,
        source: release.source,
      });
    }
    return builds;
  });
}

/** `tensorflow==2.16.1`, or on Apple silicon before 2.13 `tensorflow-macos==2.12.*` (its patch numbers are not tensorflow's). */
function tensorflowPackage(data: CompatData, key: PlatformKey, release: string, version: string): string {
  const override = data.tensorflow.packageOverrides?.find((o) => o.platform === key && compareRelease(release, o.throughRelease) <= 0);
  if (!override) return `tensorflow==${version}`;
  return `${override.package}==${release.split('.').slice(0, 2).join('.')}.*`;
}

function tensorflowBuilds(data: CompatData, key: PlatformKey): FrameworkBuild[][] {
  const limit = platformLimit(data.tensorflow.platformLimits, key);
  return data.tensorflow.releases.filter((release) => releaseOnPlatform(limit, release.version)).map((release) => {
    const builds: FrameworkBuild[] = [];
    const cudaMajor = release.cuda.split('.')[0];
    const gpuHere = isLinux(key) ? key === 'linux-x86_64' : key === 'windows' && release.windowsNativeGpu;
    const version = release.latestPatch;
    const common = { framework: 'tensorflow' as const, release: release.version, version, patches: release.patches, python: pythonOn(release, key), experimental: false, source: release.source };
    if (gpuHere) {
      const extra = release.andCudaExtra && isLinux(key);
      builds.push({
        ...common,
        variant: `cuda${cudaMajor}`,
        kind: 'cuda',
        cuda: release.cuda,
        cudnn: release.cudnn,
        capabilities: release.computeCapabilities,
        ptx: true,
        packages: [extra ? `tensorflow[and-cuda]==${version}` : `tensorflow==${version}`],
        pipDefault: false,
        needsSystemCuda: !extra,
      });
    }
    builds.push({ ...common, variant: 'cpu', kind: 'cpu', ptx: false, packages: [tensorflowPackage(data, key, release.version, version)], pipDefault: !gpuHere, needsSystemCuda: false });
    return builds;
  });
}

function jaxBuilds(data: CompatData, key: PlatformKey, wsl: boolean): FrameworkBuild[][] {
  const limit = platformLimit(data.jax.platformLimits, key);
  return data.jax.releases.filter((release) => releaseOnPlatform(limit, release.version)).map((release) => {
    const builds: FrameworkBuild[] = [];
    const common = {
      framework: 'jax' as const,
      release: release.version,
      version: release.version,
      patches: [release.version],
      python: pythonOn(release, key),
      source: release.source,
      ...(release.yanked ? { yanked: true } : {}),
    };
    if (isLinux(key)) {
      for (const plugin of release.plugins) {
        builds.push({
          ...common,
          variant: plugin.name,
          kind: 'cuda',
          cuda: plugin.builtWithCuda ?? plugin.minCuda,
          cudnn: plugin.minCudnn,
          capabilities: [`>=${plugin.minComputeCapability}`],
          ptx: false,
          packages: [`jax[${plugin.extra}]==${release.version}`],
          pipDefault: false,
          needsSystemCuda: false,
          experimental: wsl,
        });
      }
      const legacy = release.legacyGpuInstall;
      if (legacy?.platforms.includes(key)) {
        // Before the PyPI plugins, CUDA jaxlib wheels came from a find-links page; `jax[cuda]` needs a system CUDA and cuDNN.
        for (const old of legacy.builds) {
          builds.push({
            ...common,
            variant: old.extra,
            kind: 'cuda',
            cuda: old.cuda,
            cudnn: old.cudnn,
            capabilities: old.computeCapabilities,
            ptx: true,
            packages: [`jax[${old.extra}]==${release.version}`],
            findLinks: legacy.findLinks,
            pipDefault: false,
            needsSystemCuda: old.systemCuda,
            experimental: wsl,
            source: legacy.source,
          });
        }
      }
    }
    builds.push({ ...common, variant: 'cpu', kind: 'cpu', ptx: false, packages: [`jax==${release.version}`], pipDefault: true, needsSystemCuda: false, experimental: false });
    return builds;
  });
}

/** Every build of a framework for one platform, grouped by release, newest release first. */
export function frameworkBuilds(data: CompatData, framework: Framework, profile: Pick<HardwareProfile, 'os' | 'arch'>): FrameworkBuild[][] {
  const key = platformKey(profile);
  if (framework === 'pytorch') return pytorchBuilds(data, key);
  if (framework === 'tensorflow') return tensorflowBuilds(data, key);
  return jaxBuilds(data, key, profile.os === 'wsl');
}
