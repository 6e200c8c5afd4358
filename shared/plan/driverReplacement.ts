// A driver "upgrade" to an older branch is a replacement: the installed driver is past the GPU's last branch (595
// ignores Pascal, so R580 takes its place). Step titles, the plan summary and the wizard's table say so.

/** Whether going from the installed driver to `target` (a branch "580" or a version "580.65.06") goes to an older branch. */
export function replacesNewerDriver(current: unknown, target: unknown): boolean {
  if (typeof current !== 'string' || typeof target !== 'string') return false;
  const from = Number.parseInt(current, 10);
  const to = Number.parseInt(target, 10);
  return Number.isFinite(from) && Number.isFinite(to) && from > to;
}
