import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { acquireInstallLock, installLockPath } from './installLock.js';
import { installText } from '../system/installText.js';

const en = installText('en');
const zh = installText('zh-CN');
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
let tmp: string;

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-lock-owner-'));
  vi.stubEnv('DLSETUP_HOME', tmp);
});
afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(tmp, { recursive: true, force: true });
});

/** The install lock as a live holder (this very process: its boot id and start time) would write it, naming `owner`. */
function heldBy(owner: string): void {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const startTime = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  const bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  writeFileSync(installLockPath(), JSON.stringify({ pid: process.pid, owner, bootId, startTime, acquiredAt: '', token: 't' }));
}

function refusal(say = en): { code: string; message: string } {
  try {
    acquireInstallLock('install', '20250101-120000-bbbbbb', say).release();
  } catch (error) {
    return error as { code: string; message: string };
  }
  throw new Error('the lock was taken');
}

describe.runIf(process.platform === 'linux')('the install lock names its holder only after the schema check', () => {
  it('names the run when the owner is what DL Setup writes', () => {
    heldBy('install 20250101-120000-aaaaaa');
    expect(refusal()).toMatchObject({ code: 'BUSY', message: en('lock.busyInstall', { pid: process.pid, runId: '20250101-120000-aaaaaa' }) });
    rmSync(installLockPath());
  });

  it('never prints an owner with escapes, bidi overrides or other text: only the pid, in both languages', () => {
    const hostile = [
      'install 20250101-120000-aaaaaa\u001b[2J\u001b]0;owned\u0007',
      'rollback \u202e20250101-120000-aaaaaa',
      'install \u009b31m',
      'install 20250101-120000-aaaaaa and more words',
      'x'.repeat(200),
    ];
    for (const owner of hostile) {
      heldBy(owner);
      expect(refusal()).toEqual(expect.objectContaining({ code: 'BUSY', message: en('lock.busyOther', { pid: process.pid }) }));
      expect(refusal(zh).message).toBe(zh('lock.busyOther', { pid: process.pid }));
      expect(refusal().message).not.toMatch(CONTROL);
      rmSync(installLockPath());
    }
  });

  it('refuses an install lock that is a symlink with a sentence, creating nothing where it points', () => {
    const target = path.join(tmp, 'elsewhere');
    symlinkSync(target, installLockPath());
    expect(refusal()).toMatchObject({ code: 'INVALID_ARGUMENT', message: en('lock.notPlainFile', { file: installLockPath() }) });
    expect(refusal(zh).message).toBe(zh('lock.notPlainFile', { file: installLockPath() }));
    expect(() => readFileSync(target)).toThrow();
    rmSync(installLockPath());
  });
});
