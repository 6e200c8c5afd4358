import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCappedServer, type CappedServer } from '../../testkit/network/cappedRangeServer.js';
import { downloadFile } from './download.js';
import { installText } from '../system/installText.js';
import { rangeStatePath } from './rangeState.js';

// 40 MiB: above the 32 MiB line, so the download is split into ranges.
const LARGE = randomBytes(40 << 20);
const LARGE_SHA = createHash('sha256').update(LARGE).digest('hex');
const en = installText('en');

let tmp: string;
let server: CappedServer | null = null;
let counter = 0;
const cacheDir = () => path.join(tmp, `cache-${++counter}`);

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-ranges-'));
});
afterEach(async () => {
  await server?.close();
  server = null;
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('a large file over parallel Range requests (loopback server)', () => {
  it('fetches bounded ranges over several connections, every byte once, and the result matches its sha256', async () => {
    server = await startCappedServer({ '/torch.whl': { data: LARGE } }, { perConnection: 16e6 });
    const seen: number[] = [];
    const result = await downloadFile({ url: `${server.url}/torch.whl`, sha256: LARGE_SHA, cacheDir: cacheDir(), onProgress: (p) => seen.push(p.connections ?? 1) });
    expect(readFileSync(result.path).equals(LARGE)).toBe(true);
    expect(result.bytesFetched).toBe(LARGE.length);
    // The probe asked for the first MiB; every later request is a bounded range.
    expect(server.requests[0]!.range).toBe('bytes=0-1048575');
    expect(server.requests.slice(1).every((request) => /^bytes=\d+-\d+$/.test(request.range ?? ''))).toBe(true);
    expect(server.peakConnections()).toBeGreaterThan(1);
    expect(Math.max(...seen)).toBeGreaterThan(1);
    expect(server.bytesServedTwice()).toBe(0);
    expect(existsSync(rangeStatePath(`${result.path}.part`))).toBe(false);
  });

  it('adds connections while the server caps each one (4 MB/s each, 20 MB/s in all)', async () => {
    server = await startCappedServer({ '/torch.whl': { data: LARGE } }, { perConnection: 4e6, total: 20e6 });
    await downloadFile({ url: `${server.url}/torch.whl`, sha256: LARGE_SHA, cacheDir: cacheDir() });
    // Starts with 4; a fifth still adds throughput (20 MB/s = 5 × 4); past that the total cap holds it, and it stops
    // short of the cap of 8 (one or two more may be tried while a 500 ms window's measurement is noisy).
    expect(server.peakConnections()).toBeGreaterThanOrEqual(5);
    expect(server.peakConnections()).toBeLessThanOrEqual(7);
  });

  it('falls back to one stream when the server ignores Range (200 to a ranged GET)', async () => {
    server = await startCappedServer({ '/torch.whl': { data: LARGE } });
    server.rangeMode = 'ignore';
    const result = await downloadFile({ url: `${server.url}/torch.whl`, sha256: LARGE_SHA, cacheDir: cacheDir() });
    expect(readFileSync(result.path).equals(LARGE)).toBe(true);
    expect(server.requests).toHaveLength(1);
    expect(server.peakConnections()).toBe(1);
    expect(result.bytesFetched).toBe(LARGE.length);
  });

  it('refuses a 206 without Content-Range and fetches the whole file without Range instead', async () => {
    server = await startCappedServer({ '/torch.whl': { data: LARGE } });
    server.rangeMode = 'no-content-range';
    const retries: string[] = [];
    const result = await downloadFile({ url: `${server.url}/torch.whl`, sha256: LARGE_SHA, cacheDir: cacheDir(), backoffMs: 5, onRetry: (_n, reason) => retries.push(reason) });
    expect(readFileSync(result.path).equals(LARGE)).toBe(true);
    expect(retries).toEqual([en('download.badRange')]);
    expect(server.requests.map((request) => request.range)).toEqual(['bytes=0-1048575', null]);
  });

  it('refuses a mirror that serves another file of the same size: sha256 mismatch, nothing kept', async () => {
    const other = Buffer.from(LARGE);
    other[other.length - 1] ^= 0xff;
    server = await startCappedServer({ '/torch.whl': { data: other } });
    const dir = cacheDir();
    const failure = await downloadFile({ url: `${server.url}/torch.whl`, sha256: LARGE_SHA, cacheDir: dir }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'CHECKSUM_MISMATCH', message: en('download.checksumMismatch', { file: 'torch.whl' }) });
    const part = path.join(dir, `${LARGE_SHA.slice(0, 16)}-torch.whl.part`);
    expect(existsSync(part)).toBe(false);
    expect(existsSync(rangeStatePath(part))).toBe(false);
  });

  it('resumes after every connection is cut mid-way without fetching a byte twice', async () => {
    server = await startCappedServer({ '/torch.whl': { data: LARGE } }, { perConnection: 16e6 });
    server.cutAfter = 15 << 20;
    const retries: string[] = [];
    const result = await downloadFile({ url: `${server.url}/torch.whl`, sha256: LARGE_SHA, cacheDir: cacheDir(), backoffMs: 5, onRetry: (_n, reason) => retries.push(reason) });
    expect(retries).toEqual([en('download.cut')]);
    expect(readFileSync(result.path).equals(LARGE)).toBe(true);
    // Bytes the client received and wrote: the file's size exactly.
    expect(result.bytesFetched).toBe(LARGE.length);
  });

  it('cancel stops every connection and keeps the ranges; the next call fetches only what is missing', async () => {
    server = await startCappedServer({ '/torch.whl': { data: LARGE } }, { perConnection: 4e6 });
    const dir = cacheDir();
    const controller = new AbortController();
    let done = 0;
    const failure = await downloadFile({
      url: `${server.url}/torch.whl`,
      sha256: LARGE_SHA,
      cacheDir: dir,
      signal: controller.signal,
      onProgress: (p) => {
        done = p.done;
        if (p.done > 10 << 20) controller.abort();
      },
    }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'CANCELLED', message: en('download.cancelledKept') });
    const part = path.join(dir, `${LARGE_SHA.slice(0, 16)}-torch.whl.part`);
    expect(existsSync(rangeStatePath(part))).toBe(true);
    const servedAtCancel = server.bytesServed();
    await new Promise((resolve) => setTimeout(resolve, 300));
    // No connection carries on after the cancel.
    expect(server.bytesServed()).toBe(servedAtCancel);
    const resumed = await downloadFile({ url: `${server.url}/torch.whl`, sha256: LARGE_SHA, cacheDir: dir });
    expect(readFileSync(resumed.path).equals(LARGE)).toBe(true);
    expect(resumed.resumedFrom).toBeGreaterThanOrEqual(done);
    expect(resumed.resumedFrom + resumed.bytesFetched).toBe(LARGE.length);
  }, 30_000);
});
