/*
 * Libraries a build brings or needs have GPU floors of their own: a wheel may list sm_37 kernels and still bundle a cuDNN
 * that refuses sm_37. The floor comes from data/cudnn.json's support-matrix rows.
 */
import { cudaMajor } from '../versions/cudaVersion.js';
import { compareDotted, compareMajorMinor, parseDotted, type DottedVersion } from '../versions/dottedVersion.js';
import type { CompatData } from './compatData.js';

export interface LibraryFloor {
  /** The lowest compute capability the library supports: "5.0". */
  capability: string;
  /** The matrix row the floor is read from (its first version): "9.0.0". */
  row: string;
}

interface FloorRow {
  version: DottedVersion;
  label: string;
  floors: Record<string, string>;
}

const rowsCache = new WeakMap<CompatData, FloorRow[]>();

/** Rows with a machine-readable floor, oldest first; a row named "9.5.0 / 9.5.1" or "8.0.2-8.0.3" counts from its first version. */
function floorRows(data: CompatData): FloorRow[] {
  let rows = rowsCache.get(data);
  if (!rows) {
    rows = [];
    for (const release of data.cudnn.releases) {
      const first = /^\d+(?:\.\d+)*/.exec(release.version)?.[0];
      const version = first ? parseDotted(first) : null;
      if (version && release.minComputeCapability) rows.push({ version, label: first!, floors: release.minComputeCapability });
    }
    rows.sort((a, b) => compareDotted(a.version, b.version));
    rowsCache.set(data, rows);
  }
  return rows;
}

/**
 * The lowest compute capability a cuDNN version supports with a CUDA version's package: the floor of the nearest matrix
 * row at or below it for that CUDA major. NVIDIA only raises these floors, so a version between two rows has at least
 * the older row's floor; null when no row at or below it names that CUDA major.
 */
export function cudnnCapabilityFloor(data: CompatData, cudnn: string, cuda: string): LibraryFloor | null {
  const version = parseDotted(cudnn);
  if (!version) return null;
  const major = String(cudaMajor(cuda));
  let found: LibraryFloor | null = null;
  for (const row of floorRows(data)) {
    if (compareDotted(row.version, version) > 0) break;
    const capability = row.floors[major];
    if (capability) found = { capability, row: row.label };
  }
  return found;
}

/** Whether a "X.Y" compute capability is below a floor "A.B". */
export function belowCapability(capability: string, floor: string): boolean {
  return compareMajorMinor(capability, floor) < 0;
}
