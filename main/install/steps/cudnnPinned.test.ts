import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanStep } from '../../../shared/types/plan.js';
import { InstallService } from '../installService.js';
import { readJournal } from '../journal/runJournal.js';
import { createTestAptHost, type TestAptHost } from '../../../testkit/install/debRepo.js';
import { testPlan } from '../../../testkit/install/testPlan.js';
import { cudnnStep } from './cudnnStep.js';

const isRoot = process.getuid?.() === 0;
const saved = { ...process.env };
let tmp: string;

// NVIDIA's build for TensorFlow 2.5-2.11 (data/nvidia-install-sources.json cudnnPinnedPackages, from TensorFlow's gpu.Dockerfile).
const PINNED = '8.1.0.77-1+cuda11.2';
// A newer libcudnn8 in the same repository, as NVIDIA's ubuntu2004 repository carries: apt would pick it unpinned.
const NEWER = '8.9.7.29-1+cuda12.2';
const cudnn8 = (version: string) => [
  { name: 'libcudnn8', version, files: { [`/usr/lib/x86_64-linux-gnu/libcudnn.so.${version.split('-')[0]}`]: 'cuDNN\n' } },
  { name: 'libcudnn8-dev', version, depends: [`libcudnn8 (= ${version})`], files: { '/usr/include/cudnn_version_v8.h': `#define CUDNN_MAJOR 8 /* ${version} */\n` } },
];

// What the plan writes for TensorFlow 2.8 with method system (shared/plan/planSteps.ts).
const step = (cudaSeries: string): PlanStep => ({
  id: 'cudnn',
  kind: 'cudnn',
  title: `cuDNN 8.1 for CUDA ${cudaSeries}`,
  elevated: true,
  params: { version: '8.1', cudaMajor: cudaSeries.split('.')[0]!, cudaSeries, os: 'linux' },
});

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-cudnn-pin-'));
});

afterAll(() => {
  process.env = saved;
  rmSync(tmp, { recursive: true, force: true });
});

describe('cuDNN 8.1 for CUDA 11.2 from data/: the pinned build, not the newest libcudnn8', () => {
  it('the planned commands name the exact build and the hold', () => {
    expect(cudnnStep.describe(cudnnStep.parse(step('11.2').params)).map((c) => c.argv.join(' '))).toEqual([
      `apt-get install --yes --allow-downgrades --allow-change-held-packages libcudnn8=${PINNED} libcudnn8-dev=${PINNED}`,
      'apt-mark hold libcudnn8 libcudnn8-dev',
    ]);
  });

  it('a plan that names another version than data/ is refused by name', () => {
    expect(() => cudnnStep.parse({ ...step('11.2').params, aptVersion: NEWER })).toThrow(/aptVersion/);
  });

  it('a CUDA series data/ has no build for says so instead of installing an unpinned package', () => {
    expect(cudnnStep.describe(cudnnStep.parse(step('11.4').params)).map((c) => c.note)).toEqual([
      "DL Setup's data names no NVIDIA package build of cuDNN 8.1 for CUDA 11.4 (cuDNN 8 and older come as one build per CUDA release); install it from NVIDIA's archive (method \"archive\") or update DL Setup.",
    ]);
  });
});

describe.skipIf(!isRoot)('cuDNN 8.1 through real apt and dpkg against a local repository that also has a newer libcudnn8', () => {
  let host: TestAptHost;
  beforeAll(() => {
    host = createTestAptHost(path.join(tmp, 'apt'), [...cudnn8(PINNED), ...cudnn8(NEWER)]);
    Object.assign(process.env, host.env, { DLSETUP_SYSROOT: host.root, DLSETUP_HOME: path.join(tmp, 'data'), DLSETUP_APT_LOCK_TIMEOUT_S: '2' });
  });

  const dpkgVersion = (name: string) =>
    execFileSync('dpkg-query', ['-W', '-f', '${Version}', name], { env: { ...process.env, ...host.env }, encoding: 'utf8' });
  const held = () => execFileSync('apt-mark', ['showhold'], { env: { ...process.env, ...host.env }, encoding: 'utf8' }).split('\n').filter(Boolean).sort();

  it('installs 8.1.0.77-1+cuda11.2 (what the repository would not pick), holds it, skips on re-run, and rollback removes it', async () => {
    const service = new InstallService({ elevation: 'direct' });
    const { runId } = service.start(testPlan([step('11.2')]));
    const status = await service.wait(runId);
    expect(status.error).toBeUndefined();
    expect(status.steps.map((s) => [s.state, s.message])).toEqual([['succeeded', `Installed libcudnn8=${PINNED} libcudnn8-dev=${PINNED} and held it, so apt upgrade keeps this build.`]]);
    expect(dpkgVersion('libcudnn8')).toBe(PINNED);
    expect(dpkgVersion('libcudnn8-dev')).toBe(PINNED);
    expect(held()).toEqual(['libcudnn8', 'libcudnn8-dev']);
    const installed = readJournal(runId).flatMap((e) => (e.t === 'change' && e.change.type === 'packages-installed' ? e.change.packages : []));
    expect(installed.sort()).toEqual(['libcudnn8', 'libcudnn8-dev']);

    const again = service.start(testPlan([step('11.2')]));
    expect((await service.wait(again.runId)).steps.map((s) => [s.state, s.message])).toEqual([['skipped', `libcudnn8 libcudnn8-dev ${PINNED} is already installed.`]]);

    const rolledBack = await service.rollback(runId);
    expect(rolledBack).toMatchObject({ applied: true, ok: true });
    expect(() => dpkgVersion('libcudnn8')).toThrow();
  });
});
