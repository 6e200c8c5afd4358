import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackIndex, type LoopbackIndex } from '../../testkit/index/loopbackIndex.js';
import { pypiProjects, pytorchCu126Projects } from '../../testkit/index/realIndexData.js';
import { resolveExact, type ResolveOutcome, type TargetPlatform } from './resolveExact.js';

// The same resolution against real captured index data (testkit/index/: file names, hashes and sizes of real
// releases from public uv.lock files, fixtures/SOURCES.md "pypi-index/"), served on loopback as PyPI (JSON, PEP 658)
// and download.pytorch.org/whl/cu126 (HTML only) serve it. The expected closure is the one uv locked for torch
// 2.7.0+cu126 (nari-labs/dia uv.lock @7bb86bbb), every package of which applies on Linux x86_64 with Python 3.12.

const UV_LOCKED_CLOSURE = {
  torch: '2.7.0+cu126',
  filelock: '3.18.0',
  fsspec: '2025.3.2',
  jinja2: '3.1.6',
  markupsafe: '3.0.2',
  mpmath: '1.3.0',
  networkx: '3.4.2',
  'nvidia-cublas-cu12': '12.6.4.1',
  'nvidia-cuda-cupti-cu12': '12.6.80',
  'nvidia-cuda-nvrtc-cu12': '12.6.77',
  'nvidia-cuda-runtime-cu12': '12.6.77',
  'nvidia-cudnn-cu12': '9.5.1.17',
  'nvidia-cufft-cu12': '11.3.0.4',
  'nvidia-cufile-cu12': '1.11.1.6',
  'nvidia-curand-cu12': '10.3.7.77',
  'nvidia-cusolver-cu12': '11.7.1.2',
  'nvidia-cusparse-cu12': '12.5.4.2',
  'nvidia-cusparselt-cu12': '0.6.3',
  'nvidia-nccl-cu12': '2.26.2',
  'nvidia-nvjitlink-cu12': '12.6.85',
  'nvidia-nvtx-cu12': '12.6.77',
  setuptools: '79.0.0',
  sympy: '1.13.3',
  triton: '3.3.0',
  'typing-extensions': '4.13.2',
};

let pypi: LoopbackIndex;
let cu126: LoopbackIndex;
let laggingCu126: LoopbackIndex;
let hostile: LoopbackIndex;

beforeAll(async () => {
  pypi = await startLoopbackIndex({ projects: pypiProjects(), metadata: true });
  cu126 = await startLoopbackIndex({ projects: pytorchCu126Projects(), metadata: true, html: true });
  laggingCu126 = await startLoopbackIndex({ projects: pytorchCu126Projects(), metadata: true, html: true, omitVersionsAbove: { torch: '2.6.0' } });
  hostile = await startLoopbackIndex({ projects: pytorchCu126Projects(), metadata: true, html: true, controlCharsInNames: true });
});
afterAll(async () => {
  await Promise.all([pypi, cu126, laggingCu126, hostile].map((index) => index?.close()));
});

const linux: TargetPlatform = { os: 'linux', arch: 'x86_64', python: '3.12', glibc: '2.35' };
const torch = [{ name: 'torch', version: '2.7.0' }];

function versions(outcome: ResolveOutcome): Record<string, string> {
  if (outcome.status !== 'resolved') throw new Error(`not resolved: ${JSON.stringify(outcome)}`);
  return Object.fromEntries(outcome.files.map((file) => [file.name, file.version]));
}

