/**
 * The machine a fleet file belongs to: the folder a fetch put it in (ansible: <inventory name>/verify-….json), since
 * that is the admin's name for it and cloned machines often share one host name; else the name the file carries; else
 * the file's own name.
 */
export function fleetHost(source: string, ownName: string | null | undefined): string {
  const parts = source.split(/[\\/]/).filter(Boolean);
  if (parts.length > 1) return parts[0]!;
  if (ownName?.trim()) return ownName.trim();
  return (parts[0] ?? source).replace(/\.json$/i, '');
}
