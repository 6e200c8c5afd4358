import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInstalledCli } from '../../../testkit/buildInstalledCli.js';
import type { JournalEntry } from './journalEntry.js';
import { appendJournalLine } from './runJournal.js';
import { fifoGate } from '../../../testkit/install/fifoGate.js';
import { testPlan, userEnvPlan } from '../../../testkit/install/testPlan.js';
import { mountTinyDisk, type TinyDisk } from '../../../testkit/install/tinyDisk.js';

let tmp: string;
let cli: string;
let home: string;

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-journal-cli-'));
  home = path.join(tmp, 'home');
  mkdirSync(home);
  cli = path.join(await buildInstalledCli('journal-durability'), 'bin', 'dlsetup.js');
}, 60_000);

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
  rmSync(path.dirname(path.dirname(cli)), { recursive: true, force: true });
});

/** `dlsetup …` as its own process, with `data` as its DL Setup data folder. */
function dlsetup(data: string, args: string[]) {
  return execa(process.execPath, [cli, ...args], { reject: false, extendEnv: false, env: { PATH: process.env.PATH!, HOME: home, DLSETUP_HOME: data, LANG: 'en_US.UTF-8' } });
}

const journalsIn = (data: string) => (existsSync(path.join(data, 'runs')) ? readdirSync(path.join(data, 'runs')).filter((name) => name.endsWith('.jsonl')) : []);

/** A stand-in interpreter for the python-env step: optionally waits at a gate, then makes a real venv. */
function standInPython(name: string, gate = ''): string {
  const file = path.join(tmp, name);
  writeFileSync(file, `#!/bin/sh\n${gate}\n[ "$1" = -m ] || exit 0; exec /usr/bin/python3 -m venv --without-pip "$3"\n`);
  chmodSync(file, 0o755);
  return file;
}

function planFile(name: string, plan: unknown): string {
  const file = path.join(tmp, `${name}.json`);
  writeFileSync(file, JSON.stringify(plan));
  return file;
}

/** A run's journal as written by hand: the lines as given, each ended by a newline unless `torn` is the tail. */
function writeJournal(data: string, runId: string, lines: string[], torn = ''): string {
  mkdirSync(path.join(data, 'runs'), { recursive: true });
  const file = path.join(data, 'runs', `${runId}.jsonl`);
  writeFileSync(file, `${lines.map((text) => `${text}\n`).join('')}${torn}`);
  return file;
}

const time = '2025-01-01T00:00:00.000Z';
const entry = (value: JournalEntry) => JSON.stringify(value);
const userVars = testPlan([{ id: 'vars', kind: 'env-vars', title: 'Set CUDA variables', elevated: false, params: { scope: 'user', cudaHome: '/usr/local/cuda-12.4' } }]);
const created = (file: string) => entry({ t: 'change', time, stepId: 'vars', elevated: false, change: { type: 'file-created', path: file } });

describe('a damaged journal is never rolled back as if it were whole', () => {
  it('a damaged middle line: the rest is undone, the line is named, "Rolled back" is not printed, and resume refuses', async () => {
    const data = path.join(tmp, 'damaged');
    const runId = '20250101-000000-00d00d';
    const [a, b, c] = ['a', 'b', 'c'].map((name) => path.join(tmp, `damaged-${name}`));
    for (const file of [a, b, c]) writeFileSync(file!, 'made by the run\n');
    // Line 3 recorded that the run created b; a crash tore it, and the run went on (as appends did before the repair).
    const torn = created(b!).slice(0, -40);
    writeJournal(data, runId, [entry({ t: 'run-started', time, runId, plan: userVars, dryRun: false, pid: 1, bootId: null }), created(a!), torn, created(c!), entry({ t: 'run-finished', time, state: 'failed' })]);

    const rollback = await dlsetup(data, ['rollback', runId, '--yes']);
    expect(rollback.stdout).not.toContain('Rolled back');
    expect(rollback.exitCode).toBe(1);
    const journal = path.join(data, 'runs', `${runId}.jsonl`);
    expect(`${rollback.stdout}\n${rollback.stderr}`).toContain(`The rollback is not complete: the journal of run ${runId} (${journal}) is damaged at line 3`);
    expect([existsSync(a!), existsSync(b!), existsSync(c!)]).toEqual([false, true, false]);

    const chinese = await dlsetup(data, ['rollback', runId, '--yes', '--lang', 'zh-CN']);
    expect(chinese.exitCode).toBe(1);
    expect(chinese.stderr).toContain(`回滚没有完成：运行 ${runId} 的记录文件（${journal}）第 3 行已损坏`);

    const resume = await dlsetup(data, ['install', '--resume', runId]);
    expect(resume.exitCode).toBe(1);
    expect(resume.stderr).toContain(`DL Setup will not resume run ${runId}: the journal of run ${runId} (${journal}) is damaged at line 3`);
    expect(resume.stderr).toContain('[JOURNAL_DAMAGED]');
  }, 60_000);

  it('a last line cut short by a crash: the rollback says it is not complete (its change may have been made)', async () => {
    const data = path.join(tmp, 'torn-tail');
    const runId = '20250101-000000-00e00e';
    const [a, b] = ['a', 'b'].map((name) => path.join(tmp, `torn-${name}`));
    for (const file of [a, b]) writeFileSync(file!, 'made by the run\n');
    writeJournal(data, runId, [entry({ t: 'run-started', time, runId, plan: userVars, dryRun: false, pid: 1, bootId: null }), created(a!)], created(b!).slice(0, 50));

    const preview = await dlsetup(data, ['rollback', runId, '--dry-run']);
    expect(preview.exitCode).toBe(1);
    expect(preview.stderr).toContain('is damaged at line 3');
    const rollback = await dlsetup(data, ['rollback', runId, '--yes']);
    expect(rollback.exitCode).toBe(1);
    expect(rollback.stdout).not.toContain('Rolled back');
    expect(existsSync(a!)).toBe(false);
    // The undo's own entries were appended after repairing the tail, and the cut line is still reported.
    const again = await dlsetup(data, ['rollback', runId, '--yes']);
    expect(again.exitCode).toBe(1);
    expect(again.stderr).toContain('is damaged at line 3');
  }, 60_000);

  it('a journal that names no plan (cut short as its run began) cannot be resumed, and says why', async () => {
    const data = path.join(tmp, 'empty');
    const runId = '20250101-000000-00f00f';
    const file = writeJournal(data, runId, []);
    const resume = await dlsetup(data, ['install', '--resume', runId]);
    expect(resume.exitCode).toBe(1);
    expect(resume.stderr).toContain(`The journal of run ${runId} (${file}) names no plan`);
    expect(resume.stderr).toContain('[JOURNAL_DAMAGED]');
  }, 60_000);
});

