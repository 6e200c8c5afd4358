import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProgressEvent } from '../../../shared/types/install.js';
import { buildTestWheel, startTestIndex, type TestIndex } from '../../../testkit/install/wheelIndex.js';
import { testPlan } from '../../../testkit/install/testPlan.js';
import { buildInstalledCli } from '../../../testkit/buildInstalledCli.js';

/** The interpreter the venv is made from: Debian's python3 with its own pip (dist-packages), as CI has it. */
const SYSTEM_PYTHON = '/usr/bin/python3';
const hasSystemPip = spawnSync(SYSTEM_PYTHON, ['-m', 'pip', '--version']).status === 0;
const canDropPrivileges = process.getuid?.() === 0 && spawnSync('setpriv', ['--version']).status === 0;

let tmp: string;
let cliDir: string;
let index: TestIndex;

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-cli-'));
  chmodSync(tmp, 0o755);
  cliDir = await buildInstalledCli('cli');
  mkdirSync(path.join(tmp, 'wheels'));
  buildTestWheel(path.join(tmp, 'wheels'), 'dlsetup-test-alpha', '1.0', 50_000);
  index = await startTestIndex(path.join(tmp, 'wheels'));
  // Debian's python3 without ensurepip (seconds saved); the venv sees Debian's pip, which installs into the venv.
  writeFileSync(path.join(tmp, 'python'), `#!/bin/sh\n[ "$1" = -m ] || exit 0; exec ${SYSTEM_PYTHON} -m venv --system-site-packages --without-pip "$3"\n`, { mode: 0o755 });
});

afterAll(async () => {
  await index?.close();
  rmSync(tmp, { recursive: true, force: true });
  rmSync(cliDir, { recursive: true, force: true });
});

/** `setsid node bin/dlsetup.js …` with stdin from /dev/null: no terminal, no session, as a fleet tool runs it. */
function dlsetup(args: string[], env: Record<string, string>, asUser?: number): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const launcher = [process.execPath, path.join(cliDir, 'bin', 'dlsetup.js'), ...args];
  const argv = asUser === undefined ? ['setsid', ...launcher] : ['setpriv', `--reuid=${asUser}`, `--regid=${asUser}`, '--clear-groups', 'setsid', ...launcher];
  // The CLI speaks the user's language (LC_ALL, LC_MESSAGES, LANG): pin English, whatever the developer's own locale is.
  const english = { LC_ALL: '', LC_MESSAGES: '', LANG: 'C.UTF-8' };
  const child = spawn(argv[0]!, argv.slice(1), { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...english, ...env }, cwd: tmp });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

