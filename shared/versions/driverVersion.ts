import { compareDottedText, parseDotted, satisfiesDotted, type DottedVersion } from './dottedVersion.js';
import type { VersionScheme } from './versionScheme.js';

/** NVIDIA driver versions as the driver prints them: "550.54.15", "452.39", "580". */
export const driverVersion: VersionScheme<DottedVersion> = {
  name: 'NVIDIA driver',
  parse: parseDotted,
  compare: (a, b) => compareDottedText(a, b, 'NVIDIA driver'),
  satisfies: (version, range) => satisfiesDotted(version, range, 'NVIDIA driver'),
};

/** The branch a driver belongs to: "550.54.15" -> "550". */
export function driverBranch(version: string): string {
  return version.trim().split('.')[0] ?? version;
}
