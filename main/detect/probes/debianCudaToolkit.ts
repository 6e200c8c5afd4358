import { hostPathExists, readHostBytes } from '../../system/sysroot.js';
import { dpkgInstalledVersion } from '../parsers/dpkgStatus.js';

/**
 * Debian's (and Ubuntu's) nvidia-cuda-toolkit package (fixtures/debian-cuda-toolkit/layout.txt, from the bookworm
 * 11.8.89~11.8.0-5~deb12u1 .debs): the real nvcc is /usr/lib/nvidia-cuda-toolkit/bin/nvcc behind a one-line /usr/bin/nvcc
 * wrapper, headers are in /usr/include, libraries in /usr/lib/<triplet>, and /usr/lib/cuda is a skeleton of links with an
 * empty bin/. All of it is one install, reported as /usr: what `dirname $(dirname $(which nvcc))` gives, as PyTorch derives
 * CUDA_HOME.
 */
export const DEBIAN_TOOLKIT_ROOT = '/usr';
export const DEBIAN_TOOLKIT_NVCC = '/usr/lib/nvidia-cuda-toolkit/bin/nvcc';
export const DEBIAN_TOOLKIT_PACKAGE = 'nvidia-cuda-toolkit';
/** Folders of the package that name the same install when found on their own (CUDA_HOME, /usr/local/cuda, PATH). */
const DEBIAN_TOOLKIT_ALIASES = ['/usr/lib/cuda', '/usr/lib/nvidia-cuda-toolkit'];

export interface DebianToolkit {
  /** dpkg's version of the package ("11.8.89~11.8.0-5~deb12u1"); null when dpkg has no record (files copied by hand). */
  packageVersion: string | null;
}

/** The package's install when its nvcc is there. */
export async function findDebianToolkit(): Promise<DebianToolkit | null> {
  if (!(await hostPathExists(DEBIAN_TOOLKIT_NVCC))) return null;
  const status = await readHostBytes('/var/lib/dpkg/status');
  return { packageVersion: status ? dpkgInstalledVersion(status, DEBIAN_TOOLKIT_PACKAGE) : null };
}

/** The root a folder stands for: the package's own folders are the one /usr install. */
export function debianToolkitRoot(root: string): string {
  return DEBIAN_TOOLKIT_ALIASES.includes(root) ? DEBIAN_TOOLKIT_ROOT : root;
}
