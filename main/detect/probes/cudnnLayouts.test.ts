import { mkdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CudaToolkit, PythonEnv } from '../../../shared/types/hardware.js';
import { createSimulatedHost, withSimulatedHost, type SimulatedHost, type SimulatedHostOptions } from '../../../testkit/simulatedHost.js';
import { collectCudnn } from './probeCudnn.js';

// The header texts are the real captures in fixtures/cudnn/ (8.2.1's cudnn_version.h, 9.6.0's, 7.2.1's cudnn.h). The
// layouts around them are the packages' (fixtures/SOURCES.md, cudnn/): NVIDIA's debs install the headers under
// /usr/include/<triplet>/ with a _v8/_v9 suffix (the same files as the tarball's, byte for byte the same size in the
// 8.1.1 listing) and point /usr/include/cudnn_version.h at one of them through /etc/alternatives/cudnn_version_h (a
// Jetson sysroot records that link's target as /usr/include/aarch64-linux-gnu/cudnn_version_v8.h); conda's cudnn copies
// the tarball's include/cudnn*.h into the environment's include/.
const V8 = { fixture: 'cudnn/cudnn_version_h_8.2.1.h' };
const V9 = { fixture: 'cudnn/cudnn_version_h_9.6.0.h' };
const V7 = { fixture: 'cudnn/cudnn_h_7.2.1_excerpt.h' };
const TRIPLET = '/usr/include/x86_64-linux-gnu';

let host: SimulatedHost | null = null;
afterEach(async () => {
  await host?.cleanup();
  host = null;
});

/** `links` are made as the packages make them: absolute, like update-alternatives and dpkg do. */
async function cudnnOn(options: SimulatedHostOptions, links: Record<string, string>, toolkits: CudaToolkit[] = [], pythons: PythonEnv[] = []) {
  host = await createSimulatedHost({ isolatePath: true, ...options });
  for (const [link, target] of Object.entries(links)) {
    await mkdir(path.dirname(path.join(host.root, link)), { recursive: true });
    await symlink(target, path.join(host.root, link));
  }
  return withSimulatedHost(host, () => collectCudnn(toolkits, pythons, []));
}

describe('cuDNN headers in the layouts the packages make', () => {
  it("libcudnn8-dev's layout: cudnn_version_v8.h behind /etc/alternatives, one cuDNN 8.2.1, not one per name", async () => {
    const found = await cudnnOn({ files: { [`${TRIPLET}/cudnn_version_v8.h`]: V8 } }, { '/usr/include/cudnn_version.h': '/etc/alternatives/cudnn_version_h', '/etc/alternatives/cudnn_version_h': `${TRIPLET}/cudnn_version_v8.h` });
    expect(found).toEqual([{ version: '8.2.1', path: '/usr/include/cudnn_version.h', source: 'header' }]);
  });

  it('cuDNN 8 and 9 packages side by side, the alternative on 9: both versions, each once', async () => {
    const found = await cudnnOn(
      { files: { [`${TRIPLET}/cudnn_version_v8.h`]: V8, [`${TRIPLET}/cudnn_version_v9.h`]: V9 } },
      { '/usr/include/cudnn_version.h': '/etc/alternatives/cudnn_version_h', '/etc/alternatives/cudnn_version_h': `${TRIPLET}/cudnn_version_v9.h` },
    );
    expect(found).toEqual([
      { version: '9.6.0', path: '/usr/include/cudnn_version.h', source: 'header' },
      { version: '8.2.1', path: `${TRIPLET}/cudnn_version_v8.h`, source: 'header' },
    ]);
  });

  it("cuDNN 7's deb: the numbers live in cudnn_v7.h, reached as /usr/include/cudnn.h through /etc/alternatives/libcudnn", async () => {
    const found = await cudnnOn({ files: { [`${TRIPLET}/cudnn_v7.h`]: V7 } }, { '/usr/include/cudnn.h': '/etc/alternatives/libcudnn', '/etc/alternatives/libcudnn': `${TRIPLET}/cudnn_v7.h` });
    expect(found).toEqual([{ version: '7.2.1', path: '/usr/include/cudnn.h', source: 'header' }]);
  });

  it('headers with the _v9 suffix straight in /usr/include (no unsuffixed names): read as they are', async () => {
    expect(await cudnnOn({ files: { '/usr/include/cudnn_version_v9.h': V9 } }, {})).toEqual([{ version: '9.6.0', path: '/usr/include/cudnn_version_v9.h', source: 'header' }]);
  });

  it("the tarball copied into a toolkit reached as /usr/local/cuda and as its folder: one cuDNN", async () => {
    const toolkit = (at: string): CudaToolkit => ({ version: '12.6.85', path: at, active: true, source: '/usr/local' });
    const found = await cudnnOn({ files: { '/usr/local/cuda-12.6/include/cudnn_version.h': V9 } }, { '/usr/local/cuda': '/usr/local/cuda-12.6' }, [toolkit('/usr/local/cuda-12.6'), toolkit('/usr/local/cuda')]);
    expect(found).toEqual([{ version: '9.6.0', path: '/usr/local/cuda-12.6/include/cudnn_version.h', source: 'header' }]);
  });

  it("conda's cudnn package: the header in the environment's include/", async () => {
    const env: PythonEnv = { path: '/home/u/miniforge3/envs/tf/bin/python3.11', version: '3.11.9', kind: 'conda', packages: {} };
    const found = await cudnnOn({ files: { '/home/u/miniforge3/envs/tf/include/cudnn_version.h': V9 } }, {}, [], [env]);
    expect(found).toEqual([{ version: '9.6.0', path: '/home/u/miniforge3/envs/tf/include/cudnn_version.h', source: 'header' }]);
  });
});
