/*
 * Issue 32: plans checked against the index they install from, on a loopback index serving real index data (file
 * names, sha256 and sizes from public uv.lock files: fixtures/pypi-index/, testkit/index/). Expected answers written
 * from those captures first: torch 2.7.0 is PyPI's cu126 build (data/pytorch.json, default pip variant) whose Linux
 * wheels are cp310-cp313 manylinux_2_28_x86_64; its lock pulls 25 packages (14 nvidia-*-cu12, triton 3.3.0, sympy …);
 * torch 2.6.0's are manylinux1 (glibc 2.5) with manylinux2014 nvidia wheels, so a glibc 2.17 machine installs 2.6.0.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompatData } from '../../shared/plan/compatData.js';
import { resolvePlan } from '../../shared/plan/resolvePlan.js';
import type { Plan, PlanRequest } from '../../shared/types/plan.js';
import { startLoopbackIndex, type LoopbackIndex } from '../../testkit/index/loopbackIndex.js';
import { realIndexProjects } from '../../testkit/index/realIndexData.js';
import { shippedData } from '../../testkit/plan/linuxPlan.js';
import { nvidiaProfile } from '../../testkit/plan/nvidiaProfile.js';
import { formatPlan } from './formatPlan.js';
import { checkPlanIndex } from './indexCheck.js';
import { withIndexCheck } from './planWithIndex.js';

const PROFILE = nvidiaProfile('NVIDIA GeForce RTX 4090', '570.124.04', 'linux', { computeCapability: '8.9' });
const REQUEST: PlanRequest = { framework: 'pytorch', frameworkVersion: '2.7.0', python: '3.12' };
const projects = realIndexProjects();
const torchFile = projects.get('torch')!.files.find((file) => file.filename === 'torch-2.7.0+cu126-cp312-cp312-manylinux_2_28_x86_64.whl')!;

let index: LoopbackIndex;
let lagging: LoopbackIndex;
beforeAll(async () => {
  index = await startLoopbackIndex({ projects, metadata: true });
  lagging = await startLoopbackIndex({ projects, metadata: true, omitVersionsAbove: { torch: '2.6.0' } });
});
afterAll(async () => {
  await index?.close();
  await lagging?.close();
});

function planned(request: PlanRequest = REQUEST, data: CompatData = shippedData): Plan {
  return resolvePlan(data, PROFILE, request);
}

/** The data with PyTorch's newer releases removed, or with a release's Python range widened: data that is wrong. */
function dataWith(change: (releases: { version: string; python: { min: string; max: string } }[]) => unknown[]): CompatData {
  const pytorch = structuredClone((shippedData as unknown as { pytorch: { releases: { version: string; python: { min: string; max: string } }[] } }).pytorch);
  pytorch.releases = change(pytorch.releases) as typeof pytorch.releases;
  return { ...shippedData, pytorch } as unknown as CompatData;
}

const context = (overrides: Partial<Parameters<typeof withIndexCheck>[0]> = {}) => ({
  data: shippedData,
  profile: PROFILE,
  request: REQUEST,
  pypiMirror: index.url,
  glibc: '2.36',
  cacheDir: null,
  ...overrides,
});

