import { symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { setCommandLogger } from '../../system/runCommand.js';
import { createSimulatedHost, withSimulatedHost, type SimulatedHost, type SimulatedHostOptions } from '../../../testkit/simulatedHost.js';
import { probeCudaToolkits } from './probeCudaToolkits.js';

// Issue 30: "a toolkit listed twice (12.1.105) when /usr/local/cuda/bin is on PATH". One folder on disk is one toolkit,
// whatever names lead to it: the /usr/local/cuda link, NVIDIA's alternatives links (/usr/local/cuda -> /etc/alternatives/cuda,
// /usr/local/cuda-12 -> /etc/alternatives/cuda-12, fixtures/cuda-toolkit-layouts/), CUDA_HOME, CUDA_PATH, PATH.

let host: SimulatedHost | null = null;
afterEach(async () => {
  await host?.cleanup();
  host = null;
});

interface Run {
  /** PATH folders as host paths (inside the simulated root), searched before the host's own bin/. */
  path?: string[];
  env?: Record<string, string>;
  quick?: boolean;
}

async function probeOn(options: SimulatedHostOptions, run: Run, prepare?: (root: string) => Promise<void>) {
  host = await createSimulatedHost({ isolatePath: true, ...options });
  await prepare?.(host.root);
  const root = host.root;
  const PATH = [...(run.path ?? []).map((dir) => path.join(root, dir)), host.env.PATH].join(path.delimiter);
  const commands: string[][] = [];
  setCommandLogger((entry) => commands.push(entry.argv));
  try {
    const context = { platform: 'linux' as const, quick: Boolean(run.quick), timeoutMs: 4000, env: { ...process.env, CUDA_HOME: '', CUDA_PATH: '', ...run.env, PATH }, warn: () => {} };
    const result = await withSimulatedHost(host, () => probeCudaToolkits(context));
    return { ...result, nvccRuns: commands.filter((argv) => argv.at(-1) === '--version' && /nvcc$/.test(argv[0] ?? '')).length };
  } finally {
    setCommandLogger(null);
  }
}

/** CUDA 13.0 laid out as on this project's build machine: /usr/local/cuda -> /usr/local/cuda-13.0, a wheel-assembled toolkit. */
const CUDA13: SimulatedHostOptions = {
  files: { '/usr/local/cuda-13.0/dist-info/nvidia_cuda_nvcc-13.0.88.dist-info/METADATA': '', '/usr/local/cuda-13.0/include/cuda.h': '' },
  executables: { '/usr/local/cuda-13.0/bin/nvcc': { stdout: { fixture: 'nvcc/nvcc_13.0.88_linux_x86_64.txt' } } },
};
const ONE_13 = [{ version: '13.0.88', path: '/usr/local/cuda-13.0', active: true, nvccRuns: true, source: '/usr/local' }];

describe('CUDA 13.0 behind /usr/local/cuda: listed once, whatever PATH and CUDA_HOME name it', () => {
  const paths = [[], ['/usr/local/cuda/bin'], ['/usr/local/cuda-13.0/bin'], ['/usr/local/cuda/bin', '/usr/local/cuda-13.0/bin'], ['/usr/local/cuda-13.0/bin', '/usr/local/cuda/bin']];
  const homes: Record<string, string>[] = [{}, { CUDA_HOME: '/usr/local/cuda' }, { CUDA_HOME: '/usr/local/cuda-13.0' }, { CUDA_HOME: '/usr/local/cuda/', CUDA_PATH: '/usr/local/cuda-13.0' }];
  for (const dirs of paths) {
    for (const env of homes) {
      it(`PATH ${JSON.stringify(dirs)}, ${JSON.stringify(env)}`, async () => {
        const { toolkits, nvccOnPath, nvccRuns, locations } = await probeOn({ ...CUDA13, symlinks: { '/usr/local/cuda': '/usr/local/cuda-13.0' } }, { path: dirs, env });
        expect(toolkits).toEqual(ONE_13);
        // Its locations: the folder, the link, what CUDA_HOME/CUDA_PATH say, the folder of the nvcc a shell runs.
        const named = ['/usr/local/cuda-13.0', '/usr/local/cuda', ...Object.values(env).map((value) => value.replace(/\/$/, '')), ...dirs.slice(0, 1).map((dir) => path.dirname(dir))];
        expect(Object.keys(locations)).toEqual(['/usr/local/cuda-13.0']);
        expect(new Set(locations['/usr/local/cuda-13.0'])).toEqual(new Set(named));
        // The one nvcc, once; the PATH location is kept as the shell finds it.
        expect(nvccRuns).toBe(1);
        if (dirs.length > 0) expect(nvccOnPath).toEqual({ path: path.join(host?.root ?? '', dirs[0] as string, 'nvcc'), version: '13.0.88' });
        else expect(nvccOnPath).toBeNull();
      });
    }
  }

  it('an absolute /usr/local/cuda link (as `ln -s /usr/local/cuda-13.0 /usr/local/cuda` makes it) is read inside the machine being detected', async () => {
    const absolute = (root: string) => symlink('/usr/local/cuda-13.0', path.join(root, 'usr/local/cuda'));
    for (const env of homes) {
      const { toolkits } = await probeOn(CUDA13, { path: ['/usr/local/cuda-13.0/bin'], env }, absolute);
      expect(toolkits, JSON.stringify(env)).toEqual(ONE_13);
      await host?.cleanup();
      host = null;
    }
  });

  it('quick detection (no nvcc run) lists it once too, its version from the dist-info record', async () => {
    const { toolkits, nvccRuns } = await probeOn({ ...CUDA13, symlinks: { '/usr/local/cuda': '/usr/local/cuda-13.0' } }, { path: ['/usr/local/cuda/bin'], env: { CUDA_HOME: '/usr/local/cuda' }, quick: true });
    expect(toolkits).toEqual([{ version: '13.0.88', path: '/usr/local/cuda-13.0', active: true, source: '/usr/local' }]);
    expect(nvccRuns).toBe(0);
  });
});

/** NVIDIA's deb packages: /usr/local/cuda and /usr/local/cuda-12 are alternatives links to the one real folder (ls -l capture). */
const ALTERNATIVES_12_1: SimulatedHostOptions = {
  files: { '/usr/local/cuda-12.1/include/cuda.h': '' },
  executables: { '/usr/local/cuda-12.1/bin/nvcc': { stdout: { fixture: 'cuda-toolkit-layouts/nvcc_12.1.105_linux.txt' } } },
  symlinks: {
    '/usr/local/cuda': '/etc/alternatives/cuda',
    '/usr/local/cuda-12': '/etc/alternatives/cuda-12',
    '/etc/alternatives/cuda': '/usr/local/cuda-12.1',
    '/etc/alternatives/cuda-12': '/usr/local/cuda-12.1',
  },
};

describe("NVIDIA's deb layout (cuda and cuda-12 are alternatives links to cuda-12.1): 12.1.105 listed once", () => {
  for (const dirs of [[], ['/usr/local/cuda/bin'], ['/usr/local/cuda-12/bin'], ['/usr/local/cuda-12.1/bin']]) {
    it(`PATH ${JSON.stringify(dirs)}`, async () => {
      const { toolkits, nvccRuns, locations } = await probeOn(ALTERNATIVES_12_1, { path: dirs, env: { CUDA_HOME: '/usr/local/cuda' } });
      expect(toolkits).toEqual([{ version: '12.1.105', path: '/usr/local/cuda-12.1', active: true, nvccRuns: true, source: '/usr/local' }]);
      expect(new Set(locations['/usr/local/cuda-12.1'])).toEqual(new Set(['/usr/local/cuda-12.1', '/usr/local/cuda-12', '/usr/local/cuda', ...dirs.map((dir) => path.dirname(dir))]));
      expect(nvccRuns).toBe(1);
    });
  }
});

/**
 * The release in version.json is not nvcc's version: CUDA 11.5.2's version.json says "11.5.2", its nvcc says V11.5.119 (both
 * from the same WSL Ubuntu 20.04 machine, fixtures/cuda-version/). The nvcc on PATH is that toolkit's, not another one.
 */
const DEB_11_5: SimulatedHostOptions = {
  files: { '/usr/local/cuda-11.5/version.json': { fixture: 'cuda-version/version_json_11.5.2_wsl_ubuntu20.04_deb.json' } },
  executables: { '/usr/local/cuda-11.5/bin/nvcc': { stdout: { fixture: 'nvcc/nvcc_11.5.119_ubuntu22.04_distro.txt' } } },
  symlinks: { '/usr/local/cuda': '/etc/alternatives/cuda', '/etc/alternatives/cuda': '/usr/local/cuda-11.5' },
};

describe('version.json names the release (11.5.2), nvcc its own build (11.5.119): one toolkit, not a second "nvcc on PATH"', () => {
  for (const dirs of [['/usr/local/cuda/bin'], ['/usr/local/cuda-11.5/bin']]) {
    it(`PATH ${JSON.stringify(dirs)}`, async () => {
      const { toolkits, nvccOnPath } = await probeOn(DEB_11_5, { path: dirs, env: { CUDA_PATH: '/usr/local/cuda-11.5' } });
      expect(toolkits).toEqual([{ version: '11.5.2', path: '/usr/local/cuda-11.5', active: true, nvccRuns: true, source: '/usr/local' }]);
      expect(nvccOnPath?.version).toBe('11.5.119');
    });
  }
});
