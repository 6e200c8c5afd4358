import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { sysrootPath } from '../system/sysroot.js';

/** One installed kernel: whether its headers are there (DKMS builds against /lib/modules/<k>/build) and an nvidia module is. */
export interface KernelState {
  release: string;
  headers: boolean;
  nvidiaModule: boolean;
}

const exists = (hostPath: string) =>
  stat(sysrootPath(hostPath)).then(
    () => true,
    () => false,
  );

/** Finds nvidia.ko (or nvidia-current.ko, .ko.xz/.zst) anywhere below a kernel's module folder, at most 6 levels down. */
async function hasNvidiaModule(dir: string, depth = 0): Promise<boolean> {
  const entries = await readdir(sysrootPath(dir), { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (entry.isFile() && /^nvidia(-current)?\.ko(\.(xz|zst|gz))?$/.test(entry.name)) return true;
  }
  if (depth >= 6) return false;
  for (const entry of entries) {
    if (entry.isDirectory() && entry.name !== 'build' && entry.name !== 'source' && (await hasNvidiaModule(path.posix.join(dir, entry.name), depth + 1))) return true;
  }
  return false;
}

/**
 * The kernels installed here (/lib/modules/<release> with a modules.dep or a kernel/ folder) and whether DKMS (or a
 * prebuilt package) left an nvidia module for each: with none, no restart can load the driver.
 */
export async function kernelModuleStates(): Promise<KernelState[]> {
  const releases = await readdir(sysrootPath('/lib/modules')).catch(() => [] as string[]);
  const states: KernelState[] = [];
  for (const release of releases.sort()) {
    const dir = `/lib/modules/${release}`;
    if (!(await exists(`${dir}/modules.dep`)) && !(await exists(`${dir}/kernel`))) continue;
    states.push({ release, headers: await exists(`${dir}/build/Makefile`), nvidiaModule: await hasNvidiaModule(dir) });
  }
  return states;
}
