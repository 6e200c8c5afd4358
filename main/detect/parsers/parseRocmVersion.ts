/** A ROCm release as its files or tools state it: "6.2.0", with the build number where one is given ("66"). */
export interface RocmVersion {
  version: string;
  build?: string;
}

/**
 * /opt/rocm/.info/version (rocm-core): "6.3.2-66" (release-build, ROCm 6.x packages) or "6.4.1" / "7.0.0.70000"
 * (rocm-core's CMakeLists writes MAJOR.MINOR.PATCH[.POINT]). The first line only; anything else is no version.
 */
export function parseRocmInfoVersion(text: string): RocmVersion | null {
  if (typeof text !== 'string') return null;
  const match = /^(\d+)\.(\d+)(?:\.(\d+))?(?:\.\d+)?(?:-([0-9A-Za-z.~+]+))?$/.exec(text.split(/\r?\n/)[0]?.trim() ?? '');
  if (!match) return null;
  const version = `${match[1]}.${match[2]}.${match[3] ?? '0'}`;
  return match[4] ? { version, build: match[4] } : { version };
}

/** rocm-core's include/rocm-core/rocm_version.h: the ROCM_VERSION_MAJOR / _MINOR / _PATCH defines. */
export function parseRocmVersionHeader(text: string): RocmVersion | null {
  if (typeof text !== 'string') return null;
  const part = (name: string) => new RegExp(`^\\s*#define\\s+ROCM_VERSION_${name}\\s+(\\d+)\\s*$`, 'm').exec(text)?.[1];
  const [major, minor, patch] = [part('MAJOR'), part('MINOR'), part('PATCH')];
  return major && minor ? { version: `${major}.${minor}.${patch ?? '0'}` } : null;
}

/** `amd-smi version`: "AMDSMI Tool: ... | ROCm version: 6.4.0 | ..."; "N/A" (no ROCm it can read) is no version. */
export function parseAmdSmiVersion(text: string): RocmVersion | null {
  if (typeof text !== 'string') return null;
  const value = /ROCm version:\s*([^\s|]+)/i.exec(text)?.[1];
  return value ? parseRocmInfoVersion(value) : null;
}

/** "/opt/rocm-6.2.0" -> "6.2.0": side-by-side installs carry their release in the folder name. */
export function rocmFolderVersion(folder: string): string | null {
  const match = /^rocm-(\d+\.\d+(?:\.\d+)?)$/.exec(folder);
  return match ? (match[1] as string) : null;
}
