import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resolvePlan } from '../../../shared/plan/resolvePlan.js';
import type { ProgressEvent, RunStatus } from '../../../shared/types/install.js';
import type { HardwareProfile, Plan, PlanRequest, PlanStep } from '../../../shared/types/plan.js';
import { loadCompatData } from '../../plan/loadCompatData.js';
import { descendantPids } from '../../system/processTree.js';
import { findOnPath } from '../../system/findOnPath.js';
import { formatDryRun } from '../formatDryRun.js';
import { InstallService } from '../installService.js';
import { readJournal } from '../journal/runJournal.js';
import { recordedCalls, writeRecordingTool } from '../../../testkit/install/recordingTool.js';
import {
  packagesNotFoundText,
  standInPath,
  SYSTEM_PYTHON,
  systemPythonVersion,
  uvNoInterpreterText,
  writeStandInConda,
  writeStandInPython,
  writeStandInUv,
  type CondaBehaviour,
} from '../../../testkit/install/standInEnvTools.js';
import { testPlan } from '../../../testkit/install/testPlan.js';
import { alive } from '../../../testkit/install/processAlive.js';

let tmp: string;
let envRoot: string;
const saved = { ...process.env };
/** The only Python the stand-ins can make (this machine's /usr/bin/python3), so plans ask for it. */
let python: string;

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-envmgr-'));
  process.env.DLSETUP_HOME = path.join(tmp, 'data');
  process.env.HOME = path.join(tmp, 'user');
  mkdirSync(process.env.HOME);
  envRoot = path.join(tmp, 'envs');
  python = systemPythonVersion();
});

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
  process.env = saved;
});

let bin: string;
let logs: { uv: string; conda: string; python: string };

/** A fresh bin folder first on PATH (and only the system's own tools after it) holding the given stand-ins. */
function useTools(tools: { uv?: boolean; conda?: CondaBehaviour; python?: boolean }): void {
  bin = mkdtempSync(path.join(tmp, 'bin-'));
  logs = { uv: path.join(bin, 'uv.log'), conda: path.join(bin, 'conda.log'), python: path.join(bin, 'python.log') };
  if (tools.uv) writeStandInUv(bin, logs.uv);
  if (tools.conda) writeStandInConda(bin, logs.conda, tools.conda);
  if (tools.python) writeStandInPython(bin, logs.python);
  process.env.PATH = standInPath(bin);
}

beforeEach(() => {
  process.env.PATH = saved.PATH;
});

async function run(plan: Plan, onEvent: (event: ProgressEvent, service: InstallService) => void = () => undefined) {
  const service = new InstallService({ elevation: 'direct', overrides: { envRoot } });
  const events: ProgressEvent[] = [];
  service.onProgress((event) => {
    events.push(event);
    onEvent(event, service);
  });
  const { runId } = service.start(plan);
  const status = await service.wait(runId);
  return { runId, status, events };
}

const stepLog = (events: ProgressEvent[]) => events.flatMap((event) => (event.type === 'step-log' ? [event.line] : []));
const details = (events: ProgressEvent[]) => events.flatMap((event) => (event.type === 'step-progress' ? [event.detail] : []));
const envStep = (status: RunStatus) => status.steps.find((step) => step.id === 'python-env' || step.id === 'env')!;

/** What a user's shell would run: the env's own interpreter, answering from inside the env with the system Python's version. */
function envAnswers(envDir: string): { prefix: string; version: string } {
  const [prefix, version] = execFileSync(path.join(envDir, 'bin', 'python'), ['-c', 'import sys; print(sys.prefix); print("%d.%d" % sys.version_info[:2])'], { encoding: 'utf8' }).trim().split('\n');
  return { prefix: prefix!, version: version! };
}

/** A hand-made python-env step (uv has no resolver method: it is the user's choice or 'auto'). */
function envPlan(params: Record<string, string | number | string[]>): Plan {
  return testPlan([{ id: 'env', kind: 'python-env', title: 'Create the Python environment', elevated: false, params: { minFreeBytes: 1e6, ...params } }]);
}

/** A real resolver plan cut down to its python-env step (the framework step would need the network). */
function resolvedEnvPlan(profile: Partial<HardwareProfile>, request: PlanRequest): { plan: Plan; step: PlanStep; envDir: string } {
  const resolved = resolvePlan(loadCompatData(), { os: 'linux', arch: 'x86_64', gpuVendor: 'nvidia', driverVersion: null, ...profile }, request);
  expect(resolved.status).toBe('ok');
  expect(resolved.method).toBe('conda');
  const step = resolved.steps.find((candidate) => candidate.kind === 'python-env')!;
  // Only the free-space floor changes: tests must not need 8 GB free.
  const plan: Plan = { ...resolved, steps: [{ ...step, params: { ...step.params, minFreeBytes: 1e6 } }] };
  return { plan, step, envDir: path.join(envRoot, String(step.params.name)) };
}

