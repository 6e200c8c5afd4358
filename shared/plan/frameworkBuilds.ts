import type { Framework, HardwareProfile, InstallMethod } from '../types/plan.js';
import type { CompatData } from './compatData.js';
import { frameworkSpec, frameworkTable } from '../frameworks/registry.js';
import { platformKey, type FrameworkBuild } from '../frameworks/platformWheels.js';

export { platformKey, platformLimit, releaseOnPlatform, type FrameworkBuild, type PlatformKey } from '../frameworks/platformWheels.js';

/** How a build installs when the request names no method: TensorFlow < 2.14 needs a system CUDA Toolkit. */
export function defaultMethod(build: FrameworkBuild): InstallMethod {
  return build.needsSystemCuda ? 'system' : 'wheels';
}

/** Every build of a framework for one platform, grouped by release, newest release first. */
export function frameworkBuilds(data: CompatData, framework: Framework, profile: Pick<HardwareProfile, 'os' | 'arch'>): FrameworkBuild[][] {
  return frameworkSpec(framework).builds(frameworkTable(data, framework), platformKey(profile), profile);
}