describe('a plan checked against its index (issue 32)', () => {
  it('resolves every file pip would fetch, with the captured hashes and sizes, pinned', async () => {
    const check = (await checkPlanIndex(shippedData, planned(), { pypiMirror: index.url, glibc: '2.36', cacheDir: null }))!;
    expect(check.status).toBe('resolved');
    const files = check.files!;
    expect(files[0]).toMatchObject({ name: 'torch', version: '2.7.0+cu126', filename: torchFile.filename, sha256: torchFile.sha256 });
    expect(new Set(files.map((file) => file.name)).size).toBe(25);
    expect(files.find((file) => file.name === 'nvidia-cudnn-cu12')).toMatchObject({ version: '9.5.1.17' });
    expect(check.indexes).toEqual([index.url]);
    expect(check.requests).toBeGreaterThan(0);
  });

  it('a glibc 2.17 machine: 2.7.0 (manylinux_2_28) is blocked at plan time, and 2.6.0 is the release whose files install', async () => {
    const plan = await withIndexCheck(context({ glibc: '2.17' }), planned());
    expect(plan.status).toBe('blocked');
    const blocker = plan.blockers.find((b) => b.code === 'WHEEL_NOT_ON_INDEX')!;
    expect(blocker.message).toContain('glibc 2.28');
    expect(blocker.message).toContain('PyTorch 2.6.0 is the newest release whose files install here.');
    expect(blocker.alternative).toEqual({ framework: 'pytorch', frameworkVersion: '2.6.0' });
    const zh = await withIndexCheck({ ...context({ glibc: '2.17' }), locale: 'zh-CN' }, resolvePlan(shippedData, PROFILE, REQUEST, { locale: 'zh-CN' }));
    expect(zh.blockers.at(-1)!.message).toContain('比本机的 C 库新');
  });

  it('a C library DL Setup could not read is unknown, not old: the plan stays ok on its data, and says why it was not checked', async () => {
    const plan = await withIndexCheck(context({ glibc: null }), planned());
    expect(plan.status).toBe('ok');
    expect(plan.index).toMatchObject({ status: 'dataOnly', reason: 'glibcUnknown' });
    expect(formatPlan(plan, { color: false })).toContain("Not checked against the package index (this machine's glibc version could not be read (ldd --version), so which Linux wheels load here is for pip to find out)");
  });

  it('a Python the data allows but the index has no wheel for: blocked, with the Python its wheels support', async () => {
    const data = dataWith((releases) => releases.map((release) => (release.version === '2.7' ? { ...release, python: { ...release.python, max: '3.14' } } : release)));
    const plan = await withIndexCheck(context({ data, request: { ...REQUEST, python: '3.14' } }), planned({ ...REQUEST, python: '3.14' }, data));
    expect(plan.status).toBe('blocked');
    const blocker = plan.blockers.at(-1)!;
    expect(blocker.message).toContain('no wheel for Python 3.14');
    expect(blocker.alternative).toMatchObject({ framework: 'pytorch', python: '3.13' });
  });

  it('a mirror that lags the official index: the version is not there, said before pip would say "No matching distribution"', async () => {
    const plan = await withIndexCheck(context({ pypiMirror: lagging.url }), planned());
    expect(plan.status).toBe('blocked');
    expect(plan.index).toMatchObject({ status: 'missing', missing: { name: 'torch', missing: 'version' } });
    expect(plan.blockers.at(-1)!.message).toMatch(/torch 2\.7\.0 is not on http:\/\/127\.0\.0\.1:\d+\/simple.*The index has: .*2\.6\.0/);
  });

  it('a release newer than the data is news in the plan, never planned', async () => {
    const data = dataWith((releases) => releases.filter((release) => Number(release.version.split('.')[1]) <= 6 && release.version.startsWith('2.')));
    const plan = await withIndexCheck(context({ data, request: { framework: 'pytorch', python: '3.12' } }), planned({ framework: 'pytorch', python: '3.12' }, data));
    expect(plan.framework.version).toBe('2.6.0');
    expect(plan.index).toMatchObject({ status: 'resolved', newer: ['2.7.0'] });
    expect(formatPlan(plan, { color: false })).toContain('News: PyTorch 2.7.0 on the index');
  });

  it('the CLI shows the check: files, size, pins', async () => {
    const plan = await withIndexCheck(context(), planned());
    const text = formatPlan(plan, { color: false });
    expect(text).toMatch(/Checked on http:\/\/127\.0\.0\.1:\d+\/simple: 25 files, each pinned by its sha256|Checked on http:\/\/127\.0\.0\.1:\d+\/simple: \d+ files/);
  });
});
