import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loopbackServers } from '../../testkit/network/loopbackServers.js';
import { resolveExact, type IndexSources, type ResolveOutcome, type TargetPlatform } from './resolveExact.js';

// An in-test package index on loopback: a PyPI-like index (PEP 691 JSON, PEP 658 metadata), a PyTorch-like cu126
// index (PEP 503 HTML, dist-info metadata, "+cu126" local versions), a mirror that lags behind and serves no
// metadata (so dependencies come from inside the wheels, by byte ranges), and an index whose metadata hash is wrong.
// Every file is a real zip with a real METADATA. Requirements follow torch 2.7.1's own METADATA (abridged).

interface Dist {
  name: string;
  version: string;
  tags: string[];
  requires?: string[];
  requiresPython?: string;
  yanked?: boolean;
}

const LINUX_GPU = 'platform_system == "Linux" and platform_machine == "x86_64"';
const TORCH_TAGS = [9, 10, 11, 12, 13].flatMap((m) => [`cp3${m}-cp3${m}-manylinux_2_28_x86_64`, `cp3${m}-cp3${m}-win_amd64`]);
const TORCH_REQUIRES = [
  'filelock',
  'typing-extensions>=4.10.0',
  'setuptools; python_version >= "3.12"',
  'sympy>=1.13.3',
  `nvidia-cuda-runtime-cu12==12.6.77; ${LINUX_GPU}`,
  `nvidia-cudnn-cu12==9.5.1.17; ${LINUX_GPU}`,
  `nvidia-cublas-cu12==12.6.4.1; ${LINUX_GPU}`,
  `nvidia-cusolver-cu12==11.7.1.2; ${LINUX_GPU}`,
  `nvidia-cusparse-cu12==12.5.4.2; ${LINUX_GPU}`,
  `nvidia-nvjitlink-cu12==12.6.85; ${LINUX_GPU}`,
  `triton==3.3.1; ${LINUX_GPU}`,
  'opt-einsum>=3.3; extra == "opt-einsum"',
];
const NV = ['py3-none-manylinux2014_x86_64.manylinux_2_17_x86_64', 'py3-none-win_amd64'];
const PURE = ['py3-none-any'];

