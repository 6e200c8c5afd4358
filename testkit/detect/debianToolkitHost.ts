import { readFileSync } from 'node:fs';
import { fixturePath } from '../fixturePath.js';
import type { SimulatedHostOptions } from '../simulatedHost.js';

/**
 * Debian 12 with Debian's nvidia-cuda-toolkit 11.8 (fixtures/debian-cuda-toolkit/layout.txt, from the real .debs) beside
 * NVIDIA's CUDA 13.0 in /usr/local/cuda-13.0. Stand-in files are empty; each nvcc prints its real captured `--version`.
 * The PATH nvcc (bin/ of the simulated host, standing for /usr/bin/nvcc) is Debian's real wrapper text.
 */
export const DEBIAN_NVCC_WRAPPER = readFileSync(fixturePath('debian-cuda-toolkit/usr-bin-nvcc.sh'), 'utf8');

export const DEBIAN_TOOLKIT_FILES: Record<string, string> = {
  '/etc/os-release': 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nNAME="Debian GNU/Linux"\nVERSION_ID="12"\nVERSION_CODENAME=bookworm\nID=debian\n',
  '/usr/bin/apt-get': '',
  '/var/lib/dpkg/status': readFileSync(fixturePath('debian-cuda-toolkit/dpkg-status.txt'), 'utf8'),
  // The package's skeleton: bin/ and lib64/ are empty folders; cuda.h and libdevice are links into /usr.
  '/usr/lib/cuda/bin/.keep': '',
  '/usr/lib/cuda/lib64/.keep': '',
  '/usr/include/cuda.h': '#define CUDA_VERSION 11080\n',
  '/usr/include/cuda_runtime_api.h': '#define CUDART_VERSION  11080\n',
  '/usr/lib/x86_64-linux-gnu/libcudart.so.11.8.89': '',
  '/usr/lib/nvidia-cuda-toolkit/libdevice/libdevice.10.bc': '',
  '/usr/local/cuda-13.0/include/cuda.h': '#define CUDA_VERSION 13000\n',
  '/usr/local/cuda-13.0/lib64/libcudart.so.13': '',
};

export const DEBIAN_TOOLKIT_SYMLINKS: Record<string, string> = {
  '/usr/lib/cuda/include/cuda.h': '/usr/include/cuda.h',
  '/usr/lib/cuda/nvvm/libdevice': '/usr/lib/nvidia-cuda-toolkit/libdevice',
  '/usr/lib/x86_64-linux-gnu/libcudart.so.11.0': '/usr/lib/x86_64-linux-gnu/libcudart.so.11.8.89',
};

/** Both toolkits' real nvcc, each printing its real `nvcc --version`. */
export const DEBIAN_TOOLKIT_EXECUTABLES: SimulatedHostOptions['executables'] = {
  '/usr/lib/nvidia-cuda-toolkit/bin/nvcc': { stdout: { fixture: 'nvcc/nvcc_11.8.89_debian12_package.txt' } },
  '/usr/local/cuda-13.0/bin/nvcc': { stdout: { fixture: 'nvcc/nvcc_13.0.88_linux_x86_64.txt' } },
};
