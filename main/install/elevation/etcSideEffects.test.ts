import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync, ftruncateSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStepContext } from '../stepContext.js';
import { restoreEtc, watchEtc, type EtcChange, type EtcRestoreScope } from './etcSideEffects.js';
import { appendHelperEntry, readHelperJournal } from './helperJournal.js';
import { helperText } from './helperText.js';
import { undoStepFromJournal } from './helperUndo.js';

// What changed under /etc while an elevated step ran (issue 19, item 3; issue 27, item 4) on a simulated host: rollback
// puts back only what the step's packages' scripts are known to make, only while it is as they left it; an
// administrator's edits made at the same time are named and left alone, whatever the size of /etc.
const RUN = '20261203-120000-e7c0aa';
const say = helperText();
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
const read = (name: string) => readFileSync(etc(name), 'utf8');

/** One elevated step's window: `during` is what happened under /etc meanwhile; then the rollback of `scope`. */
async function stepThenRollback(during: () => void, scope: EtcRestoreScope, own: string[] = []): Promise<{ changes: EtcChange[]; notes: string[] }> {
  const watch = watchEtc(RUN, 'drv', say);
  during();
  const record = watch.finish(new Set(own));
  return { changes: record.changes, notes: await restoreEtc(RUN, [record], ctx(), say, scope) };
}

/** An administrator at work while the step ran: takes alice out of sudo, drops a sudoers file. */
function adminEdits(): void {
  writeFileSync(etc('group'), read('group').replace('sudo:x:27:alice', 'sudo:x:27:'));
  writeFileSync(etc('sudoers.d/x'), 'mallory ALL=(ALL) NOPASSWD: ALL\n', { mode: 0o440 });
}
/** What adduser does for a package's system user. */
function packageAddsAccount(): void {
  appendFileSync(etc('passwd'), 'svc:x:998:998::/nonexistent:/usr/sbin/nologin\n');
  appendFileSync(etc('group'), 'svc:x:998:\n');
}

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-etc-'));
  mkdirSync(path.join(root, 'etc', 'sudoers.d'), { recursive: true });
  writeFileSync(etc('group'), 'root:x:0:\nsudo:x:27:alice\n');
  writeFileSync(etc('passwd'), 'root:x:0:0:root:/root:/bin/bash\nalice:x:1000:1000::/home/alice:/bin/bash\n');
  vi.stubEnv('DLSETUP_SYSROOT', root);
});
afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(root, { recursive: true, force: true });
});

