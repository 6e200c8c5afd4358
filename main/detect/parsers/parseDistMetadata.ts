export interface DistMetadata {
  name: string;
  version: string;
}

/** PEP 503 name normalisation: "Nvidia_CUDNN.cu12" → "nvidia-cudnn-cu12". */
export function normalizePackageName(name: string): string {
  return name.trim().toLowerCase().replace(/[-_.]+/g, '-');
}

/** Reads Name and Version from a dist-info METADATA / egg-info PKG-INFO header block. */
export function parseDistMetadata(text: string): DistMetadata | null {
  if (typeof text !== 'string') return null;
  const header = text.split(/\r?\n\r?\n/)[0] ?? '';
  const name = /^Name:\s*(.+)$/m.exec(header)?.[1]?.trim();
  const version = /^Version:\s*(.+)$/m.exec(header)?.[1]?.trim();
  if (!name || !version) return null;
  return { name, version };
}

/** "torch-2.5.1+cu124.dist-info" → {name: "torch", version: "2.5.1+cu124"}; also .egg-info directories. */
export function parseDistInfoDirName(dirName: string): DistMetadata | null {
  const match = /^([A-Za-z0-9][A-Za-z0-9._]*?)-(\d[^-]*?)(?:-py\d[\d.]*)?\.(?:dist|egg)-info$/.exec(dirName);
  if (!match) return null;
  return { name: match[1] as string, version: match[2] as string };
}

/** The PEP 440 local tag that names a CUDA build: "2.5.1+cu124" → "cu124", "1.13.0a0+gitunknown" → "gitunknown". */
export function localVersionTag(version: string): string | null {
  return /\+([A-Za-z0-9.]+)$/.exec(version)?.[1] ?? null;
}
