import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareOutputFolder, prepareSubfolder, writeOutputFile } from './outputPath.js';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-output-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function outcome(work: Promise<unknown>) {
  try {
    await work;
    return { ok: true };
  } catch (error) {
    return { code: (error as { code?: string }).code, message: (error as Error).message };
  }
}

describe('prepareOutputFolder', () => {
  it('creates a missing folder, one level at a time, and accepts an existing one or a link to one', async () => {
    const deep = path.join(tmp, 'a', 'b', 'c');
    expect(await prepareOutputFolder(deep)).toBe(deep);
    expect(statSync(deep).isDirectory()).toBe(true);
    expect(await prepareOutputFolder(deep)).toBe(deep);
    symlinkSync(deep, path.join(tmp, 'link-to-c'));
    expect(await outcome(prepareOutputFolder(path.join(tmp, 'link-to-c')))).toEqual({ ok: true });
  });

  it('refuses /proc, /sys and /dev at once (Node\'s recursive mkdir loops forever on /proc/x), also through a link', async () => {
    for (const dir of ['/proc/x', '/proc/self/fd/x/y', '/sys/x', '/dev/x', '/dev']) {
      expect(await outcome(prepareOutputFolder(dir)), dir).toEqual({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(/^Cannot write to ".*": it is inside \/(proc|sys|dev), a system folder\. Choose a folder of your own\.$/) });
    }
    symlinkSync('/proc/self', path.join(tmp, 'to-proc'));
    expect(await outcome(prepareOutputFolder(path.join(tmp, 'to-proc', 'out')))).toMatchObject({ message: expect.stringContaining('inside /proc') });
    expect(existsSync('/dev/x')).toBe(false);
  });

  it('refuses a file, a FIFO or a path through a file, naming what is in the way', async () => {
    const file = path.join(tmp, 'notes.txt');
    writeFileSync(file, 'mine');
    expect(await outcome(prepareOutputFolder(file))).toEqual({ code: 'INVALID_ARGUMENT', message: `Cannot write into "${file}": it exists and is not a folder. Give a new folder or an existing one.` });
    expect(await outcome(prepareOutputFolder(path.join(file, 'out')))).toEqual({
      code: 'INVALID_ARGUMENT',
      message: `Cannot write into "${path.join(file, 'out')}": "${file}" exists and is not a folder. Give a new folder or an existing one.`,
    });
    const fifo = path.join(tmp, 'fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    expect(await outcome(prepareOutputFolder(fifo))).toMatchObject({ code: 'INVALID_ARGUMENT' });
    expect(readFileSync(file, 'utf8')).toBe('mine');
  });

  it('says it in Chinese', async () => {
    expect(await outcome(prepareOutputFolder('/proc/x', 'zh-CN'))).toEqual({ code: 'INVALID_ARGUMENT', message: '无法写入“/proc/x”：它位于系统文件夹 /proc 内。请选择你自己的文件夹。' });
  });
});

describe('prepareSubfolder', () => {
  it('never goes through a link or a file planted inside the output folder', async () => {
    const root = path.join(tmp, 'export');
    mkdirSync(root);
    symlinkSync('/proc/self', path.join(root, 'roles'));
    expect(await outcome(prepareSubfolder(root, path.join(root, 'roles', 'dlsetup'), root))).toEqual({
      code: 'INVALID_ARGUMENT',
      message: `Cannot write into "${root}": "${path.join(root, 'roles')}" is a symbolic link; DL Setup does not write through links inside the folder.`,
    });
    writeFileSync(path.join(root, 'files'), '');
    expect(await outcome(prepareSubfolder(root, path.join(root, 'files', 'x'), root))).toMatchObject({ message: expect.stringContaining('is not a folder') });
    await prepareSubfolder(root, path.join(root, 'a', 'b'), root);
    expect(statSync(path.join(root, 'a', 'b')).isDirectory()).toBe(true);
  });
});

describe('writeOutputFile', () => {
  it('refuses a FIFO (which would block until someone reads), a folder, and a path in /proc', async () => {
    const fifo = path.join(tmp, 'report.fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    expect(await outcome(writeOutputFile(fifo, 'x'))).toEqual({ code: 'INVALID_ARGUMENT', message: `Cannot write "${fifo}": it exists and is not a regular file.` });
    expect(await outcome(writeOutputFile(tmp, 'x'))).toMatchObject({ message: expect.stringContaining('not a regular file') });
    expect(await outcome(writeOutputFile('/proc/self/x.html', 'x'))).toMatchObject({ message: expect.stringContaining('system folder') });
  }, 5_000);

  it('writes a file with its mode; without followLinks a link in its place is refused', async () => {
    const script = path.join(tmp, 'install.sh');
    await writeOutputFile(script, '#!/bin/sh\n', { mode: 0o755, followLinks: false });
    expect(statSync(script).mode & 0o777).toBe(0o755);
    const victim = path.join(tmp, 'victim');
    writeFileSync(victim, 'keep');
    symlinkSync(victim, path.join(tmp, 'planted'));
    expect(await outcome(writeOutputFile(path.join(tmp, 'planted'), 'x', { followLinks: false }))).toMatchObject({ message: expect.stringContaining('symbolic link') });
    expect(readFileSync(victim, 'utf8')).toBe('keep');
    expect(await outcome(writeOutputFile(path.join(tmp, 'no-such-dir', 'r.html'), 'x'))).toEqual({ code: 'INVALID_ARGUMENT', message: `Cannot write "${path.join(tmp, 'no-such-dir', 'r.html')}": ENOENT.` });
  });
});