describe('/etc side effects of an elevated step', () => {
  it('puts back what the packages\' scripts are known to make, names the rest and leaves it, never the step\'s own files', async () => {
    const { changes, notes } = await stepThenRollback(() => {
      writeFileSync(etc('group'), `${read('group')}messagebus:x:101:\n`);
      writeFileSync(etc('machine-id'), 'f00d\n');
      symlinkSync('../proc/self/mounts', etc('mtab'));
      mkdirSync(etc('nvidia'));
      writeFileSync(etc('nvidia/nvidia.conf'), 'x\n');
      writeFileSync(etc('dlsetup-own.conf'), 'own\n');
    }, 'restore', ['/etc/dlsetup-own.conf']);
    expect(changes.map((change) => change.path)).toEqual(['/etc/group', '/etc/machine-id', '/etc/mtab', '/etc/nvidia', '/etc/nvidia/nvidia.conf']);
    expect(notes).toEqual([expect.stringMatching(/^Left as they are now: \/etc\/nvidia, \/etc\/nvidia\/nvidia\.conf\. .*does not touch them\.$/)]);
    expect(read('group')).toBe('root:x:0:\nsudo:x:27:alice\n');
    expect(['machine-id', 'mtab'].filter((name) => existsSync(etc(name)))).toEqual([]);
    expect(read('nvidia/nvidia.conf')).toBe('x\n');
    expect(read('dlsetup-own.conf')).toBe('own\n');
  });

  it('during a package step: removes only the account lines the step added, keeps the admin\'s edits of the same files and the sudoers file, and names them', async () => {
    const { notes } = await stepThenRollback(() => {
      adminEdits();
      packageAddsAccount();
    }, 'restore');
    // After the step, before the rollback: another account is added by hand.
    appendFileSync(etc('passwd'), 'bob:x:1001:1001::/home/bob:/bin/bash\n');
    expect(read('group')).toBe('root:x:0:\nsudo:x:27:\n');
    expect(read('passwd')).toBe('root:x:0:0:root:/root:/bin/bash\nalice:x:1000:1000::/home/alice:/bin/bash\nbob:x:1001:1001::/home/bob:/bin/bash\n');
    expect(read('sudoers.d/x')).toContain('mallory');
    expect(notes).toEqual([
      'Kept these entries of /etc/group as they are now: sudo. They were changed or removed while the step ran, or changed after it, and rollback only removes the accounts the step added.',
      expect.stringMatching(/^Left as they are now: \/etc\/sudoers\.d\/x\. /),
    ]);
  });

  it('during a step that installed no package: changes nothing under /etc, and names every entry that changed', async () => {
    const before = read('passwd');
    const { notes } = await stepThenRollback(() => {
      adminEdits();
      packageAddsAccount();
      writeFileSync(etc('machine-id'), 'f00d\n');
    }, 'noPackages');
    expect(read('group')).toBe('root:x:0:\nsudo:x:27:\nsvc:x:998:\n');
    expect(read('passwd')).toBe(`${before}svc:x:998:998::/nonexistent:/usr/sbin/nologin\n`);
    expect(existsSync(etc('machine-id'))).toBe(true);
    expect(existsSync(etc('sudoers.d/x'))).toBe(true);
    expect(notes).toEqual([
      'Left as they are now: /etc/group, /etc/machine-id, /etc/passwd, /etc/sudoers.d/x. They changed under /etc while the step ran, but the step installed no package, so the change was not its own and rollback does not touch it.',
    ]);
  });

  it('keeps an account line the step added once it was edited, and an entry made after the step', async () => {
    const watch = watchEtc(RUN, 'drv', say);
    packageAddsAccount();
    const record = watch.finish(new Set());
    writeFileSync(etc('group'), read('group').replace(/svc:x:998:\n$/, 'svc:x:998:alice\n'));
    const notes = await restoreEtc(RUN, [record], ctx(), say, 'restore');
    expect(read('group')).toContain('svc:x:998:alice');
    expect(read('passwd')).toBe('root:x:0:0:root:/root:/bin/bash\nalice:x:1000:1000::/home/alice:/bin/bash\n');
    expect(notes).toEqual([expect.stringContaining('Kept these entries of /etc/group as they are now: svc.')]);
  });

  it('ignores journal lines outside /etc, copy names that are not hashes, malformed account records and forged removals', async () => {
    writeFileSync(path.join(root, 'victim'), 'keep\n');
    writeFileSync(etc('sudoers.d/admin'), 'admin ALL=(ALL) ALL\n');
    const file = { kind: 'file' as const, mode: 0o644, uid: 0, gid: 0, sha256: 'x' };
    const forged: EtcChange[] = [
      { path: '/etc/../victim', before: null, after: file },
      { path: '/victim', before: null, after: file },
      { path: '/etc/group', before: { ...file, sha256: 'y' }, after: null, copy: '../../victim' },
      { path: '/etc/passwd', before: file, after: file, accounts: { added: [{ name: 'root', sha256: 'z'.repeat(64) }], others: [] } },
      { path: '/etc/passwd', before: file, after: file, accounts: { added: [{ name: '\u001b[2J', sha256: 'a'.repeat(64) }], others: [] } },
    ];
    // A record claiming the sudoers file was made by the step, as it is now: still not the scripts' to remove.
    const sudoers = (await stepThenRollback(() => undefined, 'restore')).changes;
    expect(sudoers).toEqual([]);
    const claim = { path: '/etc/sudoers.d/admin', before: null, after: { ...file, sha256: '6b5c3bd1b5e1d7a2f2c8fd0b27ce0a1d3fd4a4d5a2d7c0f0e2c6c1bb0d1c2a33' } };
    await restoreEtc(RUN, [{ changes: [...forged, claim] }], ctx(), say, 'restore');
    expect(readFileSync(path.join(root, 'victim'), 'utf8')).toBe('keep\n');
    expect(read('group')).toBe('root:x:0:\nsudo:x:27:alice\n');
    expect(read('passwd')).toContain('root:x:0:0');
    expect(read('sudoers.d/admin')).toBe('admin ALL=(ALL) ALL\n');
  });

  it('walks more than 50,000 entries whole: nothing that was there before the step is removed', { timeout: 60_000 }, async () => {
    mkdirSync(etc('bulk'));
    for (let i = 0; i < 50_100; i++) writeFileSync(etc(`bulk/f${String(i).padStart(5, '0')}`), '');
    writeFileSync(etc('aaa-first'), 'x\n');
    const { changes, notes } = await stepThenRollback(() => {
      // An entry early in the walk goes: a walk cut at a count would now see one more at the end, as if made.
      unlinkSync(etc('aaa-first'));
      writeFileSync(etc('machine-id'), 'f00d\n');
    }, 'restore');
    expect(changes.map((change) => change.path)).toEqual(['/etc/aaa-first', '/etc/machine-id']);
    expect(readdirSync(etc('bulk')).length).toBe(50_100);
    expect(existsSync(etc('machine-id'))).toBe(false);
    expect(existsSync(etc('aaa-first'))).toBe(false);
    expect(notes).toEqual([expect.stringMatching(/^Left as they are now: \/etc\/aaa-first\. /)]);
  });

  it('compares a file over 2 GiB by identity (the step does not fail), and rollback names it instead of removing it', async () => {
    const sparse = (name: string) => {
      const fd = openSync(etc(name), 'w');
      ftruncateSync(fd, 2 ** 31 + 4096);
      closeSync(fd);
    };
    sparse('big-before.img');
    const { changes, notes } = await stepThenRollback(() => sparse('big-during.img'), 'restore');
    expect(changes).toEqual([expect.objectContaining({ path: '/etc/big-during.img', before: null, after: expect.objectContaining({ kind: 'file', identity: expect.stringMatching(/^2147487744:/) }) })]);
    expect(existsSync(etc('big-during.img'))).toBe(true);
    expect(notes).toEqual([expect.stringMatching(/^Left as they are now: \/etc\/big-during\.img\. /)]);
  });

  it('an /etc past the walk\'s bound is not compared at all: nothing is put back, and rollback says why', async () => {
    const watch = watchEtc(RUN, 'drv', say, 3);
    writeFileSync(etc('machine-id'), 'f00d\n');
    const record = watch.finish(new Set());
    expect(record).toEqual({ changes: [], incomplete: true });
    expect(readHelperJournal(RUN, say).filter((entry) => entry.t === 'etc')).toEqual([expect.objectContaining({ incomplete: true, changes: [] })]);
    const notes = await restoreEtc(RUN, [record], ctx(), say, 'restore');
    expect(existsSync(etc('machine-id'))).toBe(true);
    expect(notes).toEqual([expect.stringContaining('Nothing under /etc was put back for this step: /etc could not be compared whole')]);
  });
});

