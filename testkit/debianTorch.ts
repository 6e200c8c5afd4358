import { execFileSync } from 'node:child_process';

/** Debian's python3 with its CPU-only python3-torch: the real "Torch not compiled with CUDA" case on our machines. */
export const SYSTEM_PYTHON = '/usr/bin/python3';

export const hasDebianTorch = (() => {
  try {
    execFileSync(SYSTEM_PYTHON, ['-c', 'import torch'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