describe('python-env with uv', () => {
  it('runs uv venv --seed --python X.Y <path>, leaves a working env, and a second run skips it', async () => {
    useTools({ uv: true, conda: { kind: 'create' }, python: true });
    const envDir = path.join(envRoot, 'uv-ok');
    const plan = envPlan({ manager: 'uv', path: envDir, python });
    const { status, events } = await run(plan);
    expect(status.error).toBeUndefined();
    expect(status.state).toBe('succeeded');
    expect(recordedCalls(logs.uv)).toEqual([['uv', 'venv', '--seed', '--python', python, envDir]]);
    expect(stepLog(events)).toContain(`$ uv venv --seed --python ${python} ${envDir}`);
    expect(details(events)).toEqual([`Creating the uv environment in ${envDir}`, 'Python environment ready']);
    expect(envStep(status).message).toBe(`Activate it with: source ${envDir}/bin/activate`);
    expect(envAnswers(envDir)).toEqual({ prefix: envDir, version: python });
    // Neither conda nor a plain venv was touched.
    expect(recordedCalls(logs.conda)).toEqual([]);
    expect(recordedCalls(logs.python)).toEqual([]);

    const again = await run(plan);
    expect(again.status.state).toBe('succeeded');
    expect(envStep(again.status)).toMatchObject({ state: 'skipped', message: expect.stringMatching(new RegExp(`^${envDir} already has Python ${python.replace('.', '\\.')}\\.\\d+\\.$`)) });
    expect(recordedCalls(logs.uv)).toHaveLength(1);
  });

  it('fails clearly when uv has no such Python, and leaves nothing at the path', async () => {
    useTools({ uv: true });
    const missing = python === '3.12' ? '3.13' : '3.12';
    const envDir = path.join(envRoot, 'uv-no-python');
    const { runId, status, events } = await run(envPlan({ manager: 'uv', path: envDir, python: missing }));
    expect(recordedCalls(logs.uv)).toEqual([['uv', 'venv', '--seed', '--python', missing, envDir]]);
    expect(status.state).toBe('failed');
    expect(envStep(status)).toMatchObject({ state: 'failed', errorCode: 'COMMAND_FAILED' });
    // uv's own words, not just an exit code.
    expect(status.error).toMatchObject({ code: 'COMMAND_FAILED', message: `Running uv failed: ${uvNoInterpreterText(missing)}` });
    expect(stepLog(events)).toContain(uvNoInterpreterText(missing));
    expect(existsSync(envDir)).toBe(false);
    expect(readJournal(runId).some((e) => e.t === 'rollback-undone' && e.change.type === 'dir-created' && e.change.path === envDir && e.ok)).toBe(true);
  });
});

