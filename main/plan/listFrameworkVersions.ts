import type { FrameworkVersionList, FrameworkVersionsRequest } from '../../shared/ipc/contract.js';
import { frameworkBuilds } from '../../shared/plan/frameworkBuilds.js';
import type { HardwareProfile } from '../../shared/types/plan.js';
import { loadCompatData } from './loadCompatData.js';

/** This process's platform as the build tables key it; WSL2 runs the Linux wheels, so plain Linux is right there too. */
export function hostPlatform(): Pick<HardwareProfile, 'os' | 'arch'> {
  const os = process.platform === 'win32' ? 'windows' : process.platform === 'darwin' ? 'macos' : 'linux';
  return { os, arch: process.arch === 'arm64' ? (os === 'macos' ? 'arm64' : 'aarch64') : 'x86_64' };
}

/**
 * plan:versions — the releases of one framework that DL Setup's data has for this platform, newest first, so the
 * Choose screen offers a list rather than a free-text guess. Whether a release fits the GPU is the resolver's call.
 */
export function listFrameworkVersions(request: FrameworkVersionsRequest, platform = hostPlatform()): FrameworkVersionList {
  const groups = frameworkBuilds(loadCompatData(), request.framework, platform);
  const versions = groups
    // A release its maintainers yanked is not offered.
    .filter((builds) => builds.length > 0 && !builds[0]!.yanked)
    .map((builds) => {
      const first = builds[0]!;
      const kinds = [...new Set(builds.map((build) => build.kind))];
      return { version: first.version, python: { min: first.python.min, max: first.python.max }, kinds };
    });
  return { framework: request.framework, platform: `${platform.os}-${platform.arch}`, versions };
}
