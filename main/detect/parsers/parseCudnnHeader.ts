export interface CudnnHeaderVersion {
  version: string;
  major: number;
  minor: number;
  patch: number;
  /** CUDNN_VERSION as the library reports it: MAJOR*1000+... up to cuDNN 8, MAJOR*10000+... from cuDNN 9. */
  numeric: number;
}

/** Parses cudnn_version.h (cuDNN 8+) or the version block of cudnn.h (cuDNN ≤7); null without the defines. */
export function parseCudnnHeader(text: string): CudnnHeaderVersion | null {
  if (typeof text !== 'string') return null;
  const define = (name: string) => {
    const match = new RegExp(`#define\\s+${name}\\s+(\\d+)`).exec(text);
    return match ? Number(match[1]) : null;
  };
  const major = define('CUDNN_MAJOR');
  const minor = define('CUDNN_MINOR');
  const patch = define('CUDNN_PATCHLEVEL') ?? 0;
  if (major === null || minor === null) return null;
  // The header states its own formula; cuDNN 9 changed MAJOR*1000 to MAJOR*10000.
  const factor = Number(/#define\s+CUDNN_VERSION\s+\(\s*CUDNN_MAJOR\s*\*\s*(\d+)/.exec(text)?.[1] ?? (major >= 9 ? 10000 : 1000));
  return { version: `${major}.${minor}.${patch}`, major, minor, patch, numeric: major * factor + minor * 100 + patch };
}

/** Turns a numeric CUDNN_VERSION from a log ("7201", "8100", "90600") back into "7.2.1" / "8.1.0" / "9.6.0". */
export function cudnnVersionFromNumber(value: number): string | null {
  if (!Number.isInteger(value) || value <= 0) return null;
  const factor = value >= 90000 ? 10000 : 1000;
  const major = Math.floor(value / factor);
  const rest = value - major * factor;
  return `${major}.${Math.floor(rest / 100)}.${rest % 100}`;
}
