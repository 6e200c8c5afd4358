/** CUDA 11.x's version.json names the SDK by its build date ("11.8.20220929"): the compiler's version is the one to use. */
const BUILD_DATE_VERSION = /^(\d+)\.(\d+)\.(?:19|20)\d{6}$/;
/** What the rest of DL Setup reads as a toolkit version (shared/schema/patterns.ts VERSION_PATTERN's shape). */
const TOOLKIT_VERSION = /^\d{1,4}(?:\.\d{1,6}){1,3}$/;

type VersionJson = Record<string, { version?: unknown } | undefined>;

/** The SDK's version from version.json: "12.4.1" as written; a build-date one becomes its nvcc's (or cudart's) version of the same series. */
function fromVersionJson(parsed: VersionJson): string | null {
  const sdk = parsed.cuda?.version;
  if (typeof sdk !== 'string') return null;
  if (TOOLKIT_VERSION.test(sdk) && !BUILD_DATE_VERSION.test(sdk)) return sdk;
  const dated = BUILD_DATE_VERSION.exec(sdk);
  if (!dated) return null;
  const series = `${dated[1]}.${dated[2]}.`;
  for (const component of ['cuda_nvcc', 'cuda_cudart']) {
    const version = parsed[component]?.version;
    if (typeof version === 'string' && version.startsWith(series) && TOOLKIT_VERSION.test(version)) return version;
  }
  // The series is certain, the release within it is not.
  return `${dated[1]}.${dated[2]}`;
}

/**
 * Reads a toolkit's version.json (CUDA 11.1+: {"cuda": {"version": "12.4.1"}}; 11.x writes a build date there, e.g.
 * "11.8.20220929", and its components' versions beside it) or version.txt ("CUDA Version 10.1.243"). Null when the file
 * holds no version of the shape the rest of DL Setup reads: the toolkit is then listed without one, never a bad value.
 */
export function parseCudaVersionFile(text: string): string | null {
  if (typeof text !== 'string') return null;
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    try {
      const parsed = JSON.parse(trimmed) as unknown;
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? fromVersionJson(parsed as VersionJson) : null;
    } catch {
      return null;
    }
  }
  return /CUDA Version\s+(\d+\.\d+(?:\.\d+)?)/.exec(trimmed)?.[1] ?? null;
}
