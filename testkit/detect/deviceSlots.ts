/** The files of an Ubuntu release's root that detection reads to name the distribution (apt-get marks it apt-based). */
export function ubuntuRoot(versionId: string): Record<string, string> {
  return { '/etc/os-release': `NAME="Ubuntu"\nVERSION_ID="${versionId}"\nID=ubuntu\nID_LIKE=debian\n`, '/usr/bin/apt-get': '' };
}

/** The PCI address of the `at`-th device on a simulated machine that holds a whole table, 32 devices per bus. */
export const pciSlotOf = (at: number): string => `${(Math.floor(at / 32) + 1).toString(16).padStart(2, '0')}:${(at % 32).toString(16).padStart(2, '0')}.0`;