describe('sequences: two walks, two undos', () => {
  let holder: ChildProcess | null = null;
  afterEach(() => {
    holder?.kill();
    holder = null;
  });

  it('never lets two step windows overlap: a second walk is BUSY until the first one ends', () => {
    let attempts = 0;
    let overlaps = 0;
    fc.assert(
      fc.property(fc.array(fc.constantFrom('start', 'finish', 'edit'), { minLength: 4, maxLength: 12 }), (ops) => {
        let open: ReturnType<typeof watchEtc> | null = null;
        for (const op of ops) {
          if (op === 'edit') writeFileSync(etc('machine-id'), `${attempts}\n`);
          if (op === 'finish' && open) {
            open.finish(new Set());
            open = null;
          }
          if (op !== 'start') continue;
          attempts++;
          try {
            const watch = watchEtc(RUN, 'drv', say);
            if (open) overlaps++;
            open = watch;
          } catch (error) {
            expect((error as { code?: string }).code).toBe('BUSY');
            expect(open).not.toBeNull();
          }
        }
        open?.finish(new Set());
      }),
      { numRuns: 100 },
    );
    expect(attempts).toBeGreaterThan(40);
    expect(overlaps).toBe(0);
  });

  it('two undo requests of the same step at once: each change is undone once, the account lines go once, the admin\'s stay', async () => {
    const watch = watchEtc(RUN, 'vars', say);
    adminEdits();
    packageAddsAccount();
    watch.finish(new Set());
    const profile = '/etc/profile.d/dlsetup-cuda.sh';
    mkdirSync(etc('profile.d'));
    writeFileSync(etc('profile.d/dlsetup-cuda.sh'), 'export CUDA_HOME=/usr/local/cuda\n');
    appendHelperEntry(RUN, { t: 'change', time: '2026-12-03T12:00:00Z', stepId: 'vars', kind: 'env-vars', change: { type: 'file-created', path: profile } });
    const results = await Promise.all([0, 1, 2].map(() => undoStepFromJournal(RUN, 'vars', ctx(), say)));
    const undone = readHelperJournal(RUN, say).filter((entry) => entry.t === 'undone');
    expect(undone).toHaveLength(1);
    expect(existsSync(etc('profile.d/dlsetup-cuda.sh'))).toBe(false);
    expect(read('group')).toBe('root:x:0:\nsudo:x:27:\nsvc:x:998:\n');
    expect(read('sudoers.d/x')).toContain('mallory');
    // The first names what it left; the others find the step undone and say nothing more.
    expect(results.map((result) => result.notes.length)).toEqual([1, 0, 0]);
  });

  it('an undo while another helper process holds the lock is BUSY and changes nothing', async () => {
    holder = spawn('sleep', ['30'], { stdio: 'ignore' });
    const pid = holder.pid!;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const startTime = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    const bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const lock = path.join(root, 'var/lib/dlsetup/runs/elevated.lock');
    mkdirSync(path.dirname(lock), { recursive: true });
    writeFileSync(lock, `${JSON.stringify({ pid, owner: `${RUN} other`, bootId, startTime, acquiredAt: new Date().toISOString(), token: 'abcd' })}\n`);
    mkdirSync(etc('profile.d'));
    writeFileSync(etc('profile.d/dlsetup-cuda.sh'), 'x\n');
    appendHelperEntry(RUN, { t: 'change', time: '2026-12-03T12:00:00Z', stepId: 'vars', kind: 'env-vars', change: { type: 'file-created', path: '/etc/profile.d/dlsetup-cuda.sh' } });
    await expect(undoStepFromJournal(RUN, 'vars', ctx(), say)).rejects.toMatchObject({ code: 'BUSY' });
    expect(() => watchEtc(RUN, 'drv', say)).toThrow(expect.objectContaining({ code: 'BUSY' }));
    expect(existsSync(etc('profile.d/dlsetup-cuda.sh'))).toBe(true);
    holder.kill();
    await new Promise((resolve) => holder!.once('exit', resolve));
    // Its holder gone, the lock is taken over.
    await undoStepFromJournal(RUN, 'vars', ctx(), say);
    expect(existsSync(etc('profile.d/dlsetup-cuda.sh'))).toBe(false);
  });
});
