import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loopbackServers } from '../../testkit/network/loopbackServers.js';
import { IndexError } from './indexErrors.js';
import { IndexSession } from './indexSession.js';
import type { IndexFile } from './simplePage.js';
import { fetchWheelMetadata } from './wheelMetadata.js';

/** A zip as wheel builders write it (local headers, central directory, end record); CRCs are not read, so left 0. */
function zip(entries: { name: string; data: Buffer; deflate?: boolean }[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const body = entry.deflate ? deflateRawSync(entry.data) : entry.data;
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.deflate ? 8 : 0, 8);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(entry.deflate ? 8 : 0, 10);
    record.writeUInt32LE(body.length, 20);
    record.writeUInt32LE(entry.data.length, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(offset, 42);
    parts.push(local, name, body);
    central.push(record, name);
    offset += 30 + name.length + body.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

const METADATA = Buffer.from('Metadata-Version: 2.1\nName: nvidia-cudnn-cu12\nVersion: 9.5.1.17\nRequires-Dist: nvidia-cublas-cu12\n\nREADME\n');
const small = zip([
  { name: 'nvidia/cudnn/__init__.py', data: Buffer.alloc(0) },
  { name: 'nvidia_cudnn_cu12-9.5.1.17.dist-info/METADATA', data: METADATA, deflate: true },
  { name: 'nvidia_cudnn_cu12-9.5.1.17.dist-info/WHEEL', data: Buffer.from('Wheel-Version: 1.0\n') },
]);
// A big wheel: its METADATA far from the end, and a central directory (3,000 files) longer than the first range.
const big = zip([
  { name: 'nvidia_cudnn_cu12-9.5.1.17.dist-info/METADATA', data: METADATA, deflate: true },
  { name: 'nvidia/cudnn/lib/libcudnn.so.9', data: randomBytes(300_000) },
  ...Array.from({ length: 3000 }, (_, i) => ({ name: `nvidia/cudnn/include/header_number_${i}.h`, data: Buffer.alloc(0) })),
]);
const bomb = zip([{ name: 'x-1.0.dist-info/METADATA', data: Buffer.alloc(9 << 20), deflate: true }]);
const files: Record<string, Buffer> = { '/small.whl': small, '/big.whl': big, '/bomb.whl': bomb, '/plain.whl': Buffer.from('not a zip at all'.repeat(10)) };

const servers = loopbackServers();
let base = '';
const ranges: string[] = [];

beforeAll(async () => {
  base = await servers.listen(
    http.createServer((request, response) => {
      const body = files[(request.url ?? '').replace('/noranges', '')];
      if (!body) return void response.writeHead(404).end();
      if (request.url?.startsWith('/noranges')) return void response.writeHead(200, { 'content-length': String(body.length) }).end(body);
      const spec = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '');
      ranges.push(request.headers.range ?? '');
      if (!spec) return void response.writeHead(200).end(body);
      const start = spec[1] === '' ? Math.max(0, body.length - Number(spec[2])) : Number(spec[1]);
      const end = spec[1] === '' || spec[2] === '' ? body.length - 1 : Math.min(Number(spec[2]), body.length - 1);
      response.writeHead(206, { 'content-range': `bytes ${start}-${end}/${body.length}`, 'content-length': String(end - start + 1) });
      response.end(body.subarray(start, end + 1));
    }),
    '127.0.0.1',
  );
});
afterAll(() => servers.closeAll());

const indexFile = (route: string): IndexFile => ({ filename: 'nvidia_cudnn_cu12-9.5.1.17-py3-none-manylinux_2_27_x86_64.whl', url: `${base}${route}`, sha256: null, requiresPython: null, yanked: false, size: null, coreMetadata: null });

async function read(route: string) {
  ranges.length = 0;
  const session = new IndexSession({ cacheDir: null });
  try {
    const metadata = await fetchWheelMetadata(session, indexFile(route));
    return { requiresDist: metadata.requiresDist, requests: session.requests };
  } catch (error) {
    if (error instanceof IndexError) return { error: { kind: error.kind, reason: error.reason, message: error.message } };
    throw error;
  } finally {
    await session.close();
  }
}

describe("METADATA read from inside a wheel by byte ranges (an index without PEP 658)", () => {
  it('reads a small wheel in two ranges: the end, then the member', async () => {
    expect(await read('/small.whl')).toEqual({ requiresDist: ['nvidia-cublas-cu12'], requests: 2 });
    expect(ranges[0]).toMatch(/^bytes=-\d+$/);
  });

  it('reads a big wheel in three: the end, the central directory, the member; never the whole file', async () => {
    expect(await read('/big.whl')).toEqual({ requiresDist: ['nvidia-cublas-cu12'], requests: 3 });
  });

  it('says so when the server ignores ranges, instead of downloading the wheel', async () => {
    expect(await read('/noranges/big.whl')).toMatchObject({ error: { kind: 'unreachable', reason: 'status', message: expect.stringContaining('no byte ranges') } });
  });

  it('refuses what is not a wheel, and a METADATA that inflates past its bound', async () => {
    expect(await read('/plain.whl')).toMatchObject({ error: { kind: 'refused', reason: 'badMetadata' } });
    expect(await read('/bomb.whl')).toMatchObject({ error: { kind: 'refused', reason: 'badMetadata', message: expect.stringContaining('bound') } });
  });
});
