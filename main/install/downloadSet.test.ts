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
});
