/** What detection reports about a machine (issue 3). Field names are part of the `dlsetup detect --json` contract. */
import type { CudaFit } from '../cuda/explainCudaFit.js';

export type GpuVendor = 'nvidia' | 'amd' | 'intel' | 'apple';

export interface OsInfo {
  platform: 'linux' | 'windows' | 'macos' | 'other';
  distro: string | null;
  version: string | null;
  kernel: string | null;
  arch: string;
  wsl: boolean;
  container: boolean;
  packageManager: 'apt' | 'dnf' | 'yum' | 'zypper' | 'pacman' | 'brew' | 'winget' | null;
  secureBoot: 'enabled' | 'disabled' | 'unknown';
  nouveauLoaded: boolean;
  disks: DiskSpace[];
  /** Linux: AMD's kernel driver (amdgpu) is loaded (/proc/modules); absent in reports from before it was read. */
  amdgpuLoaded?: boolean;
  /** WSL2 only: where the Windows driver's CUDA libraries appear (/usr/lib/wsl/lib), when present. */
  wslDriverDir?: string | null;
}

export interface DiskSpace {
  path: string;
  freeBytes: number;
  totalBytes: number;
}

export interface CpuInfo {
  model: string;
  cores: number;
  memoryBytes: number;
}

export interface Gpu {
  vendor: GpuVendor;
  name: string;
  pciId?: string;
  busId?: string;
  computeCapability?: string;
  memoryMiB?: number;
  driverVersion?: string;
  architecture?: string;
  gfxArch?: string;
  index?: number;
  uuid?: string;
  /** Windows driver model (WDDM, TCC, MCDM) as nvidia-smi reports it. */
  driverModel?: string;
  migEnabled?: boolean;
  /** Number of MIG instances carved out of this GPU, when MIG is on. */
  migDevices?: number;
  /** "vGPU" for a virtual-GPU slice (GRID), "passthrough" for a whole card handed to a VM. */
  virtualization?: 'vgpu' | 'passthrough';
  /** Integrated GPUs (Jetson, APUs, Apple) share system memory. */
  integrated?: boolean;
  /** Which probe reported this GPU (nvidia-smi, pci, rocm-smi, ...). */
  source?: string;
  /**
   * Where computeCapability came from, most trusted first: the driver (nvidia-smi), the device id in
   * data/nvidia-devices.json ("pci-id"), the chip code in the name lspci printed ("lspci-chip"), data/gpus.json by name ("gpus.json").
   */
  computeCapabilitySource?: 'nvidia-smi' | 'pci-id' | 'lspci-chip' | 'gpus.json';
  /** NVIDIA chip code ("AD107", "GK110B") or AMD codename ("Navi 31"), from pci.ids or lspci. */
  chip?: string;
  /** PCI revision id ("c8"; sysfs): amdgpu.ids names an AMD card by device and revision. */
  pciRevision?: string;
  /**
   * Where gfxArch came from, most trusted first: ROCm's tools (amd-smi, rocm-smi, rocm_agent_enumerator), the device id
   * in data/amd-devices.json ("pci-id"), the codename in the name lspci printed ("lspci-chip"), data/gpus.json by name.
   */
  gfxArchSource?: 'amd-smi' | 'rocm-smi' | 'rocm_agent_enumerator' | 'pci-id' | 'lspci-chip' | 'gpus.json';
  /** AMD: what the newest reviewed ROCm support list says of its gfx target (data/amd-devices.json). */
  rocmSupport?: 'supported' | 'unsupported' | 'notListed';
  /** NVIDIA: the newest driver branch that drives this GPU ("470", "580") or "current" (data/nvidia-devices.json). */
  driverBranch?: string;
  /** NVIDIA: whether its open kernel modules drive it: required (Blackwell), supported (Turing and later), unsupported. */
  openKernelModules?: 'required' | 'supported' | 'unsupported';
  /** Spec figures from data/gpus.json when the card is known there. */
  spec?: GpuSpec;
}

export interface GpuSpec {
  fp32Tflops?: number;
  tensorTflops?: Record<string, number>;
  bandwidthGBs?: number;
  memoryMiB?: number;
  source: string;
}

