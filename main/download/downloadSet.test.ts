import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCappedServer, type CappedServer } from '../../testkit/network/cappedRangeServer.js';
import { downloadSet, type SetProgress } from './downloadSet.js';

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const WHEELS = [randomBytes(900_000), randomBytes(1_500_000), randomBytes(300_000)];

let tmp: string;
let server: CappedServer;
beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-set-'));
  server = await startCappedServer(Object.fromEntries(WHEELS.map((data, i) => [`/w${i}.whl`, { data }])), { perConnection: 4e6 });
});
afterAll(async () => {
  await server.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe('downloadSet: a framework\'s wheels, a few at a time', () => {
  it('fetches every file in parallel and reports each file and the total, ending at the set\'s size', async () => {
    const updates: SetProgress[] = [];
    const files = WHEELS.map((data, i) => ({ url: `${server.url}/w${i}.whl`, sha256: sha(data), size: data.length }));
    const results = await downloadSet(files, { cacheDir: path.join(tmp, 'ok'), onProgress: (p) => updates.push(structuredClone(p)) });
    results.forEach((result, i) => expect(readFileSync(result.path).equals(WHEELS[i]!)).toBe(true));
    const total = WHEELS.reduce((sum, data) => sum + data.length, 0);
    expect(updates.at(-1)!.total).toMatchObject({ done: total, total });
    // At some moment more than one file was under way.
    expect(updates.some((p) => p.files.filter((file) => file && file.done < (file.total ?? Infinity)).length > 1)).toBe(true);
    expect(updates.some((p) => p.total.perSecond !== null && p.total.etaSeconds !== null)).toBe(true);
  });

  it('stops the others at the first failure and tells that one', async () => {
    const files = [
      { url: `${server.url}/w0.whl`, sha256: sha(WHEELS[0]!) },
      { url: `${server.url}/missing.whl`, sha256: sha(WHEELS[1]!) },
    ];
    await expect(downloadSet(files, { cacheDir: path.join(tmp, 'fail'), retries: 0 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('passes a file to the next mirror when the first serves another file (sha256) or lacks it, saying so', async () => {
    // Three copies of each "mirror", fastest first: one serves a different file under the name, one lacks it, the last has it.
    const other = await startCappedServer({ '/m/w0.whl': { data: randomBytes(WHEELS[0]!.length) } });
    try {
      const lines: string[] = [];
      const mirrors = [
        { id: 'tuna', url: `${other.url}/m/w0.whl`, bytesPerSecond: 9e6 },
        { id: 'aliyun', url: `${other.url}/m/missing.whl`, bytesPerSecond: 8e6 },
        { id: 'official', url: `${server.url}/w0.whl`, bytesPerSecond: 1e6 },
      ];
      const updates: SetProgress[] = [];
      const [result] = await downloadSet([{ url: mirrors[2]!.url, sha256: sha(WHEELS[0]!), fileName: 'w0.whl', mirrors }], {
        cacheDir: path.join(tmp, 'mirrors'),
        retries: 0,
        onRetry: (_attempt, reason) => lines.push(reason),
        onProgress: (p) => updates.push(structuredClone(p)),
      });
      expect(readFileSync(result!.path).equals(WHEELS[0]!)).toBe(true);
      expect(lines).toEqual([
        'tuna serves another file under the name w0.whl (its sha256 differs), so DL Setup took it from the next fastest mirror.',
        'aliyun does not have w0.whl, so DL Setup took it from the next fastest mirror.',
      ]);
      // The progress names the mirror that served the bytes last.
      expect(updates.filter((p) => p.files[0]?.mirror).at(-1)!.files[0]!.mirror!.id).toBe('official');
    } finally {
      await other.close();
    }
  });

  it('fails with the last mirror\'s answer when no mirror has the right file', async () => {
    const other = await startCappedServer({ '/m/w0.whl': { data: randomBytes(WHEELS[0]!.length) } });
    try {
      const mirrors = [
        { id: 'aliyun', url: `${other.url}/m/missing.whl`, bytesPerSecond: 8e6 },
        { id: 'tuna', url: `${other.url}/m/w0.whl`, bytesPerSecond: 1e6 },
      ];
      await expect(
        downloadSet([{ url: mirrors[1]!.url, sha256: sha(WHEELS[0]!), fileName: 'w0.whl', mirrors }], { cacheDir: path.join(tmp, 'nomirror'), retries: 0 }),
      ).rejects.toMatchObject({ code: 'CHECKSUM_MISMATCH' });
    } finally {
      await other.close();
    }
  });
});
