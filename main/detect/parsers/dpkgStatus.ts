/**
 * The version dpkg records for an installed package ("11.8.89~11.8.0-5~deb12u1"), or null when it is not installed.
 * dpkg's status file is large (a megabyte on a desktop), so the stanza is found in the raw bytes and only it is decoded:
 * decoding and scanning the whole text cost ~20 ms.
 */
export function dpkgInstalledVersion(status: Buffer, pkg: string): string | null {
  const line = `Package: ${pkg}\n`;
  const later = status.indexOf(`\n${line}`);
  const at = status.subarray(0, line.length).toString('latin1') === line ? 0 : later < 0 ? -1 : later + 1;
  if (at < 0) return null;
  const end = status.indexOf('\n\n', at);
  const stanza = status.subarray(at, end < 0 ? undefined : end).toString('utf8');
  if (!/^Status: install ok installed$/m.test(stanza)) return null;
  return /^Version: (\S+)$/m.exec(stanza)?.[1] ?? null;
}

/** The upstream x.y.z of a dpkg version: "3.11.2" from "3.11.2-6+deb12u6", "11.8.89" from "11.8.89~11.8.0-5~deb12u1". */
export function upstreamOf(dpkgVersion: string | null): string | null {
  return dpkgVersion ? (/^(?:\d+:)?(\d+\.\d+\.\d+)/.exec(dpkgVersion)?.[1] ?? null) : null;
}

/** The upstream version dpkg records for an installed package ("3.11.2" from "Version: 3.11.2-6+deb12u6"). */
export function dpkgUpstreamVersion(status: Buffer, pkg: string): string | null {
  return upstreamOf(dpkgInstalledVersion(status, pkg));
}