describe('dlsetup install / rollback, unattended (no TTY)', () => {
  it.skipIf(!hasSystemPip)('install --plan --yes --json-progress prints NDJSON progress and exits 0; rollback RUN --yes undoes it', async () => {
    const home = path.join(tmp, 'home');
    const envPath = path.join(tmp, 'envs', 'unattended');
    const plan = testPlan([
      { id: 'env', kind: 'python-env', title: 'Create the Python environment', elevated: false, params: { manager: 'venv', path: envPath, interpreter: path.join(tmp, 'python'), minFreeBytes: 1e6 } },
      { id: 'fw', kind: 'framework', title: 'Install the packages', elevated: false, params: { packages: ['dlsetup-test-alpha==1.0'], pypiMirror: `${index.url}/simple` } },
    ]);
    writeFileSync(path.join(tmp, 'plan.json'), JSON.stringify(plan));

    const install = await dlsetup(['install', '--plan', 'plan.json', '--yes', '--json-progress'], { DLSETUP_HOME: home });
    expect(install.stderr).not.toMatch(/\[[A-Z_]+\]/);
    expect(install.code).toBe(0);
    const events = install.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as ProgressEvent);
    const runId = events[0]!.runId;
    expect(events[0]).toMatchObject({ type: 'run-started', dryRun: false, resumed: false, steps: [{ id: 'env', state: 'pending' }, { id: 'fw', state: 'pending' }] });
    expect(events.every((event, i) => event.runId === runId && event.seq === i && !Number.isNaN(Date.parse(event.time)))).toBe(true);
    expect(events.filter((e) => e.type === 'step-finished').map((e) => [e.stepId, e.state])).toEqual([
      ['env', 'succeeded'],
      ['fw', 'succeeded'],
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'run-finished', state: 'succeeded' });
    // pip's own output reached the stream, and it fetched from the loopback index.
    expect(events.some((e) => e.type === 'step-log' && e.stepId === 'fw' && /Successfully installed dlsetup-test-alpha-1\.0/.test(e.line))).toBe(true);
    expect(index.requests).toContain('/simple/dlsetup-test-alpha/');
    expect(spawnSync(path.join(envPath, 'bin', 'python'), ['-c', 'import dlsetup_test_alpha; print(dlsetup_test_alpha.__version__)'], { encoding: 'utf8' }).stdout).toBe('1.0\n');

    const preview = await dlsetup(['rollback', runId, '--dry-run'], { DLSETUP_HOME: home });
    expect(preview.code).toBe(0);
    expect(preview.stdout).toBe(`Rolling back run ${runId} would:\n  Remove ${envPath} and everything in it (created by the install)\n`);

    const rollback = await dlsetup(['rollback', runId, '--yes'], { DLSETUP_HOME: home });
    expect(rollback.code).toBe(0);
    expect(rollback.stdout).toBe(`Rolled back run ${runId}.\n`);
    expect(existsSync(envPath)).toBe(false);
    expect(existsSync(path.join(tmp, 'envs'))).toBe(true);

    const nothing = await dlsetup(['rollback', runId, '--yes'], { DLSETUP_HOME: home });
    expect(nothing.stdout).toBe(`Run ${runId} has nothing left to undo.\n`);
  });

  it.skipIf(!canDropPrivileges)('as a normal user without a TTY, a step that needs root goes to sudo -n; a refused sudo → ELEVATION_DENIED, exit 1, nothing changed', async (ctx) => {
    const home = path.join(tmp, 'home-user');
    const root = path.join(tmp, 'sysroot');
    const bin = path.join(tmp, 'user-bin');
    for (const dir of [home, path.join(root, 'etc', 'profile.d'), bin]) mkdirSync(dir, { recursive: true });
    chmodSync(home, 0o777);
    // What sudo -n prints when it would have to ask for a password; it records that it was asked.
    writeFileSync(path.join(bin, 'sudo'), `#!/bin/sh\necho "$*" > ${tmp}/user-bin/sudo-args\necho "sudo: a password is required" >&2\nexit 1\n`, { mode: 0o755 });
    chmodSync(bin, 0o777);
    const plan = testPlan([{ id: 'vars', kind: 'env-vars', title: 'Set CUDA variables for everyone', elevated: true, params: { scope: 'system', cudaHome: '/usr/local/cuda-12.6' } }]);
    writeFileSync(path.join(tmp, 'system-plan.json'), JSON.stringify(plan));

    const nobody = 65534;
    const reachable = spawnSync('setpriv', [`--reuid=${nobody}`, `--regid=${nobody}`, '--clear-groups', process.execPath, '-e', `require('fs').accessSync(${JSON.stringify(path.join(cliDir, 'dist', 'cli', 'main.js'))})`]);
    if (reachable.status !== 0) ctx.skip('the checkout is not readable by an unprivileged user here');
    const result = await dlsetup(['install', '--plan', 'system-plan.json', '--yes'], { DLSETUP_HOME: home, DLSETUP_SYSROOT: root, PATH: `${bin}:${process.env.PATH}`, HOME: home }, nobody);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('The install failed: sudo needs a password, and --yes runs without asking. Run the install without --yes, or run `sudo -v` first. Nothing was changed.');
    expect(readFileSync(path.join(bin, 'sudo-args'), 'utf8')).toMatch(/^-n -- \S+node \S+elevatedHelper\.js\n$/);
    expect(existsSync(path.join(root, 'etc', 'profile.d', 'dlsetup-cuda.sh'))).toBe(false);
  });
});
