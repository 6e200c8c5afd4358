import { appendFileSync, chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HardwareReport } from '../../shared/types/hardware.js';
import type { Plan } from '../../shared/types/plan.js';
import { bootMachine, DLSETUP, REPO, type DistroMachine } from '../../testkit/distro/machine.js';
import { CACHE_ROOT } from '../../testkit/distro/rootCache.mjs';

// Item 5 of issue 19, opt-in (DLSETUP_DISTRO_TOOLKIT=1: 90 packages, 1637 MB of .debs, 5.6 GB installed): Debian's
// own nvidia-cuda-toolkit from bookworm non-free, with this host's NVIDIA CUDA 13.0 (/usr/local/cuda-13.0) lent to the
// machine read-only. Expected answers are the package's facts (fixtures/debian-cuda-toolkit/, fixtures/nvcc/): nvcc
// V11.8.89 behind the /usr/bin/nvcc wrapper, dpkg version 11.8.89~11.8.0-5~deb12u1, an empty /usr/lib/cuda/bin; and
// the host's toolkit says V13.0.88.
const CUDA13 = '/usr/local/cuda-13.0';
// Debian's line (https://wiki.debian.org/NvidiaGraphicsDrivers): libcuda1, which nvidia-cuda-dev needs, pulls in
// glx-alternative-nvidia from contrib.
const NON_FREE = 'deb http://deb.debian.org/debian bookworm contrib non-free non-free-firmware\n';
const DEFAULT_PATH = '/opt/dlsetup-node:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
const fixture = (name: string) => readFileSync(path.join(REPO, 'fixtures', name), 'utf8');
// Its own apt archive (kept between runs, so a second run downloads only index files): the lane's shared one is locked
// while another test's apt-get holds it (faults.test.ts does so on purpose).
const ARCHIVES = path.join(CACHE_ROOT, 'archives-debian-toolkit');
const TRANSCRIPT = path.join(process.env.DLSETUP_DISTRO_TRANSCRIPTS ?? '/tmp', 'distro-debian-toolkit.log');

let machine: DistroMachine;

const dlsetup = async (args: string[], env: Record<string, string> = {}) => {
  const ran = await machine.run([...DLSETUP, ...args], { user: 'student', env });
  appendFileSync(TRANSCRIPT, `$ ${Object.entries(env).map(([k, v]) => `${k}=${v} `).join('')}dlsetup ${args.join(' ')}  (exit ${ran.code})\n${ran.output}\n`);
  expect(ran.code, ran.output).toBe(0);
  return ran.stdout;
};
const detect = async (env: Record<string, string> = {}) => (JSON.parse(await dlsetup(['detect', '--json'], env)) as HardwareReport).cudaToolkits;
const plan = async (args: string[] = []) => JSON.parse(await dlsetup(['plan', '--method', 'system', '--framework', 'pytorch', ...args, '--json'])) as Plan;
const envVars = (p: Plan) => p.steps.find((step) => step.kind === 'env-vars')?.params;