describe('a full disk while journaling (a real tmpfs)', () => {
  let disk: TinyDisk | { skip: string };

  beforeAll(() => {
    disk = mountTinyDisk(path.join(tmp, 'disk'), '256k');
    if ('skip' in disk) console.log(`skipped: ${disk.skip}`);
  });
  afterAll(() => {
    if (!('skip' in disk)) disk.unmount();
  });

  it('no room for the first entry: DISK_FULL, nothing runs, no journal is left, and resume says there is nothing to resume', async (context) => {
    if ('skip' in disk) return context.skip();
    const data = path.join(disk.dir, 'at-start');
    mkdirSync(path.join(data, 'runs'), { recursive: true });
    // One page: enough for the lock (or the log file, written first), none for the journal; either refusal names this disk.
    disk.fill(1);
    try {
      const envDir = path.join(tmp, 'envs', 'at-start');
      const install = await dlsetup(data, ['install', '--yes', '--plan', planFile('at-start', userEnvPlan(envDir, standInPython('python-at-start')))]);
      expect(install.exitCode).toBe(1);
      expect(install.stderr).toMatch(new RegExp(`could not start run \\d{8}-\\d{6}-[0-9a-f]{6}: the disk holding ${data}(/runs)? is full .*Nothing was changed\\..*\\[DISK_FULL\\]`));
      expect(journalsIn(data)).toEqual([]);
      expect(existsSync(envDir)).toBe(false);
      expect(existsSync(path.join(data, 'install.lock'))).toBe(false);
      const resume = await dlsetup(data, ['install', '--resume']);
      expect(resume.exitCode).toBe(1);
      expect(resume.stderr).toContain('There is no earlier install to resume.');
    } finally {
      disk.free();
    }
  }, 60_000);

  it('the disk fills mid-run: the run stops with DISK_FULL, its journal still whole, and resumes once there is room', async (context) => {
    if ('skip' in disk) return context.skip();
    const data = path.join(disk.dir, 'mid-run');
    const gate = fifoGate(tmp, 'mid-run');
    const envDir = path.join(tmp, 'envs', 'mid-run');
    const install = dlsetup(data, ['install', '--yes', '--plan', planFile('mid-run', userEnvPlan(envDir, standInPython('python-mid-run', gate.sh)))]);
    await gate.reached(install);
    const [name] = journalsIn(data);
    const runId = name!.replace(/\.jsonl$/, '');
    const file = path.join(data, 'runs', name!);
    // The run's journal grows to the end of its page (a long command line, as pip's can be); then the disk fills.
    const size = statSync(file).size;
    const base = JSON.stringify({ t: 'command', time, stepId: 'env', argv: [''], exitCode: 0, durationMs: 1, elevated: false }).length + 1;
    appendJournalLine(file, { t: 'command', time, stepId: 'env', argv: ['x'.repeat(4096 - (size % 4096) - base + (size % 4096 > 4096 - base ? 4096 : 0))], exitCode: 0, durationMs: 1, elevated: false });
    expect(statSync(file).size % 4096).toBe(0);
    disk.fill(0);
    let result;
    try {
      await gate.open();
      result = await install;
    } finally {
      disk.free();
    }
    expect(result.exitCode, result.stderr).toBe(1);
    expect(`${result.stdout}\n${result.stderr}`).toContain(`Run ${runId} stopped: the disk holding ${path.join(data, 'runs')} is full`);
    expect(readFileSync(file, 'utf8').endsWith('\n')).toBe(true);
    const resumed = await dlsetup(data, ['install', '--resume', runId]);
    expect(resumed.exitCode, resumed.stderr).toBe(0);
    expect(existsSync(path.join(envDir, 'bin', 'python'))).toBe(true);
  }, 60_000);
});
