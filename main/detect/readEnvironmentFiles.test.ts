import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interpreterOwnership } from './interpreterOwner.js';
import { parseCondaEnvList } from './parsers/parseCondaEnvList.js';
import { parseDistInfoDirName, parseDistMetadata } from './parsers/parseDistMetadata.js';
import { ENVIRONMENT_READ_LIMITS, listDirBounded, readFileLines, readFilePrefix, ReadBudget } from './readEnvironmentFiles.js';

/** Issue 27 items 3, 7 and 8 at the level of each reader: shapes, caps, non-regular files, owners. */

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-env-files-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const ESC = '\u001b';

describe('names and versions read from disk pass a shape before a verdict sees them', () => {
  const hostile = [`2.1.2+cu118${ESC}]0;pwned${ESC}\\`, `2.5.1${ESC}[2J`, '2.5.1\u202e', '2.5.1\u009b31m', '2.5.1 extra', 'x'.repeat(65), '1.'.repeat(40) + '1'];

  it.each(hostile)('a METADATA Version %j is unreadable (null), never a version', (version) => {
    expect(parseDistMetadata(`Metadata-Version: 2.1\nName: torch\nVersion: ${version}\n`)).toBeNull();
  });

  it('a Name with escapes is unreadable too; well-formed ones still read', () => {
    expect(parseDistMetadata(`Name: torch${ESC}[31m\nVersion: 2.5.1\n`)).toBeNull();
    expect(parseDistMetadata('Metadata-Version: 2.1\nName: torch\nVersion: 2.5.1+cu124\r\n')).toEqual({ name: 'torch', version: '2.5.1+cu124' });
    expect(parseDistInfoDirName(`torch-2.5.1${ESC}[0m.dist-info`)).toBeNull();
    expect(parseDistInfoDirName('torch-1.13.0a0+gitunknown.egg-info')).toEqual({ name: 'torch', version: '1.13.0a0+gitunknown' });
  });

  it('conda env list: only absolute prefixes without control or bidi characters, at most 256', () => {
    const envs = ['/ok/env', 'relative/env', `/bad/${ESC}]0;x`, '/bad/\u202eevil', '/bad/\u0085', ...Array.from({ length: 400 }, (_, n) => `/many/${n}`)];
    const parsed = parseCondaEnvList(JSON.stringify({ envs }));
    expect(parsed[0]).toBe('/ok/env');
    expect(parsed).toHaveLength(256);
    expect(parsed.some((prefix) => prefix.startsWith('/bad') || !prefix.startsWith('/'))).toBe(false);
  });
});

describe('bounded readers', () => {
  it('a FIFO is refused at once, never opened to wait for a writer', async () => {
    const fifo = path.join(tmp, 'METADATA.fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const budget = new ReadBudget();
    expect(await readFilePrefix(fifo, 1024, budget)).toEqual({ ok: false, reason: 'unreadable' });
    expect(await readFileLines(fifo, 1024, budget, () => undefined)).toEqual({ ok: false, reason: 'unreadable' });
  });

  it('a 1 GB sparse file: only the prefix is read; a link loop and a device are unreadable', async () => {
    const sparse = path.join(tmp, 'sparse');
    writeFileSync(sparse, 'Name: x\n');
    truncateSync(sparse, 1024 * 1024 * 1024);
    const read = await readFilePrefix(sparse, ENVIRONMENT_READ_LIMITS.metadataPrefixBytes, new ReadBudget());
    expect(read).toMatchObject({ ok: true, complete: false });
    expect(read.ok && read.text.length).toBe(ENVIRONMENT_READ_LIMITS.metadataPrefixBytes);
    symlinkSync('loop', path.join(tmp, 'loop'));
    expect(await readFilePrefix(path.join(tmp, 'loop'), 1024, new ReadBudget())).toEqual({ ok: false, reason: 'unreadable' });
    expect(await readFilePrefix('/dev/zero', 1024, new ReadBudget())).toEqual({ ok: false, reason: 'unreadable' });
  });

  it('lines: a file without newlines is never held whole; the byte cap and the run budget stop the read', async () => {
    const oneLine = path.join(tmp, 'one-line');
    writeFileSync(oneLine, 'x'.repeat(4 * 1024 * 1024));
    const seen: number[] = [];
    expect(await readFileLines(oneLine, 16 * 1024 * 1024, new ReadBudget(), (line) => seen.push(line.length))).toMatchObject({ ok: true, complete: true });
    expect(seen).toEqual([]);
    const lines = path.join(tmp, 'lines');
    writeFileSync(lines, 'a,b,c\n'.repeat(100_000));
    expect(await readFileLines(lines, 64 * 1024, new ReadBudget(), () => undefined)).toMatchObject({ ok: true, complete: false });
    const budget = new ReadBudget(100 * 1024);
    expect(await readFileLines(lines, 16 * 1024 * 1024, budget, () => undefined)).toEqual({ ok: false, reason: 'overBudget' });
    expect(budget.exhausted).toBe(true);
    expect(await readFilePrefix(lines, 10, budget)).toEqual({ ok: false, reason: 'overBudget' });
  });

  it('a listing stops at its cap and says so', async () => {
    const dir = path.join(tmp, 'many');
    mkdirSync(dir);
    for (let n = 0; n < 50; n++) writeFileSync(path.join(dir, `f${n}`), '');
    expect(await listDirBounded(dir, 20)).toMatchObject({ complete: false, names: expect.any(Array) });
    expect((await listDirBounded(dir, 20)).names).toHaveLength(20);
    expect((await listDirBounded(dir, 100)).complete).toBe(true);
  });
});

describe.runIf(process.getuid?.() === 0)('which interpreters may be started', () => {
  it("the caller's or root's, in a folder not every user can write; never another user's or a world-writable one", async () => {
    const mine = path.join(tmp, 'mine', 'bin');
    mkdirSync(mine, { recursive: true });
    writeFileSync(path.join(mine, 'python'), '#!/bin/sh\n', { mode: 0o755 });
    expect(await interpreterOwnership(path.join(mine, 'python'))).toEqual({ ours: true });
    const theirs = path.join(tmp, 'theirs', 'bin');
    mkdirSync(theirs, { recursive: true });
    writeFileSync(path.join(theirs, 'python'), '#!/bin/sh\n', { mode: 0o755 });
    chownSync(path.join(theirs, 'python'), 65534, 65534);
    expect(await interpreterOwnership(path.join(theirs, 'python'))).toEqual({ ours: false, uid: 65534 });
    // A link of mine to their file is theirs: the real file counts.
    symlinkSync(path.join(theirs, 'python'), path.join(mine, 'python3'));
    expect(await interpreterOwnership(path.join(mine, 'python3'))).toEqual({ ours: false, uid: 65534 });
    const open = path.join(tmp, 'open', 'bin');
    mkdirSync(open, { recursive: true });
    chmodSync(open, 0o777);
    writeFileSync(path.join(open, 'python'), '#!/bin/sh\n', { mode: 0o755 });
    expect(await interpreterOwnership(path.join(open, 'python'))).toEqual({ ours: false, uid: 0 });
  });
});
