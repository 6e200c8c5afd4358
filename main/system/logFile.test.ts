import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LogFile } from './logFile.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-log-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const line = (index: number) => `entry ${String(index).padStart(4, '0')} ${'x'.repeat(60)}`;

describe('LogFile', () => {
  it('appends time-stamped entries naming their source, creating the folder private to the user', () => {
    const log = new LogFile({ dir: path.join(dir, 'logs') });
    log.write('cli 42', 'dlsetup detect');
    log.write('cli 42', 'exit 0 after 12 ms\n');
    const lines = readFileSync(log.file, 'utf8').split('\n');
    expect(lines[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z \[cli 42\] dlsetup detect$/);
    expect(lines[1]).toMatch(/\[cli 42\] exit 0 after 12 ms$/);
    expect(lines).toHaveLength(3);
    expect(log.file).toBe(path.join(dir, 'logs', 'dlsetup.log'));
    if (process.platform !== 'win32') {
      expect(statSync(path.join(dir, 'logs')).mode & 0o777).toBe(0o700);
      expect(statSync(log.file).mode & 0o777).toBe(0o600);
    }
  });

  it('rotates before a file would pass its size and keeps only the newest files', () => {
    const log = new LogFile({ dir, maxBytes: 1000, keep: 3 });
    for (let index = 0; index < 60; index += 1) log.write('app 1', line(index));
    expect(readdirSync(dir).sort()).toEqual(['dlsetup.1.log', 'dlsetup.2.log', 'dlsetup.log']);
    expect(log.files()).toEqual(['dlsetup.log', 'dlsetup.1.log', 'dlsetup.2.log'].map((name) => path.join(dir, name)));
    for (const file of log.files()) expect(statSync(file).size).toBeLessThanOrEqual(1000);
    // Newest last in the current file, and the generations follow each other without a gap.
    const entries = log.files().reverse().flatMap((file) => readFileSync(file, 'utf8').trimEnd().split('\n'));
    const numbers = entries.map((entry) => Number(/entry (\d+)/.exec(entry)![1]));
    expect(numbers.at(-1)).toBe(59);
    expect(numbers).toEqual(numbers.map((_, index) => numbers[0]! + index));
    expect(numbers[0]).toBeGreaterThan(0);
  });

  it('defaults: five files of at most 1 MB', () => {
    const log = new LogFile({ dir });
    const big = 'y'.repeat(16_000);
    for (let index = 0; index < 500; index += 1) log.write('serve 7', big);
    expect(log.files()).toHaveLength(5);
    for (const file of log.files()) expect(statSync(file).size).toBeLessThanOrEqual(1024 * 1024);
  });

  it('redacts secrets and cuts one huge entry short', () => {
    const log = new LogFile({ dir });
    log.write('serve 7', 'DL Setup is serving the wizard at:\n  http://127.0.0.1:8765/?token=s3cretT0ken\n');
    log.write('cli 8', 'z'.repeat(100_000));
    const text = readFileSync(log.file, 'utf8');
    expect(text).not.toContain('s3cretT0ken');
    expect(text).toContain('?token=[redacted]');
    expect(text).toContain('… (83616 more characters)');
  });

  it('keeps no terminal escape or bidi control from outside text: a log is read with cat and less (issue 27, item 8)', () => {
    const log = new LogFile({ dir });
    log.write('cli 9', 'GPU: NVIDIA \u001b]0;pwned\u0007GeForce \u009b2J RTX\u202e 4090\r\nnext line\tkept');
    const text = readFileSync(log.file, 'utf8');
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
    expect(text).toContain('GPU: NVIDIA \\u001b]0;pwned\\u0007GeForce \\u009b2J RTX\\u202e 4090\\u000d\nnext line\tkept');
  });

  it('never throws when its folder cannot be made: the program goes on without a log', () => {
    const first = new LogFile({ dir });
    first.write('cli 1', 'a file where the next log wants a folder');
    const log = new LogFile({ dir: path.join(first.file, 'logs') });
    expect(() => log.write('cli 1', 'lost')).not.toThrow();
    expect(log.files()).toEqual([]);
  });
});
