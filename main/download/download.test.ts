import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxyFor } from '../network/proxyAgent.js';
import { downloadFile } from './download.js';

const FILE = randomBytes(3_000_000);
const SHA = createHash('sha256').update(FILE).digest('hex');

type Mode = 'drop-once' | 'ok' | 'slow';
let mode: Mode = 'ok';
let dropped = false;
const ranges: (string | undefined)[] = [];
let server: http.Server;
let base: string;
let tmp: string;

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-dl-'));
  server = http.createServer((request, response) => {
    ranges.push(request.headers.range);
    const start = Number(/bytes=(\d+)-/.exec(request.headers.range ?? '')?.[1] ?? 0);
    const body = FILE.subarray(start);
    response.writeHead(start ? 206 : 200, { 'Content-Length': body.length, ...(start ? { 'Content-Range': `bytes ${start}-${FILE.length - 1}/${FILE.length}` } : {}) });
    if (mode === 'drop-once' && !dropped) {
      dropped = true;
      // Half the file, then the connection is cut, as a flaky network does.
      response.write(body.subarray(0, 1_200_000), () => response.socket?.destroy());
      return;
    }
    if (mode === 'slow') {
      response.write(body.subarray(0, 1000));
      return;
    }
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(tmp, { recursive: true, force: true });
});

describe('downloadFile against a loopback server', () => {
  it('resumes with a Range request after the connection drops, never fetching finished bytes twice', async () => {
    mode = 'drop-once';
    ranges.length = 0;
    const cacheDir = path.join(tmp, 'resume');
    const retries: string[] = [];
    const result = await downloadFile({ url: `${base}/cuda.run`, sha256: SHA, cacheDir, backoffMs: 10, onRetry: (_n, reason) => retries.push(reason) });
    expect(retries).toHaveLength(1);
    // The second request starts exactly where the received bytes end (what was in flight when the cut came is lost).
    // The first request is the ranged probe (this server ignores Range and sends the whole file).
    expect(ranges[0]).toBe('bytes=0-1048575');
    const resumedAt = Number(/^bytes=(\d+)-$/.exec(ranges[1] ?? '')?.[1]);
    expect(resumedAt).toBeGreaterThan(0);
    expect(resumedAt).toBeLessThanOrEqual(1_200_000);
    expect(result.resumedFrom).toBe(0);
    // Bytes fetched over both attempts add up to the file exactly: nothing was fetched twice.
    expect(result.bytesFetched).toBe(FILE.length);
    expect(readFileSync(result.path).equals(FILE)).toBe(true);

    // A second call finds the verified file in the cache and fetches nothing.
    const again = await downloadFile({ url: `${base}/cuda.run`, sha256: SHA, cacheDir });
    expect(again).toMatchObject({ fromCache: true, bytesFetched: 0 });
    expect(ranges).toHaveLength(2);
  });

  it('refuses a file whose sha256 does not match and leaves nothing usable behind', async () => {
    mode = 'ok';
    const cacheDir = path.join(tmp, 'bad');
    await expect(downloadFile({ url: `${base}/cudnn.tar.xz`, sha256: 'a'.repeat(64), cacheDir })).rejects.toMatchObject({ code: 'CHECKSUM_MISMATCH' });
    expect(readdirSync(cacheDir)).toEqual([]);
  });

  it('cancels a slow download promptly and keeps the part for next time', async () => {
    mode = 'slow';
    const cacheDir = path.join(tmp, 'slow');
    const controller = new AbortController();
    const progress: number[] = [];
    const pending = downloadFile({ url: `${base}/big.run`, sha256: SHA, cacheDir, signal: controller.signal, onProgress: (p) => progress.push(p.done) });
    await new Promise((resolve) => setTimeout(resolve, 300));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(progress.at(-1)).toBe(1000);
    expect(existsSync(path.join(cacheDir, `${SHA.slice(0, 16)}-big.run.part`))).toBe(true);
  });

  it('gives up with NETWORK after its retries when the server is gone', async () => {
    await expect(downloadFile({ url: 'http://127.0.0.1:9/x.run', sha256: SHA, cacheDir: path.join(tmp, 'gone'), retries: 2, backoffMs: 5 })).rejects.toMatchObject({ code: 'NETWORK' });
  });

  it('takes the proxy from the environment unless NO_PROXY matches', () => {
    const env = { HTTPS_PROXY: 'http://proxy.lan:3128', NO_PROXY: 'localhost,.corp.example' };
    expect(proxyFor(new URL('https://download.pytorch.org/whl/cu124'), { env })).toBe('http://proxy.lan:3128');
    expect(proxyFor(new URL('https://pypi.corp.example/simple'), { env })).toBeNull();
    expect(proxyFor(new URL('http://localhost:8080/x'), { env })).toBeNull();
  });
});
