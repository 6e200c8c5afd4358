/**
 * The only places the elevated helper may change (DESIGN.md §5). Files are DL Setup's own (dlsetup-*) or NVIDIA's
 * toolkit trees; everything else is refused, whatever a descriptor or a journal line says.
 */
export const ELEVATED_FILE_PATTERNS: readonly RegExp[] = [
  /^\/etc\/profile\.d\/dlsetup-[a-z0-9-]+\.sh$/,
  /^\/etc\/ld\.so\.conf\.d\/dlsetup-[a-z0-9.-]+\.conf$/,
  /^\/etc\/modprobe\.d\/dlsetup-[a-z0-9-]+\.conf$/,
  /^\/etc\/apt\/sources\.list\.d\/cuda-[a-z0-9_-]+\.list$/,
  // The Debian non-free line the driver step adds when the sources lack it (debianSources.ts).
  /^\/etc\/apt\/sources\.list\.d\/dlsetup-[a-z0-9-]+\.list$/,
];

export const ELEVATED_DIR_ROOTS: readonly string[] = ['/usr/local', '/opt/dlsetup'];

/** Folders a step may create on the way to its files; rollback removes them only when empty. */
export const ELEVATED_PARENT_DIRS: readonly string[] = ['/etc', '/etc/profile.d', '/etc/ld.so.conf.d', '/etc/modprobe.d', '/etc/apt', '/etc/apt/sources.list.d', '/opt', '/opt/dlsetup'];

/** Root-owned backups of system files, one folder per run. */
export const SYSTEM_BACKUP_ROOT = '/var/backups/dlsetup';

/** Root-owned copies of verified downloads (a user-writable cache file could be swapped after verification). */
export const SYSTEM_ARTIFACT_ROOT = '/var/cache/dlsetup';

/** The helper's own journal of what it changed, one file per run: the only thing its undo acts on (issue 15). */
export const HELPER_JOURNAL_ROOT = '/var/lib/dlsetup/runs';

/** Absolute, normalised (no ".", "..", "//" or trailing "/"), and only [A-Za-z0-9._/+-]: nothing a path could hide. */
export function isCleanHostPath(hostPath: string): boolean {
  return /^(\/[A-Za-z0-9._+-]+)+$/.test(hostPath) && !hostPath.split('/').some((part) => part === '.' || part === '..');
}

export function isAllowedElevatedFile(hostPath: string): boolean {
  return isCleanHostPath(hostPath) && ELEVATED_FILE_PATTERNS.some((pattern) => pattern.test(hostPath));
}

/** A toolkit tree /usr/local/cuda-X.Y (runfile installs, the "cuda" alternative). */
export function isToolkitDir(hostPath: string): boolean {
  return /^\/usr\/local\/cuda-\d+\.\d+$/.test(hostPath);
}

/** Trees DL Setup owns whole (rollback removes them with their contents): toolkits and /opt/dlsetup/<name>, never the roots. */
export function isAllowedElevatedDir(hostPath: string): boolean {
  return isCleanHostPath(hostPath) && (isToolkitDir(hostPath) || /^\/opt\/dlsetup\/[A-Za-z0-9._-]+$/.test(hostPath));
}
