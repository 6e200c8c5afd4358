import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa, type ResultPromise } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInstalledCli } from '../../testkit/buildInstalledCli.js';
import type { JournalEntry } from './journal/journalEntry.js';
import { fifoGate } from '../../testkit/install/fifoGate.js';
import { testPlan, userEnvPlan } from '../../testkit/install/testPlan.js';

let tmp: string;
let cli: string;
let home: string;
let data: string;

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-lock-run-'));
  home = path.join(tmp, 'home');
  data = path.join(tmp, 'data');
  mkdirSync(home);
  cli = path.join(await buildInstalledCli('install-lock'), 'bin', 'dlsetup.js');
}, 60_000);

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
  rmSync(path.dirname(path.dirname(cli)), { recursive: true, force: true });
});

/** `dlsetup …` as a separate process, as a person would run it, with its own DL Setup data folder. */
function dlsetup(args: string[]): ResultPromise<{ reject: false; extendEnv: false; env: Record<string, string> }> {
  return execa(process.execPath, [cli, ...args], { reject: false, extendEnv: false, env: { PATH: process.env.PATH!, HOME: home, DLSETUP_HOME: data, LANG: 'en_US.UTF-8' } });
}

/** A stand-in interpreter for the python-env step: logs each call, waits at `gate` (first call only), then makes a real venv. */
function standInPython(name: string, log: string, gate = ''): string {
  const file = path.join(tmp, name);
  writeFileSync(file, `#!/bin/sh\necho "$0 $*" >> '${log}'\n${gate}\n[ "$1" = -m ] || exit 0; exec /usr/bin/python3 -m venv --without-pip "$3"\n`);
  chmodSync(file, 0o755);
  return file;
}

function writePlan(name: string, plan: unknown): string {
  const file = path.join(tmp, `${name}.json`);
  writeFileSync(file, JSON.stringify(plan));
  return file;
}

const journals = () => (existsSync(path.join(data, 'runs')) ? readdirSync(path.join(data, 'runs')).filter((name) => name.endsWith('.jsonl')) : []);
const logLines = (log: string) => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : []);

describe('one install or undo at a time, across processes', () => {
  it('a second install, and a rollback of the running one, get BUSY naming the run; neither starts or writes anything', async () => {
    const gate = fifoGate(tmp, 'install');
    const firstLog = path.join(tmp, 'first.log');
    const secondLog = path.join(tmp, 'second.log');
    const first = dlsetup(['install', '--yes', '--plan', writePlan('first', userEnvPlan(path.join(tmp, 'envs', 'first'), standInPython('python-first', firstLog, gate.sh)))]);
    await gate.reached(first);
    const [runId] = journals().map((name) => name.replace(/\.jsonl$/, ''));
    expect(runId).toBeDefined();

    const second = await dlsetup(['install', '--yes', '--plan', writePlan('second', userEnvPlan(path.join(tmp, 'envs', 'second'), standInPython('python-second', secondLog)))]);
    expect(second.exitCode).toBe(1);
    expect(second.stderr).toMatch(new RegExp(`Another DL Setup \\(process ${first.pid}\\) is running install ${runId}\\..*\\[BUSY\\]`));
    const chinese = await dlsetup(['install', '--yes', '--lang', 'zh-CN', '--plan', path.join(tmp, 'second.json')]);
    expect(chinese.exitCode).toBe(1);
    expect(chinese.stderr).toContain(`另一个 DL Setup（进程 ${first.pid}）正在执行安装 ${runId}。`);
    const undo = await dlsetup(['rollback', runId!, '--yes']);
    expect(undo.exitCode).toBe(1);
    expect(undo.stderr).toMatch(new RegExp(`is running install ${runId}\\..*\\[BUSY\\]`));
    // Nothing of the refused callers ran or was recorded: one journal, the second interpreter never called.
    expect(journals()).toEqual([`${runId}.jsonl`]);
    expect(logLines(secondLog)).toEqual([]);
    expect(existsSync(path.join(tmp, 'envs', 'second'))).toBe(false);

    await gate.open();
    const done = await first;
    expect(done.exitCode).toBe(0);
    expect(done.stdout).toContain(runId);
    expect(existsSync(path.join(data, 'install.lock'))).toBe(false);
  }, 60_000);

  it('a second rollback of the same run gets BUSY while the first undoes; each change is undone once', async () => {
    const runId = '20250102-030405-0a0b0c';
    const log = path.join(tmp, 'uninstall.log');
    const gate = fifoGate(tmp, 'rollback');
    // The venv's python: pip uninstall is the undo that takes long enough to overlap.
    const python = path.join(tmp, 'venv', 'bin', 'python');
    mkdirSync(path.dirname(python), { recursive: true });
    writeFileSync(python, `#!/bin/sh\necho "$*" >> '${log}'\n${gate.sh}\n`);
    chmodSync(python, 0o755);
    const created = path.join(tmp, 'created-by-run');
    writeFileSync(created, 'x');
    const plan = testPlan([{ id: 'fw', kind: 'framework', title: 'Install PyTorch', elevated: false, params: {} }]);
    const entries: JournalEntry[] = [
      { t: 'run-started', time: '2025-01-02T03:04:05.000Z', runId, plan, dryRun: false, pid: 1, bootId: null },
      { t: 'change', time: '2025-01-02T03:04:06.000Z', stepId: 'fw', elevated: false, change: { type: 'file-created', path: created } },
      { t: 'change', time: '2025-01-02T03:04:07.000Z', stepId: 'fw', elevated: false, change: { type: 'packages-installed', manager: 'pip', packages: ['torch'], python } },
      { t: 'run-finished', time: '2025-01-02T03:04:08.000Z', state: 'failed' },
    ];
    mkdirSync(path.join(data, 'runs'), { recursive: true });
    writeFileSync(path.join(data, 'runs', `${runId}.jsonl`), entries.map((entry) => `${JSON.stringify(entry)}\n`).join(''));

    const first = dlsetup(['rollback', runId, '--yes']);
    await gate.reached(first);
    const second = await dlsetup(['rollback', runId, '--yes']);
    expect(second.exitCode).toBe(1);
    expect(second.stderr).toMatch(new RegExp(`Another DL Setup \\(process ${first.pid}\\) is undoing install ${runId}\\..*\\[BUSY\\]`));
    expect(second.stdout).not.toContain('Rolled back');
    const install = await dlsetup(['install', '--yes', '--plan', writePlan('third', userEnvPlan(path.join(tmp, 'envs', 'third'), standInPython('python-third', path.join(tmp, 'third.log'))))]);
    expect(install.exitCode).toBe(1);
    expect(install.stderr).toContain(`is undoing install ${runId}.`);

    await gate.open();
    const done = await first;
    expect(done.exitCode).toBe(0);
    expect(done.stdout).toBe(`Rolled back run ${runId}.`);
    expect(logLines(log)).toEqual(['-m pip uninstall --yes torch']);
    expect(existsSync(created)).toBe(false);
    const again = await dlsetup(['rollback', runId, '--yes']);
    expect(again.stdout).toBe(`Run ${runId} has nothing left to undo.`);
    expect(logLines(log)).toHaveLength(1);
  }, 60_000);
});
