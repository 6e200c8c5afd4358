/** Linux distributions as people write them; reports keep os-release's lower-case ID ("ubuntu", "debian") for planning. */
const DISTRO_NAMES: Readonly<Record<string, string>> = {
  ubuntu: 'Ubuntu',
  debian: 'Debian',
  linuxmint: 'Linux Mint',
  pop: 'Pop!_OS',
  fedora: 'Fedora',
  rhel: 'Red Hat Enterprise Linux',
  centos: 'CentOS',
  rocky: 'Rocky Linux',
  almalinux: 'AlmaLinux',
  opensuse: 'openSUSE',
  'opensuse-leap': 'openSUSE Leap',
  'opensuse-tumbleweed': 'openSUSE Tumbleweed',
  arch: 'Arch Linux',
  manjaro: 'Manjaro',
  windows: 'Windows',
  macos: 'macOS',
};

/** The distribution's name for a sentence or table cell; an ID no list names stays as it is. */
export function distroName(distro: string): string {
  return DISTRO_NAMES[distro] ?? distro;
}
