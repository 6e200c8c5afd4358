import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProgressEvent } from '../../shared/types/install.js';
import { InstallService } from './installService.js';
import { PipProgressParser, parsePipVersion, pipSupportsRawProgress } from './pip/pipProgressParser.js';
import { readJournal } from './journal/runJournal.js';
import { buildTestWheel, startTestIndex, type TestIndex } from '../../testkit/install/wheelIndex.js';
import { testPlan } from '../../testkit/install/testPlan.js';

/** A python whose venvs get pip ≥ 24.1 (raw progress); pyenv's 3.13 bundles pip 24.2 on the dev machine. */
function findPython(wantRaw: boolean): string | null {
  const candidates = [process.env.DLSETUP_TEST_PYTHON, '/root/.pyenv/versions/3.13.0/bin/python3.13', 'python3.13', '/usr/bin/python3', 'python3'].filter(Boolean) as string[];
  for (const python of candidates) {
    try {
      const version = parsePipVersion(execFileSync(python, ['-m', 'pip', '--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
      const venvOk = execFileSync(python, ['-c', 'import venv, ensurepip; print(1)'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() === '1';
      if (version && venvOk && pipSupportsRawProgress(version) === wantRaw) return python;
    } catch {
      // Not here.
    }
  }
  return null;
}

const PAYLOAD = 700_000;
let tmp: string;
let wheels: string;
let index: TestIndex;
const savedHome = process.env.DLSETUP_HOME;
const savedPip = { extraIndex: process.env.PIP_EXTRA_INDEX_URL, findLinks: process.env.PIP_FIND_LINKS };

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-pip-'));
  process.env.DLSETUP_HOME = path.join(tmp, 'home');
  // Only the loopback index, which carries no pip: the run's env cannot get pip >= 25.3, so pip downloads itself (the
  // path these tests cover). This machine's global pip configuration (extra-index-url, find-links) would hand it one.
  execFileSync('mkdir', ['-p', path.join(tmp, 'empty')]);
  process.env.PIP_EXTRA_INDEX_URL = `file://${path.join(tmp, 'empty')}`;
  process.env.PIP_FIND_LINKS = path.join(tmp, 'empty');
  wheels = path.join(tmp, 'wheels');
  execFileSync('mkdir', ['-p', wheels]);
  buildTestWheel(wheels, 'dlsetup-test-alpha', '1.0', PAYLOAD);
  buildTestWheel(wheels, 'dlsetup-test-beta', '2.0', PAYLOAD);
  index = await startTestIndex(wheels);
});

afterAll(async () => {
  await index.close();
  rmSync(tmp, { recursive: true, force: true });
  if (savedHome === undefined) delete process.env.DLSETUP_HOME;
  else process.env.DLSETUP_HOME = savedHome;
  for (const [name, value] of [['PIP_EXTRA_INDEX_URL', savedPip.extraIndex], ['PIP_FIND_LINKS', savedPip.findLinks]] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

function pythonVersion(python: string): string {
  return execFileSync(python, ['-c', 'import sys; print("%d.%d" % sys.version_info[:2])'], { encoding: 'utf8' }).trim();
}

function planFor(python: string, envPath: string) {
  return testPlan([
    {
      id: 'env',
      kind: 'python-env',
      title: 'Create the Python environment',
      elevated: false,
      params: { manager: 'venv', path: envPath, interpreter: python, python: pythonVersion(python), minFreeBytes: 1e6 },
    },
    {
      id: 'fw',
      kind: 'framework',
      title: 'Install the packages',
      elevated: false,
      params: { packages: ['dlsetup-test-alpha==1.0', 'dlsetup-test-beta'], pypiMirror: `${index.url}/simple` },
    },
  ]);
}

async function runPlan(service: InstallService, plan: ReturnType<typeof planFor>) {
  const events: ProgressEvent[] = [];
  const off = service.onProgress((event) => events.push(event));
  const { runId } = service.start(plan);
  const status = await service.wait(runId);
  off();
  return { runId, status, events };
}

const rawPython = findPython(true);
const oldPython = findPython(false);

describe('framework step with a real pip against a loopback index', () => {
  it.skipIf(!rawPython)('shows bytes, speed and ETA from pip --progress-bar raw, then skips on re-run and rolls back', async () => {
    const envPath = path.join(tmp, 'env-raw');
    const service = new InstallService({ elevation: 'direct' });
    const { runId, status, events } = await runPlan(service, planFor(rawPython!, envPath));
    expect(status.error).toBeUndefined();
    expect(status.state).toBe('succeeded');
    expect(status.fraction).toBe(1);

    // The mirror URL was honoured: pip asked our index for both projects and fetched both files.
    expect(index.requests).toEqual(expect.arrayContaining(['/simple/dlsetup-test-alpha/', '/simple/dlsetup-test-beta/']));
    expect(index.requests.filter((p) => p.startsWith('/files/'))).toHaveLength(2);

    const wheelSize = statSync(path.join(wheels, 'dlsetup_test_alpha-1.0-py3-none-any.whl')).size;
    const byteEvents = events.filter((e): e is Extract<ProgressEvent, { type: 'step-progress' }> => e.type === 'step-progress' && !!e.bytes && e.bytes.total === wheelSize);
    expect(byteEvents.length).toBeGreaterThan(0);
    expect(byteEvents.some((e) => e.bytes!.done === wheelSize)).toBe(true);
    // Real raw lines reached the step log, so the format checked here is pip's own.
    const rawLines = events.filter((e) => e.type === 'step-log' && e.stream === 'stdout' && /^Progress \d+ of \d+$/.test(e.line));
    expect(rawLines.length).toBeGreaterThan(0);

    // Overall progress only grows and ends at 1.
    const overall = events.filter((e) => e.type === 'step-progress').map((e) => (e as { overall: number }).overall);
    expect(overall).toEqual([...overall].sort((a, b) => a - b));
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => events[0]!.seq + i));

    const imported = execFileSync(path.join(envPath, 'bin', 'python'), ['-c', 'import dlsetup_test_alpha, dlsetup_test_beta; print(dlsetup_test_alpha.__version__, dlsetup_test_beta.__version__)'], { encoding: 'utf8' });
    expect(imported.trim()).toBe('1.0 2.0');
    const installed = readJournal(runId).flatMap((e) => (e.t === 'change' && e.change.type === 'packages-installed' ? e.change.packages : []));
    expect(installed.sort()).toEqual(['dlsetup-test-alpha', 'dlsetup-test-beta']);

    // Re-running the installed plan changes nothing: every step is skipped.
    const again = await runPlan(service, planFor(rawPython!, envPath));
    expect(again.status.steps.map((s) => s.message ?? s.state)).toEqual([expect.stringContaining('already has Python'), expect.stringContaining('already installed')]);
    expect(again.status.steps.map((s) => s.state)).toEqual(['skipped', 'skipped']);

    // Rollback of the first run removes the environment it created (and only that).
    const preview = await service.rollback(runId, { dryRun: true });
    expect(preview.applied).toBe(false);
    expect(preview.preview.actions.map((a) => a.description)).toEqual([`Remove ${envPath} and everything in it (created by the install)`]);
    expect(existsSync(envPath)).toBe(true);
    const done = await service.rollback(runId);
    expect(done.ok).toBe(true);
    expect(existsSync(envPath)).toBe(false);
  });

  it.skipIf(!oldPython)('falls back to line-based progress with a pip older than 24.1', async () => {
    const envPath = path.join(tmp, 'env-old');
    const service = new InstallService({ elevation: 'direct' });
    const { status, events } = await runPlan(service, planFor(oldPython!, envPath));
    expect(status.state).toBe('succeeded');
    const details = events.filter((e) => e.type === 'step-progress' && e.stepId === 'fw').map((e) => (e as { detail: string }).detail);
    expect(details, JSON.stringify(events.filter((e) => e.type === 'step-log').map((e) => (e as { line: string }).line))).toContain('Downloading dlsetup_test_alpha-1.0-py3-none-any.whl');
    expect(details.some((d) => d.startsWith('Installing '))).toBe(true);
    const info = events.filter((e) => e.type === 'step-log' && e.stream === 'info').map((e) => (e as { line: string }).line);
    expect(info.some((line) => /line-based progress \(pip < 24\.1\)/.test(line))).toBe(true);
  });
});

describe('PipProgressParser', () => {
  it('reads sizes from old pip lines and bytes from raw lines', () => {
    const parser = new PipProgressParser(1);
    expect(parser.line('Collecting torch==2.5.1')).toMatchObject({ fraction: null, detail: 'Resolving torch==2.5.1' });
    const start = parser.line('  Downloading https://download.pytorch.org/whl/cu124/torch-2.5.1%2Bcu124-cp311-cp311-linux_x86_64.whl (908.3 MB)');
    expect(start).toMatchObject({ detail: 'Downloading torch-2.5.1+cu124-cp311-cp311-linux_x86_64.whl', bytes: { total: 908_300_000 } });
    expect(parser.line('Progress 454150000 of 908300000')).toMatchObject({ fraction: 0.45, bytes: { done: 454_150_000, total: 908_300_000 } });
    expect(parser.line('Installing collected packages: torch')?.fraction).toBe(0.92);
    parser.line('Successfully installed torch-2.5.1+cu124');
    expect(parser.installed).toEqual(['torch-2.5.1+cu124']);
  });

  it('knows which pips have --progress-bar raw', () => {
    expect(parsePipVersion(readFileSync('/dev/null', 'utf8') + 'pip 24.2 from /x/pip (python 3.13)')).toBe('24.2');
    expect(pipSupportsRawProgress('24.1')).toBe(true);
    expect(pipSupportsRawProgress('24.0')).toBe(false);
    expect(pipSupportsRawProgress('23.2.1')).toBe(false);
    expect(pipSupportsRawProgress('25.0.1')).toBe(true);
  });
});
