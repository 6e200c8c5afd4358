import os from 'node:os';
import { createSimulatedHost, type SimulatedHost, type SimulatedHostOptions } from '../../testkit/simulatedHost.js';
import type { Channel } from '../../shared/ipc/contract.js';
import type { ServeHandle } from './serve.js';

/** A sysfs PCI display function: class 0x030000 (VGA). */
export function pciDevice(slot: string, vendor: string, device: string): Record<string, string> {
  const dir = `/sys/bus/pci/devices/${slot}`;
  return { [`${dir}/class`]: '0x030000\n', [`${dir}/vendor`]: `0x${vendor}\n`, [`${dir}/device`]: `0x${device}\n`, [`${dir}/subsystem_vendor`]: '0x1043\n', [`${dir}/subsystem_device`]: '0x8888\n' };
}

/** What detection's site script prints for one interpreter (main/detect/probes/probePythons.ts). */
export function pythonAnswer(version: string, prefix: string): string {
  return JSON.stringify({ version, prefix, site: [`${prefix}/lib/python${version.split('.').slice(0, 2).join('.')}/site-packages`], venv: true });
}

const UBUNTU = { '/etc/os-release': 'NAME="Ubuntu"\nVERSION_ID="22.04"\nID=ubuntu\nID_LIKE=debian\n', '/usr/bin/apt-get': '' };