describe('python-env with conda (a resolver plan for method conda)', () => {
  it('runs conda create with the plan\'s channel and packages, leaves a working env, and a second run skips it', async () => {
    useTools({ uv: true, conda: { kind: 'create' }, python: true });
    const { plan, step, envDir } = resolvedEnvPlan({ gpuName: 'GeForce RTX 4090', driverVersion: '580.65.06' }, { framework: 'pytorch', method: 'conda', python });
    expect(step.params).toMatchObject({ manager: 'conda', python, condaChannel: 'conda-forge' });
    const packages = step.params.condaPackages as string[];
    const { status, events } = await run(plan);
    expect(status.error).toBeUndefined();
    expect(status.state).toBe('succeeded');
    const argv = ['conda', 'create', '--yes', '--prefix', envDir, '--override-channels', '--channel', 'conda-forge', `python=${python}`, 'pip', ...packages];
    expect(recordedCalls(logs.conda)).toEqual([argv]);
    // The dry run shows the user exactly the command that runs.
    expect(formatDryRun(plan, { envRoot })).toContain(`$ ${argv.join(' ')}`);
    expect(stepLog(events)).toContain('Executing transaction: done');
    expect(envAnswers(envDir)).toEqual({ prefix: envDir, version: python });
    expect(existsSync(path.join(envDir, 'conda-meta', 'history'))).toBe(true);
    expect(recordedCalls(logs.uv)).toEqual([]);

    const again = await run(plan);
    expect(envStep(again.status)).toMatchObject({ state: 'skipped', message: expect.stringContaining(`${envDir} already has Python ${python}.`) });
    expect(recordedCalls(logs.conda)).toHaveLength(1);
  });

  it('fails with conda\'s PackagesNotFoundError named in the message, and removes what it created', async () => {
    const channels = ['conda-forge', 'defaults'];
    useTools({ conda: { kind: 'packages-not-found', missing: ['cudnn=8.1'], channels } });
    // TensorFlow < 2.14 by conda: the CUDA libraries come from conda packages.
    const { plan, step, envDir } = resolvedEnvPlan({ gpuName: 'Tesla T4', driverVersion: '535.104.05' }, { framework: 'tensorflow', frameworkVersion: '2.7', method: 'conda' });
    expect(step.params.condaPackages).toEqual(['cudatoolkit=11.2', 'cudnn=8.1']);
    const { runId, status, events } = await run(plan);
    expect(recordedCalls(logs.conda)).toEqual([['conda', 'create', '--yes', '--prefix', envDir, '--override-channels', '--channel', 'conda-forge', `python=${step.params.python}`, 'pip', 'cudatoolkit=11.2', 'cudnn=8.1']]);
    expect(status.state).toBe('failed');
    expect(envStep(status)).toMatchObject({ state: 'failed', errorCode: 'COMMAND_FAILED' });
    expect(status.error).toMatchObject({
      code: 'COMMAND_FAILED',
      message: 'Running conda failed: PackagesNotFoundError: The following packages are not available from current channels: cudnn=8.1',
    });
    expect(events.at(-1)).toMatchObject({ type: 'run-finished', state: 'failed', errorCode: 'COMMAND_FAILED', message: status.error!.message });
    // Nothing left where the environment was to go.
    expect(existsSync(envDir)).toBe(false);
    expect(readJournal(runId).some((e) => e.t === 'rollback-undone' && e.change.type === 'dir-created' && e.change.path === envDir && e.ok)).toBe(true);
    // What the install screen sends to diagnosis (code, message, the log's last 40 lines) holds conda's whole report.
    const diagnosisText = [envStep(status).errorCode, envStep(status).message, ...stepLog(events).slice(-40)].join('\n');
    for (const line of packagesNotFoundText(['cudnn=8.1'], channels).split('\n').filter(Boolean)) expect(diagnosisText).toContain(line);

    // A folder the user picked (empty) is theirs: the failure leaves it there, still empty.
    useTools({ conda: { kind: 'packages-not-found', missing: ['cudnn=8.1'], channels } });
    mkdirSync(envDir, { recursive: true });
    const mine = await run(plan);
    expect(mine.status.state).toBe('failed');
    expect(readdirSync(envDir)).toEqual([]);
    rmSync(envDir, { recursive: true });
  });

  it('cancel while conda create hangs kills conda and its child, and removes the half-made env', async () => {
    const pidFile = path.join(tmp, 'conda-hang.pid');
    useTools({ conda: { kind: 'hang', pidFile } });
    const envDir = path.join(envRoot, 'conda-cancel');
    let halfMade = false;
    let poll: NodeJS.Timeout | undefined;
    const { runId, status, events } = await run(envPlan({ manager: 'conda', path: envDir, python, condaChannel: 'conda-forge' }), (event, service) => {
      if (event.type !== 'step-log' || !event.line.startsWith('$ conda ')) return;
      // Cancel once conda has written into the prefix and is waiting on its child.
      poll = setInterval(() => {
        if (!existsSync(pidFile)) return;
        clearInterval(poll);
        halfMade = existsSync(path.join(envDir, 'conda-meta', 'history'));
        service.cancel(event.runId);
      }, 20);
    });
    clearInterval(poll);
    expect(halfMade).toBe(true);
    expect(status.state).toBe('cancelled');
    expect(envStep(status)).toMatchObject({ state: 'cancelled', errorCode: 'CANCELLED' });
    expect(events.at(-1)).toMatchObject({ type: 'run-finished', state: 'cancelled', errorCode: 'CANCELLED' });
    const [condaPid, sleepPid] = readFileSync(pidFile, 'utf8').trim().split(' ').map(Number);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(alive(condaPid!)).toBe(false);
    expect(alive(sleepPid!)).toBe(false);
    expect(descendantPids(process.pid).filter(alive).filter((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(envDir))).toEqual([]);
    expect(existsSync(envDir)).toBe(false);
    expect(readJournal(runId).some((e) => e.t === 'rollback-undone' && e.change.type === 'dir-created' && e.change.path === envDir && e.ok)).toBe(true);
  });

  it('refuses before any step runs when the plan wants conda and none is installed', async () => {
    useTools({ uv: true, python: true });
    const envDir = path.join(envRoot, 'conda-missing');
    const { status } = await run(envPlan({ manager: 'conda', path: envDir, python, condaChannel: 'conda-forge' }));
    expect(status.state).toBe('failed');
    expect(status.error).toMatchObject({ code: 'COMMAND_NOT_FOUND', message: expect.stringContaining('conda was not found (not on PATH, not in CONDA_EXE') });
    // Never silently another manager.
    expect(recordedCalls(logs.uv)).toEqual([]);
    expect(recordedCalls(logs.python)).toEqual([]);
    expect(existsSync(envDir)).toBe(false);
  });

  it('finds a conda that `conda init` left off the desktop PATH, in ~/miniforge3', async () => {
    useTools({ uv: true, python: true });
    const miniforgeBin = path.join(process.env.HOME!, 'miniforge3', 'bin');
    mkdirSync(miniforgeBin, { recursive: true });
    const condaLog = path.join(miniforgeBin, 'conda.log');
    writeStandInConda(miniforgeBin, condaLog, { kind: 'create' });
    const envDir = path.join(envRoot, 'conda-miniforge');
    const { status } = await run(envPlan({ manager: 'conda', path: envDir, python, condaChannel: 'conda-forge' }));
    // PATH has no conda: it ran because the step found ~/miniforge3/bin/conda (the stand-in records its name as "conda").
    expect(status.state).toBe('succeeded');
    expect(recordedCalls(condaLog)).toEqual([['conda', 'create', '--yes', '--prefix', envDir, '--override-channels', '--channel', 'conda-forge', `python=${python}`, 'pip']]);
    expect(existsSync(path.join(envDir, 'bin', 'python'))).toBe(true);
  });
});

describe("python-env with manager 'auto'", () => {
  it('uses uv when uv is on PATH (even with conda there too)', async () => {
    useTools({ uv: true, conda: { kind: 'create' }, python: true });
    const envDir = path.join(envRoot, 'auto-uv');
    const { status, events } = await run(envPlan({ manager: 'auto', path: envDir, python }));
    expect(status.state).toBe('succeeded');
    expect(recordedCalls(logs.uv)).toEqual([['uv', 'venv', '--seed', '--python', python, envDir]]);
    expect(recordedCalls(logs.conda)).toEqual([]);
    expect(recordedCalls(logs.python)).toEqual([]);
    expect(details(events)[0]).toBe(`Creating the uv environment in ${envDir}`);
    expect(envAnswers(envDir).prefix).toBe(envDir);
  });

  it('uses python X.Y -m venv when uv is not on PATH, never conda', async () => {
    useTools({ conda: { kind: 'create' }, python: true });
    expect(await findOnPath('uv')).toBeNull();
    const envDir = path.join(envRoot, 'auto-venv');
    const { status, events } = await run(envPlan({ manager: 'auto', path: envDir, python }));
    expect(status.state).toBe('succeeded');
    // First the venv/ensurepip check (a fresh Debian lacks python3.X-venv), then the environment.
    expect(recordedCalls(logs.python)).toEqual([[`python${python}`, '-c', 'import ensurepip, venv'], [`python${python}`, '-m', 'venv', envDir]]);
    expect(recordedCalls(logs.conda)).toEqual([]);
    expect(details(events)[0]).toBe(`Creating the venv environment in ${envDir}`);
    expect(envAnswers(envDir).prefix).toBe(envDir);
  });

  it('without uv or pythonX.Y, refuses the python3 venv of another version instead of reporting success', async () => {
    useTools({});
    const log = path.join(bin, 'python3.log');
    writeRecordingTool(bin, 'python3', log, `[ "$1" = -m ] || exit 0; exec ${SYSTEM_PYTHON} -m venv --without-pip "$3"`);
    const wanted = python === '3.12' ? '3.13' : '3.12';
    const envDir = path.join(envRoot, 'auto-fallback');
    const plan = envPlan({ manager: 'auto', path: envDir, python: wanted });
    const { status } = await run(plan);
    // The fallback ran (python3, as the step documents) and made a real env of this machine's Python …
    expect(recordedCalls(log)).toEqual([['python3', '-c', 'import ensurepip, venv'], ['python3', '-m', 'venv', envDir]]);
    // … which is not what the plan asked for: a clear failure now, not a success whose re-run fails with "choose another folder".
    expect(status.state).toBe('failed');
    expect(status.error?.code).toBe('NOT_AVAILABLE');
    const made = execFileSync(SYSTEM_PYTHON, ['-c', 'import sys; print("%d.%d.%d" % sys.version_info[:3])'], { encoding: 'utf8' }).trim();
    expect(status.error?.message).toBe(`Python ${wanted} is not installed here: python3 made a Python ${made} environment instead, which was removed. Install Python ${wanted} (or uv), then resume.`);
    expect(existsSync(envDir)).toBe(false);
  });
});