const PYPI: Dist[] = [
  { name: 'torch', version: '2.7.1', tags: ['cp312-cp312-manylinux_2_28_x86_64', 'cp312-none-macosx_14_0_arm64'], requires: TORCH_REQUIRES, requiresPython: '>=3.9.0' },
  { name: 'filelock', version: '3.18.0', tags: PURE, requiresPython: '>=3.9' },
  { name: 'filelock', version: '3.19.0', tags: PURE, requiresPython: '>=3.13' },
  { name: 'typing-extensions', version: '4.14.1', tags: PURE },
  { name: 'typing-extensions', version: '4.15.0', tags: PURE },
  { name: 'typing-extensions', version: '4.16.0', tags: PURE, yanked: true },
  { name: 'setuptools', version: '80.9.0', tags: PURE },
  { name: 'sympy', version: '1.13.1', tags: PURE, requires: ['mpmath<1.4,>=1.1.0'] },
  { name: 'sympy', version: '1.13.3', tags: PURE, requires: ['mpmath<1.4,>=1.1.0'] },
  { name: 'sympy', version: '1.14.0', tags: PURE, requires: ['mpmath<1.4,>=1.1.0', 'pytest>=7; extra == "dev"'] },
  { name: 'mpmath', version: '1.2.1', tags: PURE },
  { name: 'mpmath', version: '1.3.0', tags: PURE },
  { name: 'mpmath', version: '1.4.0a1', tags: PURE },
  { name: 'nvidia-cuda-runtime-cu12', version: '12.6.77', tags: NV },
  { name: 'nvidia-cuda-runtime-cu12', version: '12.9.79', tags: NV },
  { name: 'nvidia-cublas-cu12', version: '12.6.4.1', tags: NV },
  { name: 'nvidia-cublas-cu12', version: '12.9.1.4', tags: NV },
  { name: 'nvidia-cudnn-cu12', version: '9.1.0.70', tags: NV, requires: ['nvidia-cublas-cu12'] },
  { name: 'nvidia-cudnn-cu12', version: '9.5.1.17', tags: NV, requires: ['nvidia-cublas-cu12'] },
  { name: 'nvidia-cusolver-cu12', version: '11.7.1.2', tags: NV, requires: ['nvidia-cublas-cu12', 'nvidia-nvjitlink-cu12', 'nvidia-cusparse-cu12'] },
  { name: 'nvidia-cusparse-cu12', version: '12.5.4.2', tags: NV, requires: ['nvidia-nvjitlink-cu12'] },
  { name: 'nvidia-nvjitlink-cu12', version: '12.6.85', tags: NV },
  { name: 'nvidia-nvjitlink-cu12', version: '12.9.86', tags: NV },
  { name: 'triton', version: '3.3.1', tags: ['cp312-cp312-manylinux_2_27_x86_64.manylinux_2_28_x86_64'], requires: ['setuptools>=40.8.0'] },
  { name: 'needs-ghost', version: '1.0', tags: PURE, requires: ['ghost>=1'] },
  { name: 'wants-extra', version: '1.0', tags: PURE, requires: ['SymPy[DEV]>=1.13'] },
];
const CU126: Dist[] = [
  { name: 'torch', version: '2.7.1+cu126', tags: TORCH_TAGS, requires: TORCH_REQUIRES, requiresPython: '>=3.9.0' },
  { name: 'torch', version: '2.8.0+cu126', tags: TORCH_TAGS, requires: TORCH_REQUIRES, requiresPython: '>=3.9.0' },
];
const MIRROR: Dist[] = [
  ...['2.5.1', '2.6.0'].map((version) => ({ name: 'torch', version, tags: TORCH_TAGS, requires: TORCH_REQUIRES })),
  ...PYPI.filter((dist) => dist.name === 'sympy' || dist.name === 'mpmath'),
];
const EVIL: Dist[] = [{ name: 'filelock', version: '3.18.0', tags: PURE }];
const INDEXES: Record<string, { format: 'json' | 'html'; metadata: 'sha256' | 'none' | 'wrong'; dists: Dist[] }> = {
  pypi: { format: 'json', metadata: 'sha256', dists: PYPI },
  cu126: { format: 'html', metadata: 'sha256', dists: CU126 },
  mirror: { format: 'html', metadata: 'none', dists: MIRROR },
  evil: { format: 'json', metadata: 'wrong', dists: EVIL },
};

