import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JournalChange } from '../journal/journalEntry.js';
import { InstallService } from '../installService.js';
import { RunJournal, readJournal } from '../journal/runJournal.js';
import { recordedCalls, writeRecordingTool } from '../../../testkit/install/recordingTool.js';
import { testPlan } from '../../../testkit/install/testPlan.js';

/**
 * Issue 15: the user's journal lives in a folder the user (or anything running as the user) can write. Rollback of
 * elevated changes goes through the helper, which undoes only what its own root-owned journal recorded, so a change
 * written into the user's journal by hand is reported as not undone and never reaches apt or the file system.
 */
const RUN_ID = '20261203-111500-abc123';
const saved = { ...process.env };
let tmp: string;
let root: string;
let log: string;

beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-forged-'));
  root = path.join(tmp, 'root');
  log = path.join(tmp, 'calls.log');
  const bin = path.join(tmp, 'bin');
  mkdirSync(path.join(root, 'run', 'x'), { recursive: true });
  mkdirSync(path.join(root, 'etc'), { recursive: true });
  writeFileSync(path.join(root, 'etc', 'os-release'), 'ID=ubuntu\nVERSION_ID="22.04"\n');
  mkdirSync(bin);
  for (const tool of ['apt-get', 'dpkg-query', 'ldconfig', 'update-initramfs', 'update-alternatives']) writeRecordingTool(bin, tool, log);
  Object.assign(process.env, { DLSETUP_SYSROOT: root, DLSETUP_HOME: path.join(tmp, 'home'), PATH: `${bin}:${saved.PATH}` });
});

afterEach(() => {
  process.env = { ...saved };
  rmSync(tmp, { recursive: true, force: true });
});

/** A finished run whose journal claims `changes` were made by the elevated driver step. */
function forgedRun(changes: JournalChange[]): void {
  const time = '2026-12-03T11:15:00Z';
  const plan = testPlan([{ id: 'drv', kind: 'driver', title: 'Install the NVIDIA driver 580', elevated: true, params: { branch: '580' } }]);
  const journal = new RunJournal(RUN_ID);
  journal.append({ t: 'run-started', time, runId: RUN_ID, plan, dryRun: false, pid: process.pid, bootId: null });
  journal.append({ t: 'step-started', time, stepId: 'drv' });
  for (const change of changes) journal.append({ t: 'change', time, stepId: 'drv', elevated: true, change });
  journal.append({ t: 'step-finished', time, stepId: 'drv', state: 'succeeded' });
  journal.append({ t: 'run-finished', time, state: 'succeeded' });
}

describe('rollback of a user journal that claims elevated changes the helper never made', () => {
  it('removes no package and no folder, and reports each claimed change as not undone', async () => {
    const claimed: JournalChange[] = [
      { type: 'packages-installed', manager: 'apt', packages: ['sudo', 'openssh-server'] },
      { type: 'dir-created', path: '/etc/../run/x' },
    ];
    forgedRun(claimed);
    const result = await new InstallService({ elevation: 'direct' }).rollback(RUN_ID);

    expect(recordedCalls(log).filter((call) => call[0] === 'apt-get')).toEqual([]);
    expect(existsSync(path.join(root, 'run', 'x'))).toBe(true);
    expect(result.ok).toBe(false);
    // The package claim is a well-formed line the helper never recorded; the `..` path fails the journal schema, so
    // that line is reported as damaged and nothing is done for it either.
    expect(result.notes).toEqual([expect.stringContaining('has no record of this change'), expect.stringMatching(/damaged at line 4/)]);
    const undone = readJournal(RUN_ID).filter((entry) => entry.t === 'rollback-undone');
    expect(undone.map((entry) => entry.t === 'rollback-undone' && entry.ok)).toEqual([false]);
  });
});
