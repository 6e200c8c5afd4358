import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSimulatedHost, withSimulatedHost, type SimulatedHost } from '../../../testkit/simulatedHost.js';
import { detectHardware } from '../detectHardware.js';

let host: SimulatedHost | null = null;
afterEach(async () => {
  await host?.cleanup();
  host = null;
});

/** A venv as `python3.11 -m venv` lays it out: read from disk, no process. */
function venvFiles(prefix: string): Record<string, string> {
  return {
    [`${prefix}/bin/python`]: '',
    [`${prefix}/pyvenv.cfg`]: 'home = /usr/bin\ninclude-system-site-packages = false\nversion = 3.11.2\n',
    [`${prefix}/lib/python3.11/site-packages/torch-2.5.1.dist-info/METADATA`]: 'Metadata-Version: 2.1\nName: torch\nVersion: 2.5.1\n',
  };
}

describe('one environment root, and environments an older DL Setup made in ~/.dlsetup/envs', () => {
  it('detection lists both as made by DL Setup', async () => {
    const legacy = `${os.homedir()}/.dlsetup/envs/dlsetup-pytorch-2.5`;
    host = await createSimulatedHost({ isolatePath: true, files: { '/etc/os-release': 'ID=debian\nVERSION_ID="12"\n', ...venvFiles(legacy) } });
    const current = `${host.env.DLSETUP_HOME}/envs/dlsetup-pytorch-2.6`;
    for (const [file, text] of Object.entries(venvFiles(current))) {
      await mkdir(path.dirname(`${host.root}${file}`), { recursive: true });
      await writeFile(`${host.root}${file}`, text);
    }
    const report = await withSimulatedHost(host, () => detectHardware({ timeoutMs: 4000 }));
    const made = report.pythons.filter((env) => env.kind === 'dlsetup').map((env) => [env.path, env.version, env.packages.torch]);
    expect(made).toEqual(expect.arrayContaining([
      [`${legacy}/bin/python`, '3.11.2', '2.5.1'],
      [`${current}/bin/python`, '3.11.2', '2.5.1'],
    ]));
  });
});
