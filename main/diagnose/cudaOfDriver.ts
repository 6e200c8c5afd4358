import { cudaToolkitTableSchema } from '../../shared/data/cudaToolkitsSchema.js';
import { loadDataTable } from '../data/loadDataTable.js';
import { compareMajorMinor } from '../../shared/versions/dottedVersion.js';

/** The newest CUDA a Linux driver runs (data/cuda-toolkits.json's minimum drivers); undefined when the table does not say. */
export function cudaOfDriver(driver: string): string | undefined {
  if (!/^\d/.test(driver)) return undefined;
  let best: string | undefined;
  try {
    for (const release of loadDataTable('cuda-toolkits', cudaToolkitTableSchema).releases) {
      if (!release.driverLinux) continue;
      const fits = compareMajorMinor(driver, release.driverLinux) >= 0;
      if (fits && (!best || compareMajorMinor(release.version, best) > 0)) best = release.version.split('.').slice(0, 2).join('.');
    }
  } catch {
    return undefined;
  }
  return best;
}
