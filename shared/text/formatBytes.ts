/**
 * Sizes and speeds of downloads and disks, the same in the CLI and the UI and in every language: SI units (kB, MB,
 * GB), the units pip, apt and NVIDIA print and data/download-sizes.json records, so the plan's estimate, the progress
 * and pip's own log agree. Memory (RAM, GPU memory) is a different quantity and keeps the MiB/GiB nvidia-smi uses.
 */
const UNITS = ['B', 'kB', 'MB', 'GB', 'TB'] as const;
const GIGABYTES = 3;

/** "512 B", "1.5 MB", "908 MB", "2.8 GB", "12.3 GB": one decimal under 10 and from GB up, where a tenth is 100 MB. */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  // Step up on the rounded value, so 999.6 MB reads "1.0 GB" rather than "1000 MB".
  while (unit < UNITS.length - 1 && Math.round(value) >= 1000) {
    value /= 1000;
    unit += 1;
  }
  const decimals = unit > 0 && (value < 9.95 || unit >= GIGABYTES) ? 1 : 0;
  return `${value.toFixed(decimals)} ${UNITS[unit]}`;
}

export function formatSpeed(bytesPerSecond: number): string {
  return `${formatBytes(bytesPerSecond)}/s`;
}
