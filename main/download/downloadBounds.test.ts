import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startHostileServer, type HostileServer } from '../../testkit/network/hostileDownloadServer.js';
import { KIND_MAX_BYTES } from './downloadBounds.js';
import { downloadFile, type DownloadOptions } from './download.js';
import { installText } from '../system/installText.js';

const en = installText('en');
const zh = installText('zh-CN');
const SHA = 'c'.repeat(64);
const MiB = 1 << 20;

let tmp: string;
let server: HostileServer | null = null;
let counter = 0;

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-bounds-'));
});
afterEach(async () => {
  await server?.close();
  server = null;
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Bytes the cache folder takes: the larger of each file's length and its allocated blocks (a sparse file shows its length). */
function bytesOnDisk(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir).reduce((sum, name) => {
    const info = statSync(path.join(dir, name));
    return sum + Math.max(info.size, info.blocks * 512);
  }, 0);
}

/** One download against the hostile server: how it ended, how long it took, what it left on disk. */
async function attack(url: string, options: Partial<DownloadOptions> = {}) {
  const cacheDir = path.join(tmp, `cache-${++counter}`);
  const started = performance.now();
  const failure = await downloadFile({ url, sha256: SHA, cacheDir, retries: 0, backoffMs: 5, ...options }).then(
    () => null,
    (error: unknown) => error as { code: string; message: string; detail?: string },
  );
  return { failure, seconds: (performance.now() - started) / 1000, disk: bytesOnDisk(cacheDir), files: existsSync(cacheDir) ? readdirSync(cacheDir) : [] };
}

describe('every download has a size and a time bound (hostile loopback servers)', () => {
  it('cuts a body that never ends at the kind cap (a keyring: 1 MiB) and removes the part', async () => {
    server = await startHostileServer('endless');
    const { failure, seconds, disk, files } = await attack(`${server.url}/cuda-keyring.deb`, { kind: 'keyring' });
    expect(failure).toMatchObject({ code: 'NETWORK', message: en('download.failed', { file: 'cuda-keyring.deb', reason: en('download.moreThanAnnounced', { max: KIND_MAX_BYTES.keyring }) }) });
    expect(seconds).toBeLessThan(5);
    expect(disk).toBe(0);
    expect(files).toEqual([]);
  });

  it('cuts an endless body at a bound the test sets, with no more than the bound ever on disk', async () => {
    server = await startHostileServer('endless');
    let most = 0;
    const { failure, disk } = await attack(`${server.url}/torch.whl`, { kind: 'wheel', bounds: { maxBytes: 2 * MiB }, onProgress: (p) => (most = Math.max(most, p.done)) });
    expect(failure).toMatchObject({ code: 'NETWORK' });
    expect(most).toBeLessThanOrEqual(2 * MiB);
    expect(disk).toBe(0);
  });

  it('refuses a 206 claiming a 1 TiB file before writing a byte: no part, no sparse file', async () => {
    server = await startHostileServer('claimsTebibyte');
    const { failure, seconds, disk, files } = await attack(`${server.url}/cuda.run`, { kind: 'runfile' });
    expect(failure).toMatchObject({ code: 'NETWORK', message: en('download.failed', { file: 'cuda.run', reason: en('download.tooLarge', { size: 1099511627776, max: KIND_MAX_BYTES.runfile }) }) });
    expect(seconds).toBeLessThan(3);
    expect(disk).toBe(0);
    expect(files).toEqual([]);
  });

  it('refuses a Content-Length far past the expected size or the cap before writing a byte', async () => {
    server = await startHostileServer('claimsLength', { claimed: 10 * 2 ** 30 });
    const capped = await attack(`${server.url}/cuda.run`, { kind: 'runfile' });
    expect(capped.failure).toMatchObject({ code: 'NETWORK', message: expect.stringContaining(en('download.tooLarge', { size: 10 * 2 ** 30, max: KIND_MAX_BYTES.runfile })) });
    expect(capped.seconds).toBeLessThan(3);
    expect(capped.disk).toBe(0);
    await server.close();
    server = await startHostileServer('claimsLength', { claimed: 5_000_000 });
    const known = await attack(`${server.url}/cudnn.tar.xz`, { kind: 'archive', expectedSize: 4096, say: zh });
    expect(known.failure).toMatchObject({ code: 'NETWORK', message: zh('download.failed', { file: 'cudnn.tar.xz', reason: zh('download.tooLarge', { size: 5_000_000, max: 4096 }) }) });
    expect(known.disk).toBe(0);
  });

  it('ends a body dripping one byte just under the idle timeout with NETWORK after its window, in both languages; the part is kept', async () => {
    server = await startHostileServer('drip', { dripMs: 250 });
    const bounds = { idleTimeoutMs: 300, minBytesPerSecond: 100, rateWindowMs: 1000 };
    const retries: string[] = [];
    const { failure, seconds, disk, files } = await attack(`${server.url}/cuda.run`, { bounds, retries: 1, onRetry: (_n, reason) => retries.push(reason) });
    expect(failure).toMatchObject({ code: 'NETWORK', message: en('download.tooSlow', { file: 'cuda.run', rate: 100, seconds: 1, attempts: 2 }) });
    expect(retries).toEqual([en('download.tooSlowOnce', { rate: 100, seconds: 1 })]);
    // Two windows of one second, and a 5 ms pause between them.
    expect(seconds).toBeLessThan(4);
    // The part keeps the few bytes that came (one file system block at most), for the next attempt to resume.
    expect(files).toEqual([`${SHA.slice(0, 16)}-cuda.run.part`]);
    expect(disk).toBeLessThanOrEqual(4096);
    const chinese = await attack(`${server.url}/cuda.run`, { bounds, say: zh });
    expect(chinese.failure).toMatchObject({ code: 'NETWORK', message: zh('download.tooSlow', { file: 'cuda.run', rate: 100, seconds: 1, attempts: 1 }) });
  });

  it('refuses a 206 whose body runs past the range it announced, small file or segmented, with at most the range on disk', async () => {
    for (const total of [2_000_000, 40 * MiB]) {
      server = await startHostileServer('pastRange', { total });
      const { failure, seconds, disk } = await attack(`${server.url}/torch.whl`, { kind: 'wheel' });
      expect(failure).toMatchObject({ code: 'NETWORK', message: expect.stringContaining(en('download.moreThanAnnounced', { max: MiB })) });
      expect(seconds).toBeLessThan(5);
      expect(disk).toBe(0);
      await server.close();
      server = null;
    }
  });

  it('never writes bytes past a Content-Length: a server sending more is cut at its length and refused by sha256', async () => {
    const over = randomBytes(5_000_000);
    server = await startHostileServer('overLength', { over });
    const sha = createHash('sha256').update(over).digest('hex');
    const { failure, disk } = await attack(`${server.url}/cuda.run`, { sha256: sha });
    expect(failure).toMatchObject({ code: 'CHECKSUM_MISMATCH' });
    expect(disk).toBe(0);
  });

  it('does not wait on a redirect whose body drips for ever', async () => {
    const file = randomBytes(10_000);
    server = await startHostileServer('dripRedirect', { file, dripMs: 100 });
    const started = performance.now();
    const result = await downloadFile({ url: `${server.url}/start`, sha256: createHash('sha256').update(file).digest('hex'), cacheDir: path.join(tmp, 'redirect') });
    expect(result.size).toBe(file.length);
    expect((performance.now() - started) / 1000).toBeLessThan(5);
  });
});