/** A zip holding one METADATA (method deflate), as the wheel fallback reads it. */
function wheelBytes(metadata: Buffer, dir: string): Buffer {
  const name = Buffer.from(`${dir}.dist-info/METADATA`);
  const body = deflateRawSync(metadata);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(body.length, 18);
  local.writeUInt32LE(metadata.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(body.length, 20);
  central.writeUInt32LE(metadata.length, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + name.length, 12);
  end.writeUInt32LE(30 + name.length + body.length, 16);
  return Buffer.concat([local, name, body, central, name, end]);
}

interface Served {
  filename: string;
  dist: Dist;
  metadata: Buffer;
  wheel: Buffer;
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const files = new Map<string, Served>();
for (const [index, { dists }] of Object.entries(INDEXES)) {
  for (const dist of dists) {
    for (const tag of dist.tags) {
      const stem = `${dist.name.replace(/-/g, '_')}-${dist.version}`;
      const metadata = Buffer.from(
        [`Metadata-Version: 2.1`, `Name: ${dist.name}`, `Version: ${dist.version}`, ...(dist.requiresPython ? [`Requires-Python: ${dist.requiresPython}`] : []), ...(dist.requires ?? []).map((line) => `Requires-Dist: ${line}`), '', ''].join('\n'),
      );
      files.set(`${index}/${stem}-${tag}.whl`, { filename: `${stem}-${tag}.whl`, dist, metadata, wheel: wheelBytes(metadata, stem) });
    }
  }
}

function page(index: string, project: string): { type: string; body: string } | null {
  const { format, metadata, dists } = INDEXES[index]!;
  const listed = [...files.entries()].filter(([key, file]) => key.startsWith(`${index}/`) && file.dist.name === project);
  if (!listed.length) return null;
  const entries = listed.map(([, file]) => ({
    file,
    url: `../../../files/${index}/${encodeURIComponent(file.filename)}`,
    meta: metadata === 'none' ? null : metadata === 'wrong' ? 'f'.repeat(64) : sha(file.metadata),
  }));
  if (format === 'json') {
    const json = entries.map(({ file, url, meta }) => ({ filename: file.filename, url, hashes: { sha256: sha(file.wheel) }, size: file.wheel.length, 'requires-python': file.dist.requiresPython ?? null, yanked: file.dist.yanked ?? false, ...(meta ? { 'core-metadata': { sha256: meta } } : {}) }));
    return { type: 'application/vnd.pypi.simple.v1+json', body: JSON.stringify({ meta: { 'api-version': '1.1' }, name: project, files: json, versions: [...new Set(dists.map((d) => d.version))] }) };
  }
  const anchors = entries.map(({ file, url, meta }) => {
    const attributes = [file.dist.requiresPython ? ` data-requires-python="${file.dist.requiresPython.replace(/>/g, '&gt;').replace(/</g, '&lt;')}"` : '', meta ? ` data-dist-info-metadata="sha256=${meta}"` : '', file.dist.yanked ? ' data-yanked=""' : ''].join('');
    return `<a href="${url}#sha256=${sha(file.wheel)}"${attributes}>${file.filename}</a><br/>`;
  });
  return { type: 'text/html', body: `<!DOCTYPE html><html><body><h1>Links for ${project}</h1>${anchors.join('\n')}</body></html>` };
}

const servers = loopbackServers();
let base = '';
let inFlight = 0;
let mostInFlight = 0;

beforeAll(async () => {
  const server = http.createServer((request, response) => {
    inFlight++;
    mostInFlight = Math.max(mostInFlight, inFlight);
    // A little latency, so that requests overlap and the concurrency bound shows; a request stops counting before its
    // answer is written, so the count never runs ahead of the client's own.
    setTimeout(() => {
      inFlight--;
      serve(request, response);
    }, 5);
  });
  base = await servers.listen(server, '127.0.0.1');
});
afterAll(() => servers.closeAll());

function serve(request: http.IncomingMessage, response: http.ServerResponse): void {
  const route = decodeURIComponent(request.url ?? '');
  const file = /^\/files\/([a-z0-9]+\/[^/]+?)(\.metadata)?$/.exec(route);
  if (file) {
    const served = files.get(file[1]!);
    if (!served) return void response.writeHead(404).end();
    if (file[2]) return void response.writeHead(200, { 'cache-control': 'max-age=365000000, immutable' }).end(served.metadata);
    const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '');
    if (!range) return void response.writeHead(200).end(served.wheel);
    const size = served.wheel.length;
    const start = range[1] === '' ? Math.max(0, size - Number(range[2])) : Number(range[1]);
    const end = range[1] === '' || range[2] === '' ? size - 1 : Math.min(Number(range[2]), size - 1);
    return void response.writeHead(206, { 'content-range': `bytes ${start}-${end}/${size}` }).end(served.wheel.subarray(start, end + 1));
  }
  const project = /^\/([a-z0-9]+)\/simple\/([a-z0-9-]+)\/$/.exec(route);
  const answer = project ? page(project[1]!, project[2]!) : null;
  if (!answer) return void response.writeHead(404).end();
  response.writeHead(200, { 'content-type': answer.type, 'cache-control': 'max-age=600' }).end(answer.body);
}

const linux: TargetPlatform = { os: 'linux', arch: 'x86_64', python: '3.12', glibc: '2.35' };
const sources = (...names: string[]): IndexSources => ({ indexUrl: `${base}/${names[0]}/simple`, extraIndexUrls: names.slice(1).map((name) => `${base}/${name}/simple`) });
const resolve = (roots: { name: string; version: string }[], from: IndexSources, target = linux, cacheDir: string | null = null) => resolveExact(roots, from, target, { cacheDir });

function versions(outcome: ResolveOutcome): Record<string, string> {
  if (outcome.status !== 'resolved') throw new Error(`not resolved: ${JSON.stringify(outcome)}`);
  return Object.fromEntries(outcome.files.map((file) => [file.name, file.version]));
}

describe('resolveExact against a loopback index', () => {
  it('resolves a torch-like root with its pinned nvidia-* chain and ranged pure-Python deps, as pip would', async () => {
    mostInFlight = 0;
    const outcome = await resolve([{ name: 'torch', version: '2.7.1' }], sources('pypi', 'cu126'));
    expect(versions(outcome)).toEqual({
      torch: '2.7.1+cu126',
      filelock: '3.18.0', // 3.19.0 needs Python 3.13
      'typing-extensions': '4.15.0', // 4.16.0 is yanked
      setuptools: '80.9.0',
      sympy: '1.14.0',
      mpmath: '1.3.0', // 1.4.0a1 is a pre-release
      'nvidia-cuda-runtime-cu12': '12.6.77',
      'nvidia-cudnn-cu12': '9.5.1.17',
      'nvidia-cublas-cu12': '12.6.4.1', // the pin, though cudnn asks for any and 12.9 exists
      'nvidia-cusolver-cu12': '11.7.1.2',
      'nvidia-cusparse-cu12': '12.5.4.2',
      'nvidia-nvjitlink-cu12': '12.6.85',
      triton: '3.3.1',
    });
    if (outcome.status !== 'resolved') return;
    const torch = outcome.files[0]!;
    expect(torch).toEqual({
      name: 'torch',
      version: '2.7.1+cu126',
      filename: 'torch-2.7.1+cu126-cp312-cp312-manylinux_2_28_x86_64.whl',
      url: `${base}/files/cu126/torch-2.7.1%2Bcu126-cp312-cp312-manylinux_2_28_x86_64.whl`,
      // The HTML page gives no size: the file's first byte does (its Content-Range).
      size: files.get('cu126/torch-2.7.1+cu126-cp312-cp312-manylinux_2_28_x86_64.whl')!.wheel.length,
      sha256: sha(files.get('cu126/torch-2.7.1+cu126-cp312-cp312-manylinux_2_28_x86_64.whl')!.wheel),
      index: `${base}/cu126/simple`,
      requestedBy: null,
    });
    const byName = Object.fromEntries(outcome.files.map((file) => [file.name, file]));
    expect(byName.mpmath).toMatchObject({ requestedBy: 'sympy', index: `${base}/pypi/simple`, filename: 'mpmath-1.3.0-py3-none-any.whl' });
    expect(byName['nvidia-cublas-cu12']).toMatchObject({ requestedBy: 'torch', size: expect.any(Number) });
    expect(outcome.newerVersions).toEqual({ torch: ['2.8.0+cu126'] });
    // 13 projects × 2 indexes, one metadata file each, and one byte of torch (the only file its page gives no size for).
    expect(outcome).toMatchObject({ requests: 13 * 2 + 13 + 1, fromCache: 0 });
    expect(mostInFlight).toBeLessThanOrEqual(6);
    expect(mostInFlight).toBeGreaterThan(1);
  });

  it('follows the markers of another machine: Windows has no nvidia-* or triton', async () => {
    const outcome = await resolve([{ name: 'torch', version: '2.7.1+cu126' }], sources('pypi', 'cu126'), { os: 'windows', arch: 'x86_64', python: '3.12' });
    expect(versions(outcome)).toEqual({ torch: '2.7.1+cu126', filelock: '3.18.0', 'typing-extensions': '4.15.0', setuptools: '80.9.0', sympy: '1.14.0', mpmath: '1.3.0' });
    expect(outcome.status === 'resolved' && outcome.files[0]!.filename).toBe('torch-2.7.1+cu126-cp312-cp312-win_amd64.whl');
  });

  it('finds a local version only on the index that carries it', async () => {
    const outcome = await resolve([{ name: 'torch', version: '2.7.1+cu126' }], sources('pypi'));
    expect(outcome).toMatchObject({ status: 'missing', root: 'torch', version: '2.7.1+cu126', reason: { missing: 'version', available: ['2.7.1'] } });
  });

  it('says which Python, glibc or macOS a root needs', async () => {
    expect(await resolve([{ name: 'torch', version: '2.7.1' }], sources('cu126'), { ...linux, python: '3.14' })).toMatchObject({
      status: 'missing',
      root: 'torch',
      version: '2.7.1',
      reason: { missing: 'python', need: 'Python 3.9-3.13 (cp39…cp313)' },
    });
    expect(await resolve([{ name: 'torch', version: '2.7.1' }], sources('cu126'), { ...linux, glibc: '2.17' })).toMatchObject({ status: 'missing', reason: { missing: 'glibc', need: 'glibc 2.28' } });
    expect(await resolve([{ name: 'torch', version: '2.7.1' }], sources('pypi'), { os: 'macos', arch: 'arm64', python: '3.12', macos: '11.0' })).toMatchObject({ status: 'missing', reason: { missing: 'macos', need: 'macOS 14.0' } });
  });

  it('says what a lagging mirror has, and reads dependencies from inside wheels where it serves no metadata', async () => {
    expect(await resolve([{ name: 'torch', version: '2.7.1' }], sources('mirror'))).toMatchObject({ status: 'missing', root: 'torch', version: '2.7.1', reason: { missing: 'version', available: ['2.5.1', '2.6.0'] } });
    const outcome = await resolve([{ name: 'sympy', version: '1.13.3' }], sources('mirror'));
    expect(versions(outcome)).toEqual({ sympy: '1.13.3', mpmath: '1.3.0' });
    // Two pages, two byte ranges per wheel (its end, then its METADATA), and each wheel's first byte for its size.
    expect(outcome).toMatchObject({ requests: 2 + 2 * 2 + 2, newerVersions: { sympy: ['1.14.0'] } });
    expect(outcome.status === 'resolved' && outcome.files.every((file) => file.size !== null && file.size > 0)).toBe(true);
  });

  it('names a dependency that has nothing to install, with the range asked and who asked (extras followed)', async () => {
    expect(await resolve([{ name: 'needs-ghost', version: '1.0' }], sources('pypi'))).toMatchObject({ status: 'missing', root: 'ghost', version: '>=1', reason: { missing: 'version', available: [] } });
    expect(await resolve([{ name: 'wants-extra', version: '1.0' }], sources('pypi'))).toMatchObject({ status: 'missing', root: 'pytest', version: '>=7' });
  });

  it('refuses conflicting pins, and metadata whose hash is not the page\'s', async () => {
    const conflict = await resolve([{ name: 'torch', version: '2.7.1' }, { name: 'nvidia-cudnn-cu12', version: '9.1.0.70' }], sources('pypi', 'cu126'));
    expect(conflict).toMatchObject({ status: 'refused', detail: expect.stringContaining('nvidia-cudnn-cu12') });
    expect(await resolve([{ name: 'filelock', version: '3.18.0' }], sources('evil'))).toMatchObject({ status: 'refused', detail: expect.stringContaining('sha256') });
  });

  it('is unreachable when an index does not answer, and refuses what is not a request', async () => {
    const closed = await resolveExact([{ name: 'torch', version: '2.7.1' }], { indexUrl: 'http://127.0.0.1:9/simple' }, linux, { cacheDir: null });
    expect(closed).toMatchObject({ status: 'unreachable', detail: expect.stringContaining('ECONNREFUSED') });
    expect(await resolve([{ name: 'torch', version: 'latest' }], sources('pypi'))).toMatchObject({ status: 'refused' });
    expect(await resolve([{ name: 'torch', version: '2.7.1' }], { indexUrl: 'http://pypi.example.org/simple' })).toMatchObject({ status: 'refused' });
  });

  it('asks nothing again while the pages are fresh and the metadata is the same', async () => {
    const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-resolve-cache-'));
    try {
      const first = await resolve([{ name: 'torch', version: '2.7.1' }], sources('pypi', 'cu126'), linux, cacheDir);
      const second = await resolve([{ name: 'torch', version: '2.7.1' }], sources('pypi', 'cu126'), linux, cacheDir);
      expect(versions(second)).toEqual(versions(first));
      // The 404 pages (a project absent from one index) are not kept, so those are asked again; torch's size is kept.
      expect(second).toMatchObject({ requests: 12, fromCache: 14 + 13 + 1 });
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });
});