describe.skipIf(process.env.DLSETUP_DISTRO_TOOLKIT !== '1' || !existsSync(path.join(CUDA13, 'bin', 'nvcc')))(
  "Debian's nvidia-cuda-toolkit 11.8 beside NVIDIA's /usr/local/cuda-13.0 on Debian 12 (real apt, real nvcc, dlsetup detect and plan)",
  () => {
    beforeAll(async () => {
      writeFileSync(TRANSCRIPT, '');
      mkdirSync(path.join(ARCHIVES, 'partial'), { recursive: true });
      machine = bootMachine({ archives: ARCHIVES, binds: [{ from: CUDA13, to: CUDA13.slice(1), readOnly: true }] });
      writeFileSync(path.join(machine.root, 'etc/apt/sources.list.d/debian-non-free.list'), NON_FREE);
      const env = { DEBIAN_FRONTEND: 'noninteractive' };
      const updated = await machine.run(['apt-get', 'update', '-q'], { env });
      expect(updated.code, updated.output).toBe(0);
      // Recommends are documentation and profilers (nsight-*, nvidia-visual-profiler): no part of what detection reads.
      const installed = await machine.run(['apt-get', 'install', '-y', '-q', '--no-install-recommends', 'nvidia-cuda-toolkit'], { env });
      // apt's own figures (packages, download size, disk space) and the end of its output.
      const summary = installed.stdout.split('\n').filter((line) => /newly installed|^Need to get|disk space will be used/.test(line));
      appendFileSync(TRANSCRIPT, `$ apt-get install --no-install-recommends nvidia-cuda-toolkit (exit ${installed.code})\n${summary.join('\n')}\n${installed.output.slice(-4000)}\n`);
      expect(installed.code, installed.output.slice(-4000)).toBe(0);
      // No GPU here: an nvidia-smi that prints the real RTX 3080 capture (driver 595.58.03) gives the plan a CUDA GPU.
      const smi = path.join(machine.root, 'usr/local/bin/nvidia-smi');
      writeFileSync(smi, `#!/bin/sh\nexec cat ${path.join(REPO, 'fixtures/nvidia-smi-xml/rtx3080_driver595.58.03.xml')}\n`);
      chmodSync(smi, 0o755);
    });
    afterAll(() => machine?.close());

    it('the installed package is the layout the fixtures recorded: the wrapper, the empty /usr/lib/cuda/bin, dpkg\'s version, nvcc\'s words', async () => {
      expect(readFileSync(path.join(machine.root, 'usr/bin/nvcc'), 'utf8')).toBe(fixture('debian-cuda-toolkit/usr-bin-nvcc.sh'));
      expect(readdirSync(path.join(machine.root, 'usr/lib/cuda/bin'))).toEqual([]);
      expect((await machine.run(['dpkg-query', '-W', '-f', '${Version}', 'nvidia-cuda-toolkit'])).stdout).toBe('11.8.89~11.8.0-5~deb12u1');
      expect((await machine.run(['nvcc', '--version'], { user: 'student' })).stdout).toBe(fixture('nvcc/nvcc_11.8.89_debian12_package.txt'));
      expect((await machine.run([`${CUDA13}/bin/nvcc`, '--version'], { user: 'student' })).stdout).toBe(fixture('nvcc/nvcc_13.0.88_linux_x86_64.txt'));
    });

    it('detect: both toolkits once each, Debian\'s as /usr from its package, and it is the active one on the default PATH', async () => {
      expect(await detect()).toEqual([
        { version: '13.0.88', path: CUDA13, active: false, nvccRuns: true, source: '/usr/local' },
        { version: '11.8.89', path: '/usr', active: true, nvccRuns: true, source: 'Debian package nvidia-cuda-toolkit', debianPackage: { name: 'nvidia-cuda-toolkit', version: '11.8.89~11.8.0-5~deb12u1' } },
      ]);
    });

    it('detect: with /usr/local/cuda -> cuda-13.0, the default PATH still runs /usr/bin/nvcc (Debian\'s); with /usr/local/cuda/bin first, 13.0 is active', async () => {
      symlinkSync(CUDA13, path.join(machine.root, 'usr/local/cuda'));
      expect((await detect()).map((tk) => [tk.path, tk.active])).toEqual([[CUDA13, false], ['/usr', true]]);
      expect((await detect({ PATH: `/usr/local/cuda/bin:${DEFAULT_PATH}` })).map((tk) => [tk.path, tk.active])).toEqual([[CUDA13, true], ['/usr', false]]);
      expect((await detect({ CUDA_HOME: '/usr/lib/cuda' })).map((tk) => tk.path)).toEqual([CUDA13, '/usr']);
    });

    it('plan --method system: the newest PyTorch (cu130) keeps 13.0.88, puts /usr/local/cuda-13.0/bin first on PATH and says /usr/bin/nvcc would shadow it', async () => {
      const p = await plan();
      expect(p.profile).toMatchObject({ cudaToolkits: ['13.0.88', '11.8.89'], debianCudaToolkit: '11.8.89' });
      expect(p.cudaToolkit).toEqual({ action: 'keep', version: '13.0.88' });
      expect(envVars(p)).toMatchObject({ CUDA_HOME: CUDA13, pathPrepend: [`${CUDA13}/bin`], libraryPathPrepend: [`${CUDA13}/lib64`] });
      expect(p.reasons.join('\n')).toContain("Debian's nvidia-cuda-toolkit (CUDA 11.8.89) stays installed in /usr, but its /usr/bin/nvcc would otherwise run instead of CUDA 13.0.88's nvcc");
    });

    it('plan --method system for a CUDA 11.7 build (PyTorch 2.0): Debian\'s 11.8 is not kept, 11.7 goes to /usr/local/cuda-11.7, never a missing /usr/local/cuda-11.8', async () => {
      const p = await plan(['--framework-version', '2.0']);
      expect(p.cudaToolkit).toEqual({ action: 'install', version: '11.7.1' });
      expect(envVars(p)).toMatchObject({ CUDA_HOME: '/usr/local/cuda-11.7' });
      expect(JSON.stringify(p.steps)).not.toContain('/usr/local/cuda-11.8');
      expect(p.reasons.join('\n')).toContain("Debian's CUDA 11.8.89 would serve this CUDA 11.7 build, but it is not kept");
    });
  },
);
