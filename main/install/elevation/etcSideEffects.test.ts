import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStepContext } from '../stepContext.js';
import { restoreEtc, watchEtc, type EtcChange } from './etcSideEffects.js';
import { helperText } from './helperText.js';

// The /etc side effects of an elevated step (issue 19, item 3) on a simulated host: what a maintainer script made is
// put back only while it is as the script left it; the helper's journal is still checked (clean /etc paths, hashes).
const RUN = '20261203-120000-e7c0aa';
let root: string;

const ctx = () =>
  createStepContext({
    runId: RUN,
    stepId: 'drv',
    signal: new AbortController().signal,
    elevated: true,
    plan: null,
    backupDir: path.join(root, 'backups'),
    locale: 'en',
    sinks: { log: () => undefined, progress: () => undefined, record: () => undefined, command: () => undefined },
  });
const etc = (name: string) => path.join(root, 'etc', name);

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-etc-'));
  mkdirSync(path.join(root, 'etc'));
  writeFileSync(etc('group'), 'root:x:0:\n');
  vi.stubEnv('DLSETUP_SYSROOT', root);
});
afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(root, { recursive: true, force: true });
});

describe('/etc side effects of an elevated step', () => {
  it('records what the scripts made or changed, less the step\'s own files, and puts it back', async () => {
    const watch = watchEtc(RUN);
    writeFileSync(etc('group'), 'root:x:0:\nmessagebus:x:101:\n');
    writeFileSync(etc('machine-id'), 'f00d\n');
    symlinkSync('../proc/self/mounts', etc('mtab'));
    mkdirSync(etc('nvidia'));
    writeFileSync(etc('nvidia/nvidia.conf'), 'x\n');
    writeFileSync(etc('dlsetup-own.conf'), 'own\n');
    const changes = watch.changes(new Set(['/etc/dlsetup-own.conf']));
    expect(changes.map((change) => change.path)).toEqual(['/etc/group', '/etc/machine-id', '/etc/mtab', '/etc/nvidia', '/etc/nvidia/nvidia.conf']);

    expect(await restoreEtc(RUN, [changes], ctx(), helperText())).toEqual([]);
    expect(readFileSync(etc('group'), 'utf8')).toBe('root:x:0:\n');
    expect(['machine-id', 'mtab', 'nvidia'].filter((name) => existsSync(etc(name)))).toEqual([]);
    expect(readFileSync(etc('dlsetup-own.conf'), 'utf8')).toBe('own\n');
  });

  it('ignores journal lines outside /etc or with a copy name that is not a hash, and keeps a file behind a link', async () => {
    writeFileSync(path.join(root, 'victim'), 'keep\n');
    const forged: EtcChange[] = [
      { path: '/etc/../victim', before: null, after: { kind: 'file', mode: 0o644, uid: 0, gid: 0, sha256: 'x' } },
      { path: '/victim', before: null, after: { kind: 'file', mode: 0o644, uid: 0, gid: 0, sha256: 'x' } },
      { path: '/etc/group', before: { kind: 'file', mode: 0o644, uid: 0, gid: 0, sha256: 'y' }, after: null, copy: '../../victim' },
    ];
    expect(await restoreEtc(RUN, [forged], ctx(), helperText())).toEqual([]);
    expect(readFileSync(path.join(root, 'victim'), 'utf8')).toBe('keep\n');
    expect(readFileSync(etc('group'), 'utf8')).toBe('root:x:0:\n');

    const watch = watchEtc(RUN);
    mkdirSync(etc('made'));
    writeFileSync(etc('made/file'), 'x\n');
    const changes = watch.changes(new Set());
    // The folder is swapped for a link after the install: nothing is removed through it.
    rmSync(etc('made'), { recursive: true });
    mkdirSync(path.join(root, 'elsewhere'));
    writeFileSync(path.join(root, 'elsewhere/file'), 'x\n');
    symlinkSync(path.join(root, 'elsewhere'), etc('made'));
    const notes = await restoreEtc(RUN, [changes], ctx(), helperText());
    expect(notes).toEqual(expect.arrayContaining([expect.stringContaining('Kept /etc/made/file as it is now')]));
    expect(existsSync(path.join(root, 'elsewhere/file'))).toBe(true);
  });
});
