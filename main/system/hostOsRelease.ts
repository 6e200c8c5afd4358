import { readHostFile } from './sysroot.js';

export interface HostOsRelease {
  id: string;
  idLike: string[];
  versionId: string;
  codename: string;
  prettyName: string;
}

/** /etc/os-release of the (possibly simulated) host. */
export async function readHostOsRelease(): Promise<HostOsRelease | null> {
  const text = await readHostFile('/etc/os-release');
  if (text === null) return null;
  const fields = new Map<string, string>();
  for (const line of text.split('\n')) {
    const match = /^([A-Z_]+)=(.*)$/.exec(line.trim());
    if (match) fields.set(match[1]!, match[2]!.replace(/^["']|["']$/g, ''));
  }
  return {
    id: fields.get('ID') ?? '',
    idLike: (fields.get('ID_LIKE') ?? '').split(/\s+/).filter(Boolean),
    versionId: fields.get('VERSION_ID') ?? '',
    codename: fields.get('VERSION_CODENAME') ?? fields.get('UBUNTU_CODENAME') ?? '',
    prettyName: fields.get('PRETTY_NAME') ?? fields.get('ID') ?? 'this system',
  };
}

/** NVIDIA's repository name for a distro: ubuntu2204, debian12, … (null when NVIDIA has no such naming). */
export function nvidiaRepoDistro(os: HostOsRelease): string | null {
  if (os.id === 'ubuntu') return `ubuntu${os.versionId.replace('.', '')}`;
  if (os.id === 'debian') return `debian${os.versionId.split('.')[0]}`;
  return null;
}