export interface DisplayAdapter {
  vendorId: string;
  deviceId: string;
  name: string;
  virtual: boolean;
  busId?: string;
  subsystemId?: string;
}

export interface DriverInfo {
  version: string;
  /** Highest CUDA the driver supports (the nvidia-smi header's "CUDA Version"). */
  cudaVersion: string | null;
  source: string;
  /** NVIDIA's open kernel module or the proprietary one (/proc/driver/nvidia/version). */
  kernelModule?: 'open' | 'proprietary';
}

export interface CudaToolkit {
  version: string;
  path: string;
  active: boolean;
  nvccRuns?: boolean;
  source: string;
  /** Installed by a distribution package (Debian's and Ubuntu's nvidia-cuda-toolkit) in /usr; version as dpkg records it. */
  debianPackage?: { name: string; version: string | null };
}

export interface CudnnInstall {
  version: string;
  path: string;
  source: string;
}

export interface PythonEnv {
  path: string;
  version: string;
  kind: 'system' | 'pyenv' | 'conda' | 'venv' | 'dlsetup';
  packages: Record<string, string>;
  /** System interpreters only: whether `-m venv` can work (venv and ensurepip import; Debian/Ubuntu split them out). */
  venv?: boolean;
  sitePackages?: string[];
}

/**
 * An environment detection did not check (issue 27 item 3): 'unreadable', its layout could not be read from disk and it
 * is never started to ask; 'otherUser', its interpreter belongs to another user (or every user can change it), so it is
 * not started; 'overLimits', reading stopped at the per-run limits of docs/security.md.
 */
export interface NotCheckedPython {
  path: string;
  kind: PythonEnv['kind'];
  reason: 'unreadable' | 'otherUser' | 'overLimits';
  /** otherUser: the owner's uid. */
  uid?: number;
}

export interface Finding {
  code: string;
  /** For people, in the detect request's locale (English by default); `code` is the stable part. */
  message: string;
  severity?: 'error' | 'warning' | 'info';
}

/** The classic confusion spelled out: what the driver supports vs which Toolkit is installed. */
export interface CudaSummary {
  driverCuda: string | null;
  toolkit: string | null;
  compatible: boolean | null;
  /** In the detect request's locale (English by default). */
  message: string;
  /** The verdict itself, so the wizard says it in its own language with the same function (shared/cuda/explainCudaFit). */
  fit?: CudaFit;
}

export interface RocmInstall {
  /** The release, "6.3.2". */
  version: string;
  /** The build number where the file gives one (/opt/rocm/.info/version "6.3.2-66" -> "66"). */
  build?: string;
  /** Where it was read: "/opt/rocm/.info/version", "/opt/rocm-6.2.0/.info/version", "amd-smi version", ... */
  source: string;
  /** Every ROCm release installed side by side (/opt/rocm-X.Y.Z), newest first, when more than one. */
  installed?: string[];
}

export interface HardwareReport {
  os: OsInfo;
  cpu: CpuInfo;
  gpus: Gpu[];
  displayAdapters: DisplayAdapter[];
  driver: DriverInfo | null;
  cudaToolkits: CudaToolkit[];
  cudnn: CudnnInstall[];
  pythons: PythonEnv[];
  /** Environments found but not checked, each also a warning with the way on; absent in reports from before. */
  pythonsNotChecked?: NotCheckedPython[];
  /**
   * The conda command the install would run ('conda' when on PATH, else its path; main/system/findConda.ts), null when
   * there is none; absent in reports from before it was looked for.
   */
  condaCommand?: string | null;
  findings: Finding[];
  /** Sentences in the detect request's locale; the commands, paths and tool output they quote stay as they are. */
  warnings: string[];
  durationMs: number;
  cudaSummary?: CudaSummary;
  /** ROCm's tools that answered (amd-smi, rocm-smi, rocm_agent_enumerator): ROCm is installed and sees the AMD GPU. */
  rocmTools?: string[];
  /** The installed ROCm release, read from its files or tools (main/detect/probes/probeRocmVersion.ts); absent when none is found. */
  rocm?: RocmInstall;
}
