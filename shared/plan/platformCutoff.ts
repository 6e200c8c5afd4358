// Platforms whose wheels stop (Intel Macs) or start late (JAX on Windows): the newest release there, and pins past it.
import type { Framework, HardwareProfile } from '../types/plan.js';
import type { CompatData, PlatformLimit } from './compatData.js';
import { platformKey, platformLimit, releaseOnPlatform, type PlatformKey } from './frameworkBuilds.js';
import type { PlanSay } from './planText.js';
import { releaseMatchesPin } from './releasePins.js';
import type { ReleaseGroup } from './resolverTypes.js';
import { FRAMEWORK_SPECS, frameworkTable } from '../frameworks/registry.js';

const PLATFORM_NAME_KEYS = {
  'linux-x86_64': 'wheelPlatform.linux-x86_64',
  'linux-aarch64': 'wheelPlatform.linux-aarch64',
  windows: 'wheelPlatform.windows',
  'macos-arm64': 'wheelPlatform.macos-arm64',
  'macos-x86_64': 'wheelPlatform.macos-x86_64',
} as const satisfies Record<PlatformKey, string>;

interface ReleaseRow {
  version: string;
  patches?: readonly string[];
}

function table(data: CompatData, framework: Framework): { rows: readonly ReleaseRow[]; limits?: readonly PlatformLimit[] } {
  const t = frameworkTable(data, framework);
  return { rows: t.releases, limits: t.platformLimits };
}

/** The limit for this machine's platform, when the framework's table names one. */
export function limitFor(data: CompatData, framework: Framework, profile: Pick<HardwareProfile, 'os' | 'arch'>): PlatformLimit | undefined {
  return platformLimit(table(data, framework).limits, platformKey(profile));
}

/**
 * The reason sentence when the platform's wheels stopped before the newest release: "PyTorch 2.2.2 is the newest
 * release for macOS on Intel ...". Undefined when the newest release has wheels here.
 */
export function cutoffReason(data: CompatData, framework: Framework, profile: HardwareProfile, groups: readonly ReleaseGroup[], fw: string, say: PlanSay): string | undefined {
  const limit = limitFor(data, framework, profile);
  const newestRow = table(data, framework).rows[0];
  if (!limit?.lastRelease || !newestRow || releaseOnPlatform(limit, newestRow.version) || !groups[0]) return undefined;
  const platform = say(PLATFORM_NAME_KEYS[limit.platform]);
  return say('release.platformCutoff', { fw, last: groups[0].builds[0]!.version, platform, limit: limit.lastRelease });
}

/** The blocker sentence for a pin that names a real release with no wheels on this platform; undefined otherwise. */
export function pinOffPlatform(data: CompatData, framework: Framework, profile: HardwareProfile, pin: string, groups: readonly ReleaseGroup[], fw: string, say: PlanSay): string | undefined {
  const limit = limitFor(data, framework, profile);
  if (!limit) return undefined;
  const bare = pin.split('+')[0]!;
  const row = table(data, framework).rows.find((r) => releaseMatchesPin(framework, r.version, pin) && (bare.split('.').length < 3 || FRAMEWORK_SPECS[framework].pinRule === 'exact' || (r.patches ?? [r.version]).includes(bare)));
  if (!row || releaseOnPlatform(limit, row.version)) return undefined;
  const platform = say(PLATFORM_NAME_KEYS[limit.platform]);
  if (limit.lastRelease && groups[0]) return say('blocker.noBuildOnPlatform', { fw, pin, platform, last: groups[0].builds[0]!.version });
  return say('blocker.noBuildOnPlatformYet', { fw, pin, platform, first: limit.firstRelease ?? '' });
}
