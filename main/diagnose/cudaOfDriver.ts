import { cudaToolkitTableSchema } from '../../shared/data/cudaToolkitsSchema.js';
import { loadDataTable } from '../data/loadDataTable.js';

/** "12.4" → 1204: CUDA versions compared by major and minor. */
export function majorMinor(version: string): number {
  const [major, minor] = version.split('.').map(Number);
  return (major ?? 0) * 100 + (minor ?? 0);
}

/** The newest CUDA a Linux driver runs (data/cuda-toolkits.json's minimum drivers); undefined when the table does not say. */
export function cudaOfDriver(driver: string): string | undefined {
  const [major, minor] = driver.split('.').map(Number);
  if (major === undefined || Number.isNaN(major)) return undefined;
  let best: string | undefined;
  try {
    for (const release of loadDataTable('cuda-toolkits', cudaToolkitTableSchema).releases) {
      if (!release.driverLinux) continue;
      const [needMajor, needMinor] = release.driverLinux.split('.').map(Number);
      const fits = major > (needMajor ?? 0) || (major === needMajor && (minor ?? 0) >= (needMinor ?? 0));
      if (fits && (!best || majorMinor(release.version) > majorMinor(best))) best = release.version.split('.').slice(0, 2).join('.');
    }
  } catch {
    return undefined;
  }
  return best;
}