/** The machines the wizard's e2e flows run on; every tool prints a real capture from fixtures/. */
export const WIZARD_HOSTS = {
  /** RTX 4090 on driver 535.86.05 (CUDA 12.2), no Toolkit. */
  rtx4090: {
    files: { ...UBUNTU, ...pciDevice('0000:01:00.0', '10de', '2684') },
    tools: { 'nvidia-smi': { stdout: { fixture: 'nvidia-smi-xml/rtx4090_driver535.86.05.xml' } } },
  },
  /**
   * A new workstation whose NVIDIA GPU nobody knows yet (issue 28): no driver, a device id the table lacks (10de:2d99) and
   * an older pci.ids, so lspci prints only `Device [10de:2d99]`. The plan must not say it works; the student picks the GPU.
   */
  unknownNvidia: {
    files: { ...UBUNTU, ...pciDevice('0000:01:00.0', '10de', '2d99') },
    tools: { lspci: { stdout: '01:00.0 VGA compatible controller [0300]: NVIDIA Corporation Device [10de:2d99] (rev a1)\n' } },
  },
  /** No GPU at all: the plan must fall back to a CPU build and say so. */
  noGpu: { files: { ...UBUNTU } },
  /** AMD RX 5700 XT (Navi 10) with ROCm's tools and amdgpu loaded, no NVIDIA GPU: the screens speak of ROCm, not CUDA. */
  amdRocm: {
    files: { ...UBUNTU, ...pciDevice('0000:03:00.0', '1002', '731f'), '/proc/modules': 'amdgpu 9580544 32 - Live 0x0000000000000000\n' },
    tools: { 'rocm-smi': { stdout: { fixture: 'rocm-smi/rocm-smi_-a_navi10_0x731f_driver5.6.19_partial.txt' } }, rocm_agent_enumerator: { stdout: 'gfx000\ngfx1010\n' } },
  },
  /** TITAN Xp (Pascal) on driver 384.66: too old for current framework builds, so the plan upgrades the driver. */
  oldDriver: {
    files: { ...UBUNTU, ...pciDevice('0000:01:00.0', '10de', '1b02') },
    tools: { 'nvidia-smi': { stdout: { fixture: 'nvidia-smi-table/titan-xp_driver384.66_no-cuda-version_partial.txt' } } },
  },
  /**
   * GeForce GT 1030 (Pascal) on driver 470.74 (CUDA 11.4) with Toolkits 11.0 and 11.5 side by side, /usr/local/cuda →
   * 11.5: the active Toolkit is newer than the driver's CUDA within CUDA 11 (minor-version compatibility).
   */
  gt1030: {
    files: { ...UBUNTU, ...pciDevice('0000:2d:00.0', '10de', '1d01') },
    symlinks: { '/usr/local/cuda': '/usr/local/cuda-11.5' },
    executables: {
      '/usr/local/cuda-11.0/bin/nvcc': { stdout: { fixture: 'nvcc/nvcc_11.0.221.txt' } },
      '/usr/local/cuda-11.5/bin/nvcc': { stdout: { fixture: 'nvcc/nvcc_11.5.119_ubuntu22.04_distro.txt' } },
    },
    tools: { 'nvidia-smi': { stdout: { fixture: 'nvidia-smi-xml/gt1030_driver470.74.xml' } } },
  },
  /**
   * A fresh Debian 12 without python3-venv: its python3 (3.11.2) answers detection with venv false, as a real one
   * without ensurepip does; no GPU, so the plan is the CPU build plus the system-python step.
   */
  freshDebian: {
    files: { '/etc/os-release': 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nNAME="Debian GNU/Linux"\nVERSION_ID="12"\nID=debian\n', '/usr/bin/apt-get': '' },
    tools: { python3: { stdout: JSON.stringify({ version: '3.11.2', prefix: '/usr', site: ['/usr/lib/python3/dist-packages'], venv: false }) } },
  },
  /**
   * Several Pythons (no GPU): python3 3.10.12, python3.13 and python3.9 on PATH, pyenv's 3.6.15 under ~/.pyenv/versions
   * and Miniforge's base: text order would put 3.9 and 3.6 above 3.13. Each answers detection as the real one does.
   */
  severalPythons: {
    // pyenv's and Miniforge's layouts on disk: detection reads environments from there and never starts them (issue 27).
    files: {
      ...UBUNTU,
      [`${os.homedir()}/.pyenv/versions/3.6.15/lib/python3.6/site-packages/README.txt`]: '',
      [`${os.homedir()}/miniforge3/conda-meta/python-3.12.7-hc5c86c4_0_cpython.json`]: '{}',
      [`${os.homedir()}/miniforge3/lib/python3.12/site-packages/README.txt`]: '',
    },
    executables: {
      [`${os.homedir()}/.pyenv/versions/3.6.15/bin/python`]: { stdout: pythonAnswer('3.6.15', `${os.homedir()}/.pyenv/versions/3.6.15`) },
      [`${os.homedir()}/miniforge3/bin/python`]: { stdout: pythonAnswer('3.12.7', `${os.homedir()}/miniforge3`) },
    },
    tools: {
      python3: { stdout: pythonAnswer('3.10.12', '/usr') },
      'python3.13': { stdout: pythonAnswer('3.13.1', '/usr') },
      'python3.9': { stdout: pythonAnswer('3.9.18', '/usr') },
    },
  },
} satisfies Record<string, SimulatedHostOptions>;

export async function wizardHost(name: keyof typeof WIZARD_HOSTS, extra: SimulatedHostOptions = {}): Promise<SimulatedHost> {
  const base: SimulatedHostOptions = WIZARD_HOSTS[name];
  return createSimulatedHost({ isolatePath: true, ...base, ...extra, files: { ...base.files, ...extra.files }, tools: { ...base.tools, ...extra.tools } });
}

/**
 * Whether `dlsetup serve` has a channel wired: an unwired one answers NOT_AVAILABLE. Flows that need a missing channel
 * are marked fixme with its name, so they turn on by themselves once the lead wires it (the browser never fakes a service).
 */
export async function missingChannels(serve: ServeHandle, probes: Partial<Record<Channel, unknown>>): Promise<string[]> {
  const missing: string[] = [];
  for (const [channel, arg] of Object.entries(probes)) {
    const response = await fetch(`${serve.origin}/api/invoke/${channel}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${serve.token}`, Origin: serve.origin },
      body: JSON.stringify({ arg }),
    });
    const result = (await response.json()) as { ok: boolean; error?: { code: string } };
    if (!result.ok && result.error?.code === 'NOT_AVAILABLE') missing.push(channel);
  }
  return missing;
}
