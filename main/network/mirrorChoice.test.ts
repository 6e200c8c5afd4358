import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCappedServer, type CappedServer } from '../../testkit/network/cappedRangeServer.js';
import { downloadFromMirrors } from '../download/mirrorDownload.js';
import { installText } from '../system/installText.js';
import { chooseMirror } from './mirrorChoice.js';

const WHEEL = randomBytes(3_000_000);
const SHA = createHash('sha256').update(WHEEL).digest('hex');
const FILE = '/packages/torch-2.9.0-cp312-linux_x86_64.whl';
const en = installText('en');
/** Same size and first bytes, another last byte: only the whole file's sha256 can tell. */
const TAMPERED = Buffer.from(WHEEL);
TAMPERED[TAMPERED.length - 1] ^= 0xff;

let tmp: string;
const servers: CappedServer[] = [];
async function mirror(data: Buffer | null, perConnection: number) {
  const server = await startCappedServer(data ? { [FILE]: { data } } : {}, { perConnection });
  servers.push(server);
  return server;
}

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-mirrors-'));
});
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('mirror choice by a short ranged probe of the exact file', () => {
  it('picks the fastest mirror that serves the file, with its measured speed; a 404 is refused', async () => {
    const official = await mirror(WHEEL, 1e6);
    const tuna = await mirror(WHEEL, 16e6);
    const ustc = await mirror(null, 16e6);
    const { chosen, measures } = await chooseMirror([
      { id: 'official', url: `${official.url}${FILE}` },
      { id: 'tuna', url: `${tuna.url}${FILE}` },
      { id: 'ustc', url: `${ustc.url}${FILE}` },
    ]);
    expect(chosen).toMatchObject({ id: 'tuna', ok: true, size: WHEEL.length, splits: true });
    expect(measures.map((m) => [m.id, m.ok ? 'ok' : m.refusal])).toEqual([['official', 'ok'], ['tuna', 'ok'], ['ustc', 'NOT_FOUND']]);
    const speed = (id: string) => measures.find((m) => m.id === id && m.ok) as { bytesPerSecond: number };
    // 256 KiB at a 1 MB/s cap is at most about 1 MB/s; the 16 MB/s mirror measures several times that.
    expect(speed('official').bytesPerSecond).toBeLessThan(1.3e6);
    expect(speed('tuna').bytesPerSecond).toBeGreaterThan(3 * speed('official').bytesPerSecond);
    // The probe is one ranged GET of the first 256 KiB; size from its Content-Range.
    expect(tuna.requests).toEqual([{ path: FILE, range: 'bytes=0-262143' }]);
  });

  it('refuses a faster mirror whose first bytes or size differ from what the others serve', async () => {
    const official = await mirror(WHEEL, 4e6);
    const tuna = await mirror(WHEEL, 4e6);
    const other = randomBytes(WHEEL.length);
    const aliyun = await mirror(other, 32e6);
    const shorter = await mirror(WHEEL.subarray(0, WHEEL.length - 10), 32e6);
    const { chosen, measures } = await chooseMirror([
      { id: 'official', url: `${official.url}${FILE}` },
      { id: 'tuna', url: `${tuna.url}${FILE}` },
      { id: 'aliyun', url: `${aliyun.url}${FILE}` },
      { id: 'own', url: `${shorter.url}${FILE}` },
    ]);
    expect(['official', 'tuna']).toContain(chosen?.id);
    expect(measures.find((m) => m.id === 'aliyun')).toMatchObject({ ok: false, refusal: 'CONTENT_MISMATCH' });
    expect(measures.find((m) => m.id === 'own')).toMatchObject({ ok: false, refusal: 'SIZE_MISMATCH' });
  });

  it('refuses a size other than the plan states', async () => {
    const official = await mirror(WHEEL, 16e6);
    const { chosen, measures } = await chooseMirror([{ id: 'official', url: `${official.url}${FILE}` }], { expectedSize: WHEEL.length + 1 });
    expect(chosen).toBeNull();
    expect(measures[0]).toMatchObject({ refusal: 'SIZE_MISMATCH' });
  });

  it('downloads from the fastest; when its whole file fails the sha256, refuses it and takes the next fastest', async () => {
    const official = await mirror(WHEEL, 2e6);
    const tampered = await mirror(TAMPERED, 32e6);
    const notes: string[] = [];
    const chosen: string[] = [];
    const { result, mirror: used, measures } = await downloadFromMirrors(
      [
        { id: 'official', url: `${official.url}${FILE}` },
        { id: 'tuna', url: `${tampered.url}${FILE}` },
      ],
      { sha256: SHA, cacheDir: path.join(tmp, 'fallback'), onRetry: (_n, reason) => notes.push(reason), onChoice: (first) => chosen.push(first.id) },
    );
    expect(chosen).toEqual(['tuna']);
    expect(used.id).toBe('official');
    expect(readFileSync(result.path).equals(WHEEL)).toBe(true);
    expect(measures.find((m) => m.id === 'tuna')).toMatchObject({ ok: false, refusal: 'CONTENT_MISMATCH' });
    expect(notes).toEqual([en('mirror.refusedChecksum', { mirror: 'tuna', file: path.basename(FILE) })]);
  });

  it('uses the mirror the user set without measuring any', async () => {
    const official = await mirror(WHEEL, 16e6);
    const tuna = await mirror(WHEEL, 16e6);
    const { mirror: used, measures } = await downloadFromMirrors(
      [
        { id: 'official', url: `${official.url}${FILE}` },
        { id: 'tuna', url: `${tuna.url}${FILE}` },
      ],
      { sha256: SHA, cacheDir: path.join(tmp, 'override'), override: 'official' },
    );
    expect(used.id).toBe('official');
    expect(measures).toEqual([]);
    expect(tuna.requests).toEqual([]);
  });

  it('says so in English and Chinese when no mirror serves the file', async () => {
    const gone = await mirror(null, 16e6);
    const failure = await downloadFromMirrors([{ id: 'tuna', url: `${gone.url}${FILE}` }], { sha256: SHA, cacheDir: path.join(tmp, 'none'), say: installText('zh-CN') }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'NETWORK', message: installText('zh-CN')('mirror.noneServes', { file: path.basename(FILE) }) });
    expect((failure as Error).message).toContain('没有任何镜像');
  });
});
