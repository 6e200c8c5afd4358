/*
 * Issue 30, "the second student's walk": eight machines the other e2e flows do not have. Every tool prints a real capture
 * from fixtures/ (fixtures/SOURCES.md); the facts a true screen must show are written above each machine, from its
 * capture and the data/ row, before any test ran.
 */
import os from 'node:os';
import path from 'node:path';
import { createSimulatedHost, type SimulatedHost, type SimulatedHostOptions } from '../../testkit/simulatedHost.js';
import { DEBIAN_TOOLKIT_EXECUTABLES, DEBIAN_TOOLKIT_FILES, DEBIAN_TOOLKIT_SYMLINKS } from '../../testkit/detect/debianToolkitHost.js';
import { environmentFiles, environmentPrefix, torch } from '../../testkit/verify/environments.js';
import { pciDevice, pythonAnswer } from './wizardHosts.js';

const osRelease = (pretty: string, id: string, versionId: string, codename: string) => ({
  '/etc/os-release': `PRETTY_NAME="${pretty}"\nNAME="${id === 'ubuntu' ? 'Ubuntu' : 'Debian GNU/Linux'}"\nVERSION_ID="${versionId}"\nVERSION_CODENAME=${codename}\nID=${id}\n${id === 'ubuntu' ? 'ID_LIKE=debian\n' : ''}`,
  '/usr/bin/apt-get': '',
});
const UBUNTU_2204 = osRelease('Ubuntu 22.04.4 LTS', 'ubuntu', '22.04', 'jammy');
const UBUNTU_2404 = osRelease('Ubuntu 24.04.1 LTS', 'ubuntu', '24.04', 'noble');
const UBUNTU_2004 = osRelease('Ubuntu 20.04.6 LTS', 'ubuntu', '20.04', 'focal');

/** A100 server's conda: Miniconda's base (Python 3.12.7) and an env `torch-cu118` holding torch 2.1.2+cu118. */
const A100_ENVS = [{ name: 'torch-cu118', python: '3.10.14', dists: [torch('2.1.2+cu118')] }];
const MINICONDA = path.join(os.homedir(), 'miniconda3');
const PYENV = path.join(os.homedir(), '.pyenv');