describe('resolveExact against real captured index data', () => {
  it("finds uv's locked closure of torch 2.7.0+cu126, with the captured hashes and sizes", async () => {
    const outcome = await resolveExact(torch, { indexUrl: pypi.url, extraIndexUrls: [cu126.url] }, linux, { cacheDir: null });
    expect(versions(outcome)).toEqual(UV_LOCKED_CLOSURE);
    if (outcome.status !== 'resolved') return;
    expect(outcome.files[0]).toMatchObject({
      filename: 'torch-2.7.0+cu126-cp312-cp312-manylinux_2_28_x86_64.whl',
      sha256: '4933a51bfb906f34b44c23c6ea28fdfef5bf14a3c79a43d5d798285e29eba295',
      size: null,
      index: cu126.url,
    });
    // PyPI's JSON gives sizes (PEP 700); every file has a sha256.
    expect(outcome.files.find((file) => file.name === 'sympy')).toMatchObject({ size: expect.any(Number), index: pypi.url, filename: 'sympy-1.13.3-py3-none-any.whl' });
    expect(outcome.files.every((file) => /^[0-9a-f]{64}$/.test(file.sha256 ?? ''))).toBe(true);
  });

  it("learns the sizes an HTML page does not give from each file's first byte (Content-Range), as a CDN answers", async () => {
    // Both indexes as download.pytorch.org serves them: PEP 503 HTML, no sizes; files answer a one-byte range.
    const projects = pypiProjects();
    const htmlPypi = await startLoopbackIndex({ projects, metadata: true, html: true, rangeSizes: true });
    const htmlCu126 = await startLoopbackIndex({ projects: pytorchCu126Projects(), metadata: true, html: true, rangeSizes: true });
    const noRanges = await startLoopbackIndex({ projects, metadata: true, html: true });
    try {
      const outcome = await resolveExact(torch, { indexUrl: htmlPypi.url, extraIndexUrls: [htmlCu126.url] }, linux, { cacheDir: null });
      if (outcome.status !== 'resolved') throw new Error(JSON.stringify(outcome));
      const captured = new Map([...projects.values()].flatMap((project) => project.files.map((file) => [file.filename, file.size ?? null] as const)));
      // Every file whose capture has a size gets exactly that size; torch's own (download.pytorch.org gives none) stays unknown.
      for (const file of outcome.files) expect(file.size, file.filename).toBe(captured.get(file.filename) ?? null);
      expect(outcome.files.filter((file) => file.size !== null)).toHaveLength(24);
      expect(htmlPypi.requests().filter((request) => request.path.startsWith('/files/') && !request.path.endsWith('.metadata'))).toHaveLength(24);
      const without = await resolveExact(torch, { indexUrl: noRanges.url, extraIndexUrls: [cu126.url] }, linux, { cacheDir: null });
      expect(without.status === 'resolved' && without.files.every((file) => file.size === null)).toBe(true);
    } finally {
      await Promise.all([htmlPypi.close(), htmlCu126.close(), noRanges.close()]);
    }
  });

  it('says what the real wheels need: Python 3.10-3.13, or an x86_64 machine', async () => {
    expect(await resolveExact(torch, { indexUrl: cu126.url }, { ...linux, python: '3.14' }, { cacheDir: null })).toMatchObject({ status: 'missing', reason: { missing: 'python', need: 'Python 3.10-3.13 (cp310…cp313)' } });
    expect(await resolveExact(torch, { indexUrl: cu126.url }, { ...linux, arch: 'aarch64' }, { cacheDir: null })).toMatchObject({ status: 'missing', reason: { missing: 'arch' } });
  });

  it('says what a lagging index has', async () => {
    expect(await resolveExact(torch, { indexUrl: pypi.url, extraIndexUrls: [laggingCu126.url] }, linux, { cacheDir: null })).toMatchObject({
      status: 'missing',
      root: 'torch',
      version: '2.7.0',
      reason: { missing: 'version', available: ['2.6.0'] },
    });
  });

  it('refuses an index whose file names carry terminal control sequences, whose pages never end, or that redirects to http', async () => {
    expect(await resolveExact(torch, { indexUrl: hostile.url }, linux, { cacheDir: null })).toMatchObject({ status: 'refused', detail: expect.stringContaining('control character') });
    const huge = await startLoopbackIndex({ projects: pytorchCu126Projects(), hugePage: true });
    const redirecting = await startLoopbackIndex({ projects: pytorchCu126Projects(), redirectToHttp: true });
    try {
      expect(await resolveExact(torch, { indexUrl: huge.url }, linux, { cacheDir: null })).toMatchObject({ status: 'refused', detail: expect.stringContaining('larger than') });
      expect(await resolveExact(torch, { indexUrl: redirecting.url }, linux, { cacheDir: null })).toMatchObject({ status: 'refused', detail: expect.stringContaining('redirect') });
    } finally {
      await Promise.all([huge.close(), redirecting.close()]);
    }
  });
});
