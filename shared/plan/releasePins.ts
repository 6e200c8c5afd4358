// A pinned framework version ("2.7", "2.7.1", "2.7.0+cu118"): which releases it names, which version and variant it asks for.
import type { Framework } from '../types/plan.js';
import type { FrameworkBuild } from './frameworkBuilds.js';
import { majorMinor } from './majorMinor.js';
import { FRAMEWORK_SPECS } from '../frameworks/registry.js';

/** Rows named by their exact version (JAX's rows are patch versions), not by their minor release. */
const exactRows = (framework: Framework) => FRAMEWORK_SPECS[framework].pinRule === 'exact';

/** Whether a release row is the one a pin names; a full version pin must be a published patch of it. */
export function groupMatchesPin(framework: Framework, group: { release: string; builds: readonly FrameworkBuild[] }, pin: string): boolean {
  if (!releaseMatchesPin(framework, group.release, pin)) return false;
  const bare = pin.split('+')[0]!;
  if (exactRows(framework) || bare.split('.').length < 3) return true;
  return group.builds[0]?.patches.includes(bare) ?? false;
}

export function releaseMatchesPin(framework: Framework, release: string, pin: string): boolean {
  const bare = pin.split('+')[0]!;
  if (exactRows(framework)) return release === bare || release.startsWith(`${bare}.`) || majorMinor(release) === bare;
  return majorMinor(release) === majorMinor(bare);
}

/** The variant after "+", if the pin names one. */
export function pinnedVariant(pin: string | undefined): string | undefined {
  return pin?.includes('+') ? pin.split('+')[1] : undefined;
}

/** The version to install: a full pin's patch version (not for JAX, whose releases are patch versions), else the build's. */
export function pinnedVersion(framework: Framework, build: FrameworkBuild, pin: string | undefined): string {
  if (!pin || exactRows(framework)) return build.version;
  const bare = pin.split('+')[0]!;
  return bare.split('.').length >= 3 ? bare : build.version;
}

export function withVersion(build: FrameworkBuild, version: string): FrameworkBuild {
  if (version === build.version) return build;
  return { ...build, version, packages: build.packages.map((pkg) => pkg.replace(/==.*$/, `==${version}`)) };
}
