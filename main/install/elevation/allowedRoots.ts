/**
 * The only places the elevated helper may change (docs/design.md §5). Files are DL Setup's own (dlsetup-*) or NVIDIA's
 * toolkit trees; everything else is refused, whatever a descriptor says.
 */
export const ELEVATED_FILE_PATTERNS: readonly RegExp[] = [
  /^\/etc\/profile\.d\/dlsetup-[a-z0-9-]+\.sh$/,
  /^\/etc\/ld\.so\.conf\.d\/dlsetup-[a-z0-9.-]+\.conf$/,
  /^\/etc\/modprobe\.d\/dlsetup-[a-z0-9-]+\.conf$/,
  /^\/etc\/apt\/sources\.list\.d\/cuda-[a-z0-9_-]+\.list$/,
];

export const ELEVATED_DIR_ROOTS: readonly string[] = ['/usr/local', '/opt/dlsetup'];

/** Root-owned backups of system files, one folder per run. */
export const SYSTEM_BACKUP_ROOT = '/var/backups/dlsetup';

/** Root-owned copies of verified downloads (a user-writable cache file could be swapped after verification). */
export const SYSTEM_ARTIFACT_ROOT = '/var/cache/dlsetup';

export function isAllowedElevatedFile(hostPath: string): boolean {
  return ELEVATED_FILE_PATTERNS.some((pattern) => pattern.test(hostPath));
}

/** Toolkit and cuDNN trees: /usr/local/cuda-X.Y and /opt/dlsetup/<name>, never the roots themselves. */
export function isAllowedElevatedDir(hostPath: string): boolean {
  if (/\/\.\.?(\/|$)|\/\//.test(hostPath)) return false;
  return /^\/usr\/local\/cuda-\d+\.\d+$/.test(hostPath) || /^\/opt\/dlsetup\/[A-Za-z0-9._-]+$/.test(hostPath) || hostPath === '/opt/dlsetup';
}
