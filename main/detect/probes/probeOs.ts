import { statfs } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { DiskSpace, OsInfo } from '../../../shared/types/hardware.js';
import { appDataDir } from '../../appPaths.js';
import { hostPathExists, readHostFile, sysrootPath } from '../../system/sysroot.js';
import { parseMokutilSbState, secureBootFromEfivar } from '../parsers/parseMokutilSbState.js';
import { parseOsRelease } from '../parsers/parseOsRelease.js';
import { parseProcModules } from '../parsers/parseProcModules.js';
import type { ProbeContext } from '../probeContext.js';
import { detectText } from '../detectText.js';
import { readProbeFile } from '../readProbeFile.js';
import { runTool } from '../runTool.js';

const SECURE_BOOT_EFIVAR = '/sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c';

const PACKAGE_MANAGERS: [OsInfo['packageManager'], string][] = [
  ['apt', '/usr/bin/apt-get'],
  ['dnf', '/usr/bin/dnf'],
  ['yum', '/usr/bin/yum'],
  ['zypper', '/usr/bin/zypper'],
  ['pacman', '/usr/bin/pacman'],
];

function platformOf(platform: NodeJS.Platform): OsInfo['platform'] {
  if (platform === 'linux') return 'linux';
  if (platform === 'win32') return 'windows';
  if (platform === 'darwin') return 'macos';
  return 'other';
}

/** x64 → x86_64, arm64 → aarch64 (Linux) / arm64 (macOS): the names install docs use. */
export function archName(arch: string, platform: NodeJS.Platform): string {
  if (arch === 'x64') return 'x86_64';
  if (arch === 'arm64') return platform === 'darwin' ? 'arm64' : 'aarch64';
  return arch;
}

async function secureBootState(context: ProbeContext): Promise<OsInfo['secureBoot']> {
  const efivar = await readHostFile(SECURE_BOOT_EFIVAR);
  if (efivar !== null) return secureBootFromEfivar(Uint8Array.from(efivar, (char) => char.charCodeAt(0) & 0xff));
  // Booted without EFI (BIOS, most containers): mokutil could only say "EFI variables are not supported".
  if ((await hostPathExists('/sys/firmware')) && !(await hostPathExists('/sys/firmware/efi'))) return 'unknown';
  const outcome = await runTool(context, ['mokutil', '--sb-state'], detectText(context.locale)('purpose.secureBoot'));
  return outcome.ok ? parseMokutilSbState(`${outcome.result.stdout}\n${outcome.result.stderr}`) : 'unknown';
}

/** Free space where installs land; a path that does not exist yet is measured at its nearest existing parent. */
async function diskSpace(paths: string[]): Promise<DiskSpace[]> {
  const disks: DiskSpace[] = [];
  for (const wanted of [...new Set(paths)]) {
    let probe = wanted;
    for (;;) {
      try {
        const stats = await statfs(sysrootPath(probe));
        disks.push({ path: wanted, freeBytes: stats.bavail * stats.bsize, totalBytes: stats.blocks * stats.bsize });
        break;
      } catch {
        const parent = path.dirname(probe);
        if (parent === probe) break;
        probe = parent;
      }
    }
  }
  return disks;
}

/** OS facts: distro, kernel, WSL2, container, package manager, Secure Boot, nouveau, free disk. */
export async function probeOs(context: ProbeContext): Promise<OsInfo> {
  const linux = context.platform === 'linux';
  const say = detectText(context.locale);
  const [osRelease, kernelRelease, procVersion, modules, wslLib, dockerEnv, podmanEnv, cgroup, secureBoot, managers] = await Promise.all([
    linux ? readProbeFile(context, '/etc/os-release', say('purpose.linuxDistribution')) : null,
    linux ? readProbeFile(context, '/proc/sys/kernel/osrelease', say('purpose.kernelVersion')) : null,
    linux ? readHostFile('/proc/version') : null,
    linux ? readProbeFile(context, '/proc/modules', say('purpose.nouveauLoaded')) : null,
    linux ? hostPathExists('/usr/lib/wsl/lib') : false,
    linux ? hostPathExists('/.dockerenv') : false,
    linux ? hostPathExists('/run/.containerenv') : false,
    linux ? readHostFile('/proc/1/cgroup') : null,
    linux ? secureBootState(context) : Promise.resolve<OsInfo['secureBoot']>('unknown'),
    linux ? Promise.all(PACKAGE_MANAGERS.map(async ([name, file]) => ((await hostPathExists(file)) ? name : null))) : [],
  ]);
  const release = parseOsRelease(osRelease ?? '');
  const kernel = kernelRelease?.trim() || (linux && !process.env.DLSETUP_SYSROOT ? os.release() : null);
  const wsl = /microsoft|WSL/i.test(`${kernel ?? ''} ${procVersion ?? ''}`);
  const container = dockerEnv || podmanEnv || /docker|kubepods|containerd|lxc/.test(cgroup ?? '');
  let packageManager: OsInfo['packageManager'] = managers.find((name) => name !== null) ?? null;
  if (context.platform === 'darwin') packageManager = 'brew';
  if (context.platform === 'win32') packageManager = 'winget';
  const disks = await diskSpace([os.homedir(), ...(linux ? ['/usr/local', '/opt'] : []), appDataDir()]);
  const info: OsInfo = {
    platform: platformOf(context.platform),
    distro: release.ID ?? (linux ? null : platformOf(context.platform)),
    version: release.VERSION_ID ?? (linux ? null : os.release()),
    kernel,
    arch: archName(os.arch(), context.platform),
    wsl,
    container,
    packageManager,
    secureBoot,
    nouveauLoaded: parseProcModules(modules ?? '').has('nouveau'),
    disks,
  };
  if (linux && modules !== null) info.amdgpuLoaded = parseProcModules(modules).has('amdgpu');
  if (wsl) info.wslDriverDir = wslLib ? '/usr/lib/wsl/lib' : null;
  if (release.PRETTY_NAME && !info.distro) info.distro = release.PRETTY_NAME;
  return info;
}
