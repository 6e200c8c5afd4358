import { errorText } from '../../shared/errorText.js';
import { findNvidiaProduct } from '../../shared/gpus/findNvidiaProduct.js';
import { lookupGpu, type GpuRow } from '../../shared/gpus/lookupGpu.js';
import type { NvidiaDeviceTable } from '../../shared/gpus/nvidiaDeviceTable.js';
import { nvidiaFactsOfIds } from '../../shared/gpus/nvidiaFactsOfIds.js';
import { driverVersion } from '../../shared/versions/driverVersion.js';
import type { HardwareProfile } from '../../shared/types/plan.js';
import type { PlanOverrides } from '../../shared/ipc/contract.js';
import type { DistroPythonTable } from '../../shared/plan/compatData.js';

/** What-if flags of `dlsetup plan` (and plan:resolve's overrides), each optional; they describe the machine to plan for. */
export type ProfileOverrides = PlanOverrides;

const OSES = ['linux', 'windows', 'wsl', 'macos'] as const;
const ARCHES = ['x86_64', 'aarch64', 'arm64'] as const;
const VENDORS = ['nvidia', 'amd', 'intel', 'apple', 'none'] as const;

function oneOf<T extends string>(flag: string, value: string, allowed: readonly T[]): T {
  const lower = value.trim().toLowerCase() as T;
  if (!allowed.includes(lower)) throw errorText.error('INVALID_ARGUMENT', 'plan.flagNotOneOf', { flag, allowed: allowed.join(', '), value });
  return lower;
}

// An ambiguous name lists at most this many candidates: enough to pick from, short enough to read.
const MAX_CANDIDATES = 12;

/** A --gpu name in data/gpus.json, else among the product names of data/nvidia-devices.json (every NVIDIA GPU in pci.ids). */
function gpuByName(
  name: string,
  gpuRows: readonly GpuRow[],
  nvidiaTable: NvidiaDeviceTable | null,
): Pick<GpuRow, 'vendor' | 'name' | 'computeCapability' | 'gfxArch'> & { openKernelModules?: HardwareProfile['gpuOpenKernelModules'] } {
  const row = lookupGpu(gpuRows, { name });
  if (row) {
    // Its PCI ids carry the device table's driver facts: GH200 (Hopper) needs the open kernel modules.
    const openKernelModules = row.vendor === 'nvidia' && nvidiaTable ? nvidiaFactsOfIds(nvidiaTable, row.pciIds).openKernelModules : undefined;
    return openKernelModules ? { ...row, openKernelModules } : row;
  }
  const match = nvidiaTable ? findNvidiaProduct(nvidiaTable, name) : { status: 'none' as const };
  if (match.status === 'found') {
    const { computeCapability, openKernelModules } = match.device;
    return { vendor: 'nvidia', name: match.name, ...(computeCapability ? { computeCapability } : {}), ...(openKernelModules ? { openKernelModules } : {}) };
  }
  if (match.status === 'ambiguous') {
    const shown = match.candidates.slice(0, MAX_CANDIDATES).join('; ') + (match.candidates.length > MAX_CANDIDATES ? '; …' : '');
    throw errorText.error('INVALID_ARGUMENT', 'plan.ambiguousGpu', { gpu: name, candidates: shown });
  }
  throw errorText.error('INVALID_ARGUMENT', 'plan.unknownGpu', { gpu: name });
}

/** "ubuntu2204" as --distro takes it: "ubuntu22.04". */
function distroFlagValue(id: string): string {
  return id.startsWith('ubuntu') ? id.replace(/(\d\d)$/, '.$1') : id;
}

/**
 * A fresh install of a --distro release ("ubuntu22.04", "Ubuntu 22.04", "debian12"): its repositories, and its default
 * python3 without venv (neither Ubuntu nor Debian installs python3-venv by default), from data/distro-pythons.json.
 */
function withDistro(profile: HardwareProfile, flags: ProfileOverrides, table: DistroPythonTable | undefined): void {
  if (flags.distro === undefined) return;
  if (flags.os !== undefined && profile.os !== 'linux') throw errorText.error('INVALID_ARGUMENT', 'plan.distroNeedsLinux', { os: profile.os });
  const id = flags.distro.trim().toLowerCase().replace(/[\s._-]/g, '');
  const release = table?.releases.find((row) => row.distro === id);
  const allowed = (table?.releases ?? []).map((row) => distroFlagValue(row.distro)).join(', ');
  if (!release) throw errorText.error('INVALID_ARGUMENT', 'plan.unknownDistro', { value: flags.distro, allowed });
  profile.os = 'linux';
  profile.linuxRepo = release.distro;
  profile.pythonVersion = release.defaultPython;
  profile.pythonVersions = [release.defaultPython];
  profile.pythonsWithoutVenv = [release.defaultPython];
}

