import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadFile } from './download.js';
import { installText } from '../system/installText.js';

const FILE = randomBytes(1_000_000);
const SHA = createHash('sha256').update(FILE).digest('hex');

let server: http.Server;
let base: string;
let tmp: string;
const requests: string[] = [];

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-dllock-'));
  server = http.createServer((request, response) => {
    requests.push(`${request.url} ${request.headers.range ?? 'whole'}`);
    const start = Number(/bytes=(\d+)-/.exec(request.headers.range ?? '')?.[1] ?? 0);
    const body = FILE.subarray(start);
    response.writeHead(start ? 206 : 200, { 'Content-Length': body.length, ...(start ? { 'Content-Range': `bytes ${start}-${FILE.length - 1}/${FILE.length}` } : {}) });
    // Slowly, in pieces, so two writers would overlap in time.
    let offset = 0;
    const next = () => {
      if (offset >= body.length) return void response.end();
      response.write(body.subarray(offset, offset + 100_000));
      offset += 100_000;
      setTimeout(next, 20);
    };
    next();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(tmp, { recursive: true, force: true });
});

/** Another process that holds the download's lock as fileLock.ts writes it (its boot id and start time), and lives until killed. */
async function otherProcessHolding(lockFile: string): Promise<ChildProcess> {
  const script = `const fs = require('fs'); const stat = fs.readFileSync('/proc/self/stat', 'utf8'); const startTime = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]; const bootId = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim(); fs.writeFileSync(${JSON.stringify(lockFile)}, JSON.stringify({ pid: process.pid, owner: 'another install', bootId, startTime, acquiredAt: '' }) + '\\n', { flag: 'wx' }); console.log('held'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
  return child;
}

describe('one download per file at a time', () => {
  it('lets two downloads of one file share one fetch instead of writing one .part together', async () => {
    requests.length = 0;
    const cacheDir = path.join(tmp, 'twice');
    const waits: number[] = [];
    const [first, second] = await Promise.all([
      downloadFile({ url: `${base}/cuda.run`, sha256: SHA, cacheDir }),
      downloadFile({ url: `${base}/cuda.run`, sha256: SHA, cacheDir, onWait: (pid) => waits.push(pid ?? -1) }),
    ]);
    // One request: the ranged probe, which this server answers with the whole file.
    expect(requests).toEqual(['/cuda.run bytes=0-1048575']);
    expect(first).toMatchObject({ fromCache: false, bytesFetched: FILE.length });
    expect(second).toMatchObject({ fromCache: true, bytesFetched: 0, path: first.path });
    expect(waits).toEqual([process.pid]);
    expect(readFileSync(first.path).equals(FILE)).toBe(true);
    expect(existsSync(`${first.path}.part.lock`)).toBe(false);
  });

  it('answers BUSY, naming the other process, when another process keeps the file longer than it waits', async () => {
    requests.length = 0;
    const cacheDir = path.join(tmp, 'busy');
    mkdirSync(cacheDir, { recursive: true });
    const lockFile = path.join(cacheDir, `${SHA.slice(0, 16)}-cuda.run.part.lock`);
    const other = await otherProcessHolding(lockFile);
    try {
      await expect(downloadFile({ url: `${base}/cuda.run`, sha256: SHA, cacheDir, lockWaitMs: 300 })).rejects.toMatchObject({
        code: 'BUSY',
        message: expect.stringContaining(String(other.pid)),
      });
      expect(requests).toEqual([]);
    } finally {
      other.kill('SIGKILL');
      await new Promise((resolve) => other.once('exit', resolve));
    }
    // The holder died without cleaning up: its lock is taken over, not obeyed forever.
    const result = await downloadFile({ url: `${base}/cuda.run`, sha256: SHA, cacheDir, lockWaitMs: 300 });
    expect(readFileSync(result.path).equals(FILE)).toBe(true);
    expect(existsSync(lockFile)).toBe(false);
  });

  it('stops waiting for the other process when cancelled', async () => {
    const cacheDir = path.join(tmp, 'cancel');
    mkdirSync(cacheDir, { recursive: true });
    const other = await otherProcessHolding(path.join(cacheDir, `${SHA.slice(0, 16)}-cuda.run.part.lock`));
    try {
      const controller = new AbortController();
      const pending = downloadFile({ url: `${base}/cuda.run`, sha256: SHA, cacheDir, signal: controller.signal });
      setTimeout(() => controller.abort(), 200);
      await expect(pending).rejects.toMatchObject({ code: 'CANCELLED' });
    } finally {
      other.kill('SIGKILL');
      await new Promise((resolve) => other.once('exit', resolve));
    }
  });

  it('refuses a lock path that is a symlink, with a sentence, fetching nothing and creating nothing where it points', async () => {
    requests.length = 0;
    const cacheDir = path.join(tmp, 'linked');
    mkdirSync(cacheDir, { recursive: true });
    const lockFile = path.join(cacheDir, `${SHA.slice(0, 16)}-cuda.run.part.lock`);
    const target = path.join(tmp, 'lock-target');
    symlinkSync(target, lockFile);
    const en = installText('en');
    await expect(downloadFile({ url: `${base}/cuda.run`, sha256: SHA, cacheDir, lockWaitMs: 300 })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: en('download.lockNotPlainFile', { file: lockFile }),
    });
    expect(requests).toEqual([]);
    expect(existsSync(target)).toBe(false);
  });
});
