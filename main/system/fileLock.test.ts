import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { packageRoot } from '../appPaths.js';
import { bundleScript } from '../../testkit/bundleScript.js';
import { acquireFileLock, FileLockBusyError, readLockHolder, type LockHolder } from './fileLock.js';

/** A process that takes the lock when told "go" on stdin, says what happened, and releases when stdin closes. */
const CONTENDER = `import { acquireFileLock, FileLockBusyError } from './fileLock.ts';
import readline from 'node:readline';
const [file, owner] = process.argv.slice(2);
let lock = null;
const input = readline.createInterface({ input: process.stdin });
input.on('line', (line) => {
  if (line !== 'go') return;
  try {
    lock = acquireFileLock(file, owner);
    process.stdout.write('held\\n');
  } catch (error) {
    if (!(error instanceof FileLockBusyError)) throw error;
    process.stdout.write('busy ' + JSON.stringify(error.holder) + '\\n');
  }
});
input.on('close', () => { lock?.release(); process.exit(0); });
process.stdout.write('ready\\n');
`;

let tmp: string;
let lockFile: string;
let script: { file: string; remove: () => void };

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-lock-'));
  script = await bundleScript('lock-contender', CONTENDER, path.join(packageRoot, 'main', 'system'));
});
afterAll(() => {
  script.remove();
  rmSync(tmp, { recursive: true, force: true });
});
beforeEach(() => {
  lockFile = path.join(tmp, `install-${Math.random().toString(36).slice(2)}.lock`);
});

interface Contender {
  child: ChildProcess;
  next(): Promise<string>;
  go(): Promise<string>;
  stop(): Promise<void>;
}

async function contender(owner: string): Promise<Contender> {
  const child = spawn(process.execPath, [script.file, lockFile, owner], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines: string[] = [];
  const waiters: ((line: string) => void)[] = [];
  readline.createInterface({ input: child.stdout! }).on('line', (line) => {
    const waiter = waiters.shift();
    if (waiter) waiter(line);
    else lines.push(line);
  });
  const next = () => (lines.length ? Promise.resolve(lines.shift()!) : new Promise<string>((resolve) => waiters.push(resolve)));
  expect(await next()).toBe('ready');
  const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
  return {
    child,
    next,
    go: () => {
      child.stdin!.write('go\n');
      return next();
    },
    stop: () => {
      child.stdin!.end();
      return closed;
    },
  };
}

const holderOf = (line: string) => JSON.parse(line.slice('busy '.length)) as LockHolder;

describe('acquireFileLock across processes', () => {
  it('lets one process hold the lock; the second is told who holds it, and gets it once released', async () => {
    const first = await contender('20250101-120000-aaaaaa');
    const second = await contender('20250101-120001-bbbbbb');
    expect(await first.go()).toBe('held');
    const busy = await second.go();
    expect(busy).toMatch(/^busy /);
    expect(holderOf(busy)).toMatchObject({ pid: first.child.pid, owner: '20250101-120000-aaaaaa' });
    await first.stop();
    expect(existsSync(lockFile)).toBe(false);
    expect(await second.go()).toBe('held');
    expect(readLockHolder(lockFile)).toMatchObject({ pid: second.child.pid, owner: '20250101-120001-bbbbbb' });
    await second.stop();
    expect(readdirSync(tmp).filter((name) => name.includes(path.basename(lockFile)))).toEqual([]);
  });

  it('takes over a lock whose holder was killed', async () => {
    const dead = await contender('killed-run');
    expect(await dead.go()).toBe('held');
    const closed = new Promise((resolve) => dead.child.on('close', resolve));
    dead.child.kill('SIGKILL');
    await closed;
    expect(readLockHolder(lockFile)?.owner).toBe('killed-run');
    const next = await contender('next-run');
    expect(await next.go()).toBe('held');
    expect(readLockHolder(lockFile)?.owner).toBe('next-run');
    await next.stop();
  });

  it('takes over a lock from a previous boot, or one whose pid now belongs to another process', () => {
    const live = process.pid;
    const stale: LockHolder[] = [
      { pid: live, owner: 'before-reboot', bootId: 'an-earlier-boot', startTime: null, acquiredAt: '2025-01-01T00:00:00Z', token: 'old' },
      ...(process.platform === 'linux' ? [{ pid: live, owner: 'pid-reused', bootId: null, startTime: '1', acquiredAt: '2025-01-01T00:00:00Z', token: 'old' }] : []),
    ];
    for (const holder of stale) {
      writeFileSync(lockFile, JSON.stringify(holder));
      const lock = acquireFileLock(lockFile, 'mine');
      expect(readLockHolder(lockFile)?.owner).toBe('mine');
      lock.release();
      expect(existsSync(lockFile)).toBe(false);
    }
  });

  it('waits out a lock file that names no holder while it may be being written, then takes it over', () => {
    writeFileSync(lockFile, '');
    expect(() => acquireFileLock(lockFile, 'mine')).toThrow(FileLockBusyError);
    const longAgo = new Date(Date.now() - 60_000);
    utimesSync(lockFile, longAgo, longAgo);
    acquireFileLock(lockFile, 'mine').release();
    expect(existsSync(lockFile)).toBe(false);
  });

  it('is not re-entrant: the same process asking twice is busy, naming itself', () => {
    const lock = acquireFileLock(lockFile, 'one');
    try {
      expect(() => acquireFileLock(lockFile, 'two')).toThrow(FileLockBusyError);
      try {
        acquireFileLock(lockFile, 'two');
      } catch (error) {
        expect((error as FileLockBusyError).holder).toMatchObject({ pid: process.pid, owner: 'one' });
      }
    } finally {
      lock.release();
    }
  });

  it('release never removes a lock that is no longer its own', () => {
    const lock = acquireFileLock(lockFile, 'old');
    rmSync(lockFile);
    const other = acquireFileLock(lockFile, 'new');
    lock.release();
    expect(readLockHolder(lockFile)?.owner).toBe('new');
    other.release();
  });

  it('of many processes taking over one stale lock at once, exactly one wins', async () => {
    writeFileSync(lockFile, JSON.stringify({ pid: process.pid, owner: 'stale', bootId: 'an-earlier-boot', startTime: null, acquiredAt: '' }));
    const many = await Promise.all(Array.from({ length: 6 }, (_, index) => contender(`racer-${index}`)));
    // Every contender is started and waiting; "go" reaches them all before any answer is read.
    for (const one of many) one.child.stdin!.write('go\n');
    const answers = await Promise.all(many.map((one) => one.next()));
    expect(answers.filter((answer) => answer === 'held')).toHaveLength(1);
    const winner = many[answers.indexOf('held')]!;
    for (const answer of answers.filter((a) => a !== 'held')) expect(holderOf(answer).pid).toBe(winner.child.pid);
    expect(JSON.parse(readFileSync(lockFile, 'utf8')).pid).toBe(winner.child.pid);
    await Promise.all(many.map((one) => one.stop()));
    expect(existsSync(lockFile)).toBe(false);
  });
});