/** Applies the what-if flags; a --gpu name fills vendor, compute capability or gfx target from data/gpus.json or data/nvidia-devices.json. */
export function applyProfileOverrides(
  profile: HardwareProfile,
  flags: ProfileOverrides,
  gpuRows: readonly GpuRow[],
  nvidiaTable: NvidiaDeviceTable | null = null,
  distroPythons?: DistroPythonTable,
): HardwareProfile {
  const next: HardwareProfile = { ...profile };
  // The detected GPU's open-module need goes with it: another GPU or capability gets its own (or its architecture's).
  if (flags.gpu !== undefined || flags.gpuVendor !== undefined || flags.computeCapability !== undefined) delete next.gpuOpenKernelModules;
  if (flags.os !== undefined) next.os = oneOf('--os', flags.os, OSES);
  if (flags.arch !== undefined) next.arch = oneOf('--arch', flags.arch, ARCHES);
  if (flags.gpu !== undefined) {
    const row = gpuByName(flags.gpu, gpuRows, nvidiaTable);
    next.gpuVendor = row.vendor;
    next.gpuName = row.name;
    delete next.computeCapability;
    delete next.gpuArch;
    if (row.computeCapability) next.computeCapability = row.computeCapability;
    if (row.gfxArch) next.gpuArch = row.gfxArch;
    if ('openKernelModules' in row && row.openKernelModules) next.gpuOpenKernelModules = row.openKernelModules;
  }
  if (flags.gpuVendor !== undefined) {
    next.gpuVendor = oneOf('--gpu-vendor', flags.gpuVendor, VENDORS);
    if (next.gpuVendor === 'none') {
      delete next.gpuName;
      delete next.computeCapability;
      delete next.gpuArch;
    }
  }
  if (flags.computeCapability !== undefined) {
    if (!/^\d+\.\d+$/.test(flags.computeCapability.trim())) {
      throw errorText.error('INVALID_ARGUMENT', 'plan.badComputeCapability', { value: flags.computeCapability });
    }
    next.computeCapability = flags.computeCapability.trim();
    if (flags.gpuVendor === undefined) next.gpuVendor = 'nvidia';
    if (flags.gpu === undefined) delete next.gpuName;
  }
  if (flags.gpuArch !== undefined) {
    if (!/^gfx[0-9a-f]{3,4}$/i.test(flags.gpuArch.trim())) throw errorText.error('INVALID_ARGUMENT', 'plan.badGpuArch', { value: flags.gpuArch });
    next.gpuArch = flags.gpuArch.trim().toLowerCase();
    if (flags.gpuVendor === undefined) next.gpuVendor = 'amd';
    if (flags.gpu === undefined) delete next.gpuName;
  }
  if (flags.driver !== undefined) {
    const value = flags.driver.trim();
    if (value.toLowerCase() === 'none') next.driverVersion = null;
    else if (driverVersion.parse(value)) next.driverVersion = value;
    else throw errorText.error('INVALID_ARGUMENT', 'plan.badDriver', { value: flags.driver });
  }
  withDistro(next, flags, distroPythons);
  return next;
}

/** Whether any what-if flag was given: then the plan is for the machine the flags describe, not this one. */
export function isWhatIf(flags: ProfileOverrides): boolean {
  return Object.values(flags).some((value) => value !== undefined);
}

/**
 * The machine a what-if plan is for: only what the flags say. OS (with its distribution release) and CPU architecture
 * must be something, so they are this machine's unless given; its GPU, driver, CUDA Toolkits, cuDNN and Pythons never leak in (unknown stays unknown).
 * A driver version without a GPU flag means an NVIDIA GPU of unknown model; macOS on arm64, Apple silicon's GPU.
 */
export function whatIfProfile(
  host: HardwareProfile,
  flags: ProfileOverrides,
  gpuRows: readonly GpuRow[],
  nvidiaTable: NvidiaDeviceTable | null = null,
  distroPythons?: DistroPythonTable,
): HardwareProfile {
  const bare: HardwareProfile = { os: host.os, arch: host.arch, gpuVendor: 'none', driverVersion: null };
  // The same OS is the same distribution release: its repositories (Debian's own driver, NVIDIA's toolkits) still apply.
  if (flags.os === undefined && flags.distro === undefined && host.linuxRepo) bare.linuxRepo = host.linuxRepo;
  const profile = applyProfileOverrides(bare, flags, gpuRows, nvidiaTable, distroPythons);
  const gpuGiven = flags.gpu !== undefined || flags.gpuVendor !== undefined || flags.computeCapability !== undefined || flags.gpuArch !== undefined;
  if (!gpuGiven && profile.driverVersion !== null) profile.gpuVendor = 'nvidia';
  // Every arm64 Mac is Apple silicon, whose GPU MPS uses: "with no GPU" would be untrue beside an MPS plan.
  else if (!gpuGiven && profile.os === 'macos' && profile.arch === 'arm64') profile.gpuVendor = 'apple';
  return profile;
}

/**
 * This machine with the GPU the person picked (plan:resolve's gpuChoice): a product name as --gpu takes it, or a compute
 * capability ("8.9", a generation). Only the GPU changes; the driver, toolkits and Pythons stay as detected.
 */
export function pickedGpuProfile(host: HardwareProfile, choice: string, gpuRows: readonly GpuRow[], nvidiaTable: NvidiaDeviceTable | null): HardwareProfile {
  const flags: ProfileOverrides = /^\s*\d+\.\d+\s*$/.test(choice) ? { computeCapability: choice, gpuVendor: 'nvidia' } : { gpu: choice };
  const profile = applyProfileOverrides(host, flags, gpuRows, nvidiaTable);
  // The GPU is known now: the PCI id only named an unknown one.
  delete profile.gpuPciId;
  return profile;
}
