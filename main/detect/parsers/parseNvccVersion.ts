export interface NvccVersion {
  /** "12.4": what people call the CUDA version. */
  release: string;
  /** "12.4.131": the full compiler version. */
  version: string;
}

/** Parses `nvcc --version`; null when the text has no "release X.Y, VX.Y.Z" line. */
export function parseNvccVersion(text: string): NvccVersion | null {
  if (typeof text !== 'string') return null;
  const match = /release (\d+\.\d+),\s*V(\d+\.\d+(?:\.\d+)?)/.exec(text);
  if (!match) return null;
  return { release: match[1] as string, version: match[2] as string };
}
