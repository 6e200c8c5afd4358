import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, realpathSync } from 'node:fs';
import { copyFile, link, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseNvccVersion } from '../parsers/parseNvccVersion.js';
import { probeCudaToolkits } from './probeCudaToolkits.js';

// Issue 30, on a real layout: the CUDA 13.0 Toolkit of this project's build machine (/usr/local/cuda-13.0, its real nvcc)
// behind /usr/local/cuda. CI machines and laptops without it skip, saying so in the test names.
const REAL = '/usr/local/cuda-13.0';
const HAS_REAL = existsSync(path.join(REAL, 'bin', 'nvcc'));
const REAL_LINK = HAS_REAL && existsSync('/usr/local/cuda') && realpathSync('/usr/local/cuda') === REAL;
const NEEDS = `needs the real CUDA 13.0 Toolkit at ${REAL}/bin/nvcc; skipped where it is absent`;

/** What the real nvcc says of itself: the one version the toolkit must be listed with. */
const realVersion = () => parseNvccVersion(execFileSync(path.join(REAL, 'bin', 'nvcc'), ['--version'], { encoding: 'utf8' }))?.version;

let home = '';
let saved: Record<string, string | undefined> = {};
beforeAll(async () => {
  // Real machine mode: no simulated root, and the probe-run cache in a folder of its own.
  home = await mkdtemp(path.join(os.tmpdir(), 'dlsetup-real-home-'));
  saved = { DLSETUP_SYSROOT: process.env.DLSETUP_SYSROOT, DLSETUP_HOME: process.env.DLSETUP_HOME };
  delete process.env.DLSETUP_SYSROOT;
  process.env.DLSETUP_HOME = home;
});
afterAll(async () => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  await rm(home, { recursive: true, force: true });
});

const PATHS = [['/usr/local/cuda/bin'], [`${REAL}/bin`], ['/usr/local/cuda/bin', `${REAL}/bin`], [`${REAL}/bin`, '/usr/local/cuda/bin']];
const HOMES: Record<string, string>[] = [{}, { CUDA_HOME: '/usr/local/cuda' }, { CUDA_HOME: REAL }, { CUDA_HOME: '/usr/local/cuda/', CUDA_PATH: REAL }];

function probe(dirs: string[], env: Record<string, string>) {
  const PATH = [...dirs, '/usr/bin', '/bin'].join(path.delimiter);
  return probeCudaToolkits({ platform: 'linux', quick: false, timeoutMs: 20_000, env: { ...process.env, CUDA_HOME: '', CUDA_PATH: '', ...env, PATH }, warn: () => {} });
}

describe.runIf(HAS_REAL)(`this machine's CUDA 13.0 behind /usr/local/cuda (${NEEDS})`, () => {
  it.runIf(REAL_LINK)('the real /usr/local: one toolkit for every PATH and CUDA_HOME that names it, with the real nvcc\'s version', async () => {
    const version = realVersion();
    expect(version).toMatch(/^13\.0\.\d+$/);
    for (const dirs of PATHS) {
      for (const env of HOMES) {
        const { toolkits, nvccOnPath, locations } = await probe(dirs, env);
        const label = `PATH ${dirs.join(':')} ${JSON.stringify(env)}`;
        expect(locations[REAL], label).toEqual(expect.arrayContaining([REAL, '/usr/local/cuda', path.dirname(dirs[0] as string)]));
        // Other toolkits may live on this machine; the ones that are this folder must be exactly one.
        const these = toolkits.filter((toolkit) => existsSync(toolkit.path) && realpathSync(toolkit.path) === REAL);
        expect(these, label).toEqual([expect.objectContaining({ version, path: REAL, active: true, nvccRuns: true })]);
        expect(nvccOnPath, label).toEqual({ path: path.join(dirs[0] as string, 'nvcc'), version });
      }
    }
  });

  it(`a copy of the layout in a temporary root, /usr/local/cuda an absolute link as \`ln -s ${REAL} /usr/local/cuda\` makes it: one toolkit`, async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'dlsetup-real-root-'));
    const before = { ...process.env };
    try {
      // The real nvcc binary (a hard link where the file system allows it, else a copy) and the dist-info records' names.
      await mkdir(path.join(root, REAL.slice(1), 'bin'), { recursive: true });
      const nvcc = path.join(root, REAL.slice(1), 'bin', 'nvcc');
      await link(path.join(REAL, 'bin', 'nvcc'), nvcc).catch(() => copyFile(path.join(REAL, 'bin', 'nvcc'), nvcc));
      const records = existsSync(path.join(REAL, 'dist-info')) ? readdirSync(path.join(REAL, 'dist-info')) : [];
      for (const record of records) await mkdir(path.join(root, REAL.slice(1), 'dist-info', record), { recursive: true });
      await symlink(REAL, path.join(root, 'usr/local/cuda'));
      process.env.DLSETUP_SYSROOT = root;
      const version = realVersion();
      for (const env of HOMES) {
        const { toolkits } = await probe([path.join(root, REAL.slice(1), 'bin')], env);
        expect(toolkits, JSON.stringify(env)).toEqual([{ version, path: REAL, active: true, nvccRuns: true, source: '/usr/local' }]);
      }
    } finally {
      delete process.env.DLSETUP_SYSROOT;
      Object.assign(process.env, { DLSETUP_HOME: before.DLSETUP_HOME });
      await rm(root, { recursive: true, force: true });
    }
  });
});