export const WALK_HOSTS = {
  /**
   * (1) Laptop: RTX 4070 Laptop GPU on driver 580.173.02, CUDA 13.0 (fixtures/nvidia-smi-table/rtx4070-laptop_driver580.173.02_partial.txt,
   * the name truncated "NVIDIA GeForce RTX 4070 ..."); PCI 10de:2860 AD106M (data/nvidia-devices.json) → Ada Lovelace, compute
   * capability 8.9. Ubuntu 24.04, python3 3.12.3 without venv (data/distro-pythons.json ubuntu2404: python3.12-venv in main).
   * True plan: the driver stays (580 runs the newest PyTorch CUDA builds: data/pytorch.json), a CUDA wheel build, and the
   * system-python step installing python3.12-venv.
   */
  laptop4070: {
    files: { ...UBUNTU_2404, ...pciDevice('0000:64:00.0', '10de', '2860') },
    tools: {
      'nvidia-smi': { stdout: { fixture: 'nvidia-smi-table/rtx4070-laptop_driver580.173.02_partial.txt' } },
      python3: { stdout: JSON.stringify({ version: '3.12.3', prefix: '/usr', site: ['/usr/lib/python3/dist-packages'], venv: false }) },
    },
  },
  /**
   * (2) Desktop: GeForce RTX 3060 (10de:2487, GA104, Ampere, compute capability 8.6) on driver 570.124.04, CUDA 12.8
   * (fixtures/nvidia-smi-xml/rtx3060_driver570.124.04.xml). NVIDIA's CUDA 13.0.88 Toolkit in /usr/local/cuda-13.0
   * (fixtures/nvcc/nvcc_13.0.88_linux_x86_64.txt) and cuDNN 9.6.0 headers (fixtures/cudnn/cudnn_version_h_9.6.0.h). Toolkit
   * 13.0 needs driver ≥ 580 (data/cuda-toolkits.json), so it cannot run on 570 (no minor-version compatibility across
   * majors). True plan: keep 570.124.04, a PyTorch CUDA 12.x wheel (cu128 runs on ≥ 570.26 per data/pytorch.json).
   */
  rtx3060: {
    files: { ...UBUNTU_2204, ...pciDevice('0000:01:00.0', '10de', '2487'), '/usr/include/cudnn_version.h': { fixture: 'cudnn/cudnn_version_h_9.6.0.h' } },
    executables: { '/usr/local/cuda-13.0/bin/nvcc': { stdout: { fixture: 'nvcc/nvcc_13.0.88_linux_x86_64.txt' } } },
    symlinks: { '/usr/local/cuda': '/usr/local/cuda-13.0' },
    tools: { 'nvidia-smi': { stdout: { fixture: 'nvidia-smi-xml/rtx3060_driver570.124.04.xml' } }, python3: { stdout: pythonAnswer('3.10.12', '/usr') } },
  },
  /**
   * (3) Server: an A100-SXM4-80GB (10de:20b2, Ampere, 8.0) at 00000000:01:00.0 with MIG enabled, 4 instances (the capture's
   * one <gpu>, its <mig_devices>), on driver 535.54.03, CUDA 12.2 (fixtures/nvidia-smi-xml/a100-sxm4-80gb_x4_driver535.54.03.xml). CUDA 11.8 runfile Toolkit whose version.json says
   * "11.8.20220929" (fixtures/cuda-version/cuda_11.8_version_json_partial.json) and whose nvcc says V11.8.89
   * (fixtures/nvcc/nvcc_11.8.89_debian12_package.txt: the same `nvcc --version` text). Miniconda with an env torch-cu118
   * (torch 2.1.2+cu118). True plan: keep 535 (CUDA 12.x wheels run on ≥ 525.60.13), no driver step.
   */
  a100Server: {
    files: {
      ...UBUNTU_2204,
      ...pciDevice('0000:01:00.0', '10de', '20b2'),
      '/usr/local/cuda-11.8/version.json': { fixture: 'cuda-version/cuda_11.8_version_json_partial.json' },
      [`${MINICONDA}/conda-meta/python-3.12.7-h5148396_0.json`]: '{}',
      [`${MINICONDA}/lib/python3.12/site-packages/README.txt`]: '',
      ...environmentFiles(A100_ENVS),
    },
    executables: {
      '/usr/local/cuda-11.8/bin/nvcc': { stdout: { fixture: 'nvcc/nvcc_11.8.89_debian12_package.txt' } },
      [`${MINICONDA}/bin/python`]: { stdout: pythonAnswer('3.12.7', MINICONDA) },
      [`${MINICONDA}/bin/conda`]: { stdout: 'conda 24.9.2\n' },
      [path.join(environmentPrefix('torch-cu118'), 'bin', 'python')]: { stdout: pythonAnswer('3.10.14', environmentPrefix('torch-cu118')) },
    },
    symlinks: { '/usr/local/cuda': '/usr/local/cuda-11.8' },
    tools: { 'nvidia-smi': { stdout: { fixture: 'nvidia-smi-xml/a100-sxm4-80gb_x4_driver535.54.03.xml' } }, python3: { stdout: pythonAnswer('3.10.12', '/usr') } },
  },
  /**
   * (4) Debian 12: GeForce RTX 3080 (10de:2216, GA102, Ampere, 8.6) on driver 595.58.03, CUDA 13.2
   * (fixtures/nvidia-smi-xml/rtx3080_driver595.58.03.xml), Debian's nvidia-cuda-toolkit 11.8.89 beside NVIDIA's 13.0.88
   * (fixtures/debian-cuda-toolkit/, testkit/detect/debianToolkitHost.ts), neither active (no nvcc on PATH, no
   * /usr/local/cuda link), python3 3.11.2 with venv. True plan: no driver change (595 ≥ 580, the CUDA 13.x floor), cu130.
   */
  debianRtx3080: {
    files: { ...DEBIAN_TOOLKIT_FILES, ...pciDevice('0000:01:00.0', '10de', '2216') },
    symlinks: DEBIAN_TOOLKIT_SYMLINKS,
    executables: DEBIAN_TOOLKIT_EXECUTABLES,
    tools: {
      'nvidia-smi': { stdout: { fixture: 'nvidia-smi-xml/rtx3080_driver595.58.03.xml' } },
      python3: { stdout: pythonAnswer('3.11.2', '/usr') },
    },
  },
  /**
   * (5) Quadro P2000 (10de:1c30, GP106GL, Pascal, 6.1) on driver 525.125.06, CUDA 12.0
   * (fixtures/nvidia-smi-xml/quadro-p2000_driver525.125.06.xml). data/nvidia-devices.json: last branch 580 (Pascal leaves
   * the current driver after R580), CUDA 13 builds have no sm_61 code. True plan: a build with sm_61 kernels that 525 runs.
   */
  quadroP2000: {
    files: { ...UBUNTU_2204, ...pciDevice('0000:01:00.0', '10de', '1c30') },
    tools: { 'nvidia-smi': { stdout: { fixture: 'nvidia-smi-xml/quadro-p2000_driver525.125.06.xml' } }, python3: { stdout: pythonAnswer('3.10.12', '/usr') } },
  },
  /**
   * (6) AMD Radeon RX 6650 XT (1002:73ef, Navi 23, gfx1032; data/amd-devices.json: not on ROCm's support list), sysfs and
   * lspci only (fixtures/lspci/lspci_-nn_rx6650xt_navi23.txt), amdgpu loaded, no ROCm, Ubuntu 24.04. True: no CUDA words,
   * ROCm not installed, the GPU is not one ROCm lists.
   */
  amdNoRocm: {
    files: { ...UBUNTU_2404, ...pciDevice('0000:03:00.0', '1002', '73ef'), '/proc/modules': 'amdgpu 9580544 32 - Live 0x0000000000000000\n' },
    tools: { lspci: { stdout: { fixture: 'lspci/lspci_-nn_rx6650xt_navi23.txt' } }, python3: { stdout: pythonAnswer('3.12.3', '/usr') } },
  },
  /**
   * (7) Server: L40S (10de:26b9, AD102GL, Ada Lovelace, 8.9) on driver 595.80, CUDA 13.2
   * (fixtures/nvidia-smi-table/l40s_driver595.80.txt), Ubuntu 24.04, python3 3.12.3 with venv. True plan: no driver step.
   */
  l40s: {
    files: { ...UBUNTU_2404, ...pciDevice('0000:01:00.0', '10de', '26b9') },
    tools: { 'nvidia-smi': { stdout: { fixture: 'nvidia-smi-table/l40s_driver595.80.txt' } }, python3: { stdout: pythonAnswer('3.12.3', '/usr') } },
  },
  /**
   * (8) Cloud server: eight Tesla V100S-PCIE-32GB (10de:1df6, GV100GL, Volta, 7.0) on driver 535.171.04, CUDA 12.2
   * (fixtures/nvidia-smi-table/v100s-pcie-32gb_x8_driver535.171.04.txt), Ubuntu 20.04 whose python3 is 3.8.10, and pyenv's
   * Python 3.11.9 in ~/.pyenv/versions. True plan: PyTorch 2.14.0 cu126 (data/pytorch.json: cu130/cu132 have no sm_70 code,
   * cu126 lists 7.0), the driver kept (CUDA 12.x runs on ≥ 525.60.13), Python 3.11 from pyenv (2.14 needs 3.10-3.15; 3.8 is
   * outside), so no distribution Python is installed.
   */
  v100sCloud: {
    files: { ...UBUNTU_2004, ...pciDevice('0000:00:06.0', '10de', '1df6'), [`${PYENV}/versions/3.11.9/lib/python3.11/site-packages/README.txt`]: '' },
    executables: { [`${PYENV}/versions/3.11.9/bin/python`]: { stdout: pythonAnswer('3.11.9', `${PYENV}/versions/3.11.9`) } },
    tools: { 'nvidia-smi': { stdout: { fixture: 'nvidia-smi-table/v100s-pcie-32gb_x8_driver535.171.04.txt' } }, python3: { stdout: JSON.stringify({ version: '3.8.10', prefix: '/usr', site: ['/usr/lib/python3/dist-packages'], venv: true }) } },
  },
} satisfies Record<string, SimulatedHostOptions>;

export type WalkHostName = keyof typeof WALK_HOSTS;

export async function walkHost(name: WalkHostName): Promise<SimulatedHost> {
  return createSimulatedHost({ isolatePath: true, ...(WALK_HOSTS[name] as SimulatedHostOptions) });
}
