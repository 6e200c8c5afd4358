import { spawn, type ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { packageRoot } from '../appPaths.js';
import { bundleScript } from '../../testkit/bundleScript.js';
import { acquireFileLock, FileLockBusyError, FileLockLinkError, readLockHolder, type LockHolder } from './fileLock.js';

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

/** This system's boot id and a live process's start time, as fileLock writes them (Linux). */
function bootIdNow(): string {
  return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
}
function startTimeOf(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]!;
}
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** The code acquireFileLock refused with: LOCK_LINK for a link or a non-file, LOCK_BUSY for a holder. */
function refusal(file: string): string | null {
  try {
    acquireFileLock(file, 'mine').release();
    return null;
  } catch (error) {
    expect(error instanceof FileLockLinkError || error instanceof FileLockBusyError).toBe(true);
    return (error as { code: string }).code;
  }
}

describe.runIf(process.platform === 'linux')('a lock file is data: unverifiable holders are taken over, links refused', () => {
  it('takes over a lock whose holder cannot be verified: pid 1, a live pid without a start time, a start time from another process', async () => {
    const other = await contender('live-other');
    const unverifiable: Partial<LockHolder>[] = [
      { pid: 1, owner: 'init', bootId: bootIdNow(), startTime: null },
      // pid 1 with its real start time is still an init, never a DL Setup run.
      { pid: 1, owner: 'init-with-start', bootId: bootIdNow(), startTime: startTimeOf(1) },
      { pid: other.child.pid!, owner: 'no-start-time', bootId: bootIdNow(), startTime: null },
      { pid: other.child.pid!, owner: 'no-boot-id', bootId: null, startTime: startTimeOf(other.child.pid!) },
    ];
    for (const holder of unverifiable) {
      writeFileSync(lockFile, JSON.stringify({ acquiredAt: '', token: 'x', ...holder }));
      const lock = acquireFileLock(lockFile, 'mine');
      expect(readLockHolder(lockFile)?.owner).toBe('mine');
      lock.release();
    }
    // The same live process with its real start time and boot id is a holder, and is obeyed.
    writeFileSync(lockFile, JSON.stringify({ pid: other.child.pid, owner: 'verified', bootId: bootIdNow(), startTime: startTimeOf(other.child.pid!), acquiredAt: '', token: 'x' }));
    expect(() => acquireFileLock(lockFile, 'mine')).toThrow(FileLockBusyError);
    rmSync(lockFile);
    await other.stop();
  });

  it('takes over a damaged lock whose modification time lies in the future, and never reads a huge one whole', () => {
    writeFileSync(lockFile, 'not a lock');
    const future = new Date(Date.UTC(2100, 0, 1));
    utimesSync(lockFile, future, future);
    acquireFileLock(lockFile, 'mine').release();
    writeFileSync(lockFile, Buffer.alloc(64 << 20, 0x7b));
    const longAgo = new Date(Date.now() - 60_000);
    utimesSync(lockFile, longAgo, longAgo);
    acquireFileLock(lockFile, 'mine').release();
    expect(existsSync(lockFile)).toBe(false);
  });

  it('refuses a dangling symlink at the lock path, with nothing created where it points', () => {
    const target = path.join(tmp, `target-${Math.random().toString(36).slice(2)}`);
    symlinkSync(target, lockFile);
    expect(refusal(lockFile)).toBe('LOCK_LINK');
    expect(existsSync(target)).toBe(false);
    expect(lstatSync(lockFile).isSymbolicLink()).toBe(true);
    rmSync(lockFile);
  });

  it('refuses a symlink to an existing file and leaves that file as it was', () => {
    const target = path.join(tmp, `precious-${Math.random().toString(36).slice(2)}`);
    writeFileSync(target, 'precious\n');
    const before = statSync(target);
    symlinkSync(target, lockFile);
    expect(refusal(lockFile)).toBe('LOCK_LINK');
    expect(readFileSync(target, 'utf8')).toBe('precious\n');
    expect(statSync(target).mtimeMs).toBe(before.mtimeMs);
    expect(readLockHolder(lockFile)).toBeNull();
    rmSync(lockFile);
    rmSync(target);
  });

  it('refuses a FIFO or a folder at the lock path without blocking, and a link at the takeover guard', () => {
    execFileSync('mkfifo', [lockFile]);
    expect(refusal(lockFile)).toBe('LOCK_LINK');
    rmSync(lockFile);
    mkdirSync(lockFile);
    expect(refusal(lockFile)).toBe('LOCK_LINK');
    rmSync(lockFile, { recursive: true });
    writeFileSync(lockFile, JSON.stringify({ pid: 1, owner: 'stale', bootId: null, startTime: null }));
    symlinkSync(path.join(tmp, 'guard-target'), `${lockFile}.takeover`);
    expect(refusal(lockFile)).toBe('LOCK_LINK');
    expect(existsSync(path.join(tmp, 'guard-target'))).toBe(false);
    rmSync(`${lockFile}.takeover`);
    rmSync(lockFile);
  });

  it('shows an owner with ESC, CSI, C1 and bidi characters only escaped', () => {
    const owner = 'install \u001b]0;pwned\u0007\u001b[2J\u009b31m\u202etxt.exe';
    writeFileSync(lockFile, JSON.stringify({ pid: process.pid, owner, bootId: bootIdNow(), startTime: startTimeOf(process.pid), acquiredAt: '', token: 'x' }));
    let busy: FileLockBusyError | null = null;
    try {
      acquireFileLock(lockFile, 'mine');
    } catch (error) {
      busy = error as FileLockBusyError;
    }
    expect(busy).toBeInstanceOf(FileLockBusyError);
    expect(busy!.holder!.owner).toBe('install \\u001b]0;pwned\\u0007\\u001b[2J\\u009b31m\\u202etxt.exe');
    expect(busy!.message).not.toMatch(CONTROL);
    expect(readLockHolder(lockFile)!.owner).not.toMatch(CONTROL);
    rmSync(lockFile);
  });

  it('of many processes taking over one lock naming pid 1 without a start time, exactly one wins', async () => {
    writeFileSync(lockFile, JSON.stringify({ pid: 1, owner: 'init', bootId: null, startTime: null, acquiredAt: '', token: 'x' }));
    const many = await Promise.all(Array.from({ length: 6 }, (_, index) => contender(`racer-${index}`)));
    for (const one of many) one.child.stdin!.write('go\n');
    const answers = await Promise.all(many.map((one) => one.next()));
    expect(answers.filter((answer) => answer === 'held')).toHaveLength(1);
    const winner = many[answers.indexOf('held')]!;
    for (const answer of answers.filter((a) => a !== 'held')) expect(holderOf(answer).pid).toBe(winner.child.pid);
    await Promise.all(many.map((one) => one.stop()));
    expect(existsSync(lockFile)).toBe(false);
    expect(readdirSync(tmp).filter((name) => name.includes(path.basename(lockFile)))).toEqual([]);
  });
});
