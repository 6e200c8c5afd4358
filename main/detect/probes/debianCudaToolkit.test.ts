import { chmod, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { setCommandLogger } from '../../system/runCommand.js';
import { createSimulatedHost, withSimulatedHost, type SimulatedHost } from '../../../testkit/simulatedHost.js';
import { DEBIAN_NVCC_WRAPPER, DEBIAN_TOOLKIT_EXECUTABLES, DEBIAN_TOOLKIT_FILES, DEBIAN_TOOLKIT_SYMLINKS } from '../../../testkit/detect/debianToolkitHost.js';
import { probeCudaToolkits } from './probeCudaToolkits.js';

// Expected answers from the package facts (fixtures/debian-cuda-toolkit/): nvcc V11.8.89, dpkg version
// 11.8.89~11.8.0-5~deb12u1, one install in /usr; NVIDIA's toolkit in /usr/local/cuda-13.0 says V13.0.88.
const DEBIAN = { version: '11.8.89', path: '/usr', source: 'Debian package nvidia-cuda-toolkit', debianPackage: { name: 'nvidia-cuda-toolkit', version: '11.8.89~11.8.0-5~deb12u1' } };
const NVIDIA = { version: '13.0.88', path: '/usr/local/cuda-13.0', source: '/usr/local' };

let host: SimulatedHost | null = null;
afterEach(async () => {
  await host?.cleanup();
  host = null;
});

/** The simulated Debian host; `pathNvcc` is the text of the nvcc a shell finds first on PATH (none: no nvcc on PATH). */
async function probe(options: { pathNvcc?: string; cudaLink?: boolean; env?: Record<string, string>; quick?: boolean } = {}) {
  host = await createSimulatedHost({
    isolatePath: true,
    files: DEBIAN_TOOLKIT_FILES,
    symlinks: { ...DEBIAN_TOOLKIT_SYMLINKS, ...(options.cudaLink ? { '/usr/local/cuda': '/usr/local/cuda-13.0' } : {}) },
    executables: DEBIAN_TOOLKIT_EXECUTABLES,
  });
  if (options.pathNvcc !== undefined) {
    const nvcc = path.join(host.binDir, 'nvcc');
    await writeFile(nvcc, options.pathNvcc);
    await chmod(nvcc, 0o755);
  }
  const commands: string[][] = [];
  setCommandLogger((entry) => commands.push(entry.argv));
  try {
    const result = await withSimulatedHost(host, () => probeCudaToolkits({ platform: 'linux', quick: Boolean(options.quick), timeoutMs: 4000, env: { ...process.env, ...options.env }, warn: () => {} }));
    return { ...result, nvccRuns: commands.filter((argv) => argv.at(-1) === '--version' && /nvcc$/.test(argv[0] ?? '')).length };
  } finally {
    setCommandLogger(null);
  }
}

describe("Debian's nvidia-cuda-toolkit beside NVIDIA's /usr/local/cuda-13.0", () => {
  it('default PATH (/usr/bin/nvcc, the wrapper) with /usr/local/cuda -> cuda-13.0: both reported once, Debian\'s is the one a shell runs', async () => {
    const { toolkits, nvccOnPath, nvccRuns } = await probe({ pathNvcc: DEBIAN_NVCC_WRAPPER, cudaLink: true });
    expect(toolkits).toEqual([
      { ...NVIDIA, active: false, nvccRuns: true },
      { ...DEBIAN, active: true, nvccRuns: true },
    ]);
    expect(nvccOnPath?.version).toBe('11.8.89');
    // Each toolkit's nvcc once: the PATH wrapper is recognised as Debian's, not run a third time.
    expect(nvccRuns).toBe(2);
  });

  it('PATH with NVIDIA\'s nvcc first (a wrapper execing /usr/local/cuda-13.0/bin/nvcc): 13.0 is active', async () => {
    const { toolkits } = await probe({ pathNvcc: '#!/bin/sh\nexec /usr/local/cuda-13.0/bin/nvcc "$@"\n' });
    expect(toolkits.map((tk) => [tk.path, tk.active])).toEqual([
      ['/usr/local/cuda-13.0', true],
      ['/usr', false],
    ]);
  });

  it('no nvcc on PATH: the /usr/local/cuda link decides', async () => {
    const { toolkits, nvccOnPath } = await probe({ cudaLink: true });
    expect(nvccOnPath).toBeNull();
    expect(toolkits.map((tk) => [tk.path, tk.version, tk.active])).toEqual([
      ['/usr/local/cuda-13.0', '13.0.88', true],
      ['/usr', '11.8.89', false],
    ]);
  });

  it('CUDA_HOME=/usr/lib/cuda (the package\'s skeleton) or /usr/lib/nvidia-cuda-toolkit: still one Debian entry', async () => {
    for (const home of ['/usr/lib/cuda', '/usr/lib/nvidia-cuda-toolkit', '/usr']) {
      const { toolkits } = await probe({ pathNvcc: DEBIAN_NVCC_WRAPPER, env: { CUDA_HOME: home } });
      expect(toolkits.map((tk) => tk.path), home).toEqual(['/usr/local/cuda-13.0', '/usr']);
      await host?.cleanup();
      host = null;
    }
  });

  it('quick detection runs no nvcc: the version comes from dpkg\'s record', async () => {
    const { toolkits, nvccRuns } = await probe({ pathNvcc: DEBIAN_NVCC_WRAPPER, quick: true });
    expect(nvccRuns).toBe(0);
    expect(toolkits.find((tk) => tk.path === '/usr')).toEqual({ ...DEBIAN, active: true });
  });
});
