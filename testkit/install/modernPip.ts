import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * What the framework step's pip tests need from this machine: a Python that can make venvs, a pip ≥ 25.3 wheel (the
 * pip that resolves from PEP 658 metadata alone), pip kept to the step's own index, and the environment put back.
 */

/** The first interpreter that can make a venv with pip in it (DLSETUP_TEST_PYTHON first), or undefined: tests skip. */
export const VENV_PYTHON = [process.env.DLSETUP_TEST_PYTHON, '/root/.pyenv/versions/3.13.0/bin/python3.13', 'python3.13', 'python3'].find((candidate) => {
  try {
    return !!candidate && execFileSync(candidate, ['-c', 'import venv, ensurepip; print(1)'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() === '1';
  } catch {
    return false;
  }
});

/** A pip ≥ 25.3 wheel from this machine's own pip configuration (a local index or wheel folder), or none: the test is skipped. */
export function newPipWheel(dir: string): string | null {
  try {
    execFileSync('python3', ['-m', 'pip', 'download', 'pip>=25.3', '--no-deps', '-d', dir, '--retries', '0', '--timeout', '5', '-q'], { stdio: 'ignore', timeout: 60_000 });
    const wheel = readdirSync(dir).find((file) => /^pip-.*\.whl$/.test(file));
    return wheel ? path.join(dir, wheel) : null;
  } catch {
    return null;
  }
}

/** Why a modern-pip test cannot run here (said in its describe name), or '' when it can. */
export function whyNoModernPip(pipWheel: string | null): string {
  return !VENV_PYTHON ? 'no Python with venv + ensurepip' : !pipWheel ? 'no pip >= 25.3 wheel on this machine\'s package index' : '';
}

/** The version a pip wheel's file name carries (pip-25.3-py3-none-any.whl → 25.3). */
export function pipWheelVersion(wheel: string): string {
  return /^pip-([^-]+)-/.exec(path.basename(wheel))![1]!;
}

/**
 * Only the step's index: this machine's pip configuration (global extra-index-url, find-links, which no
 * PIP_CONFIG_FILE hides) would hand pip a pip wheel. Environment variables override it with an empty folder in `dir`.
 */
export function isolatePipFromMachineConfig(dir: string): void {
  const empty = path.join(dir, 'empty');
  mkdirSync(empty);
  process.env.PIP_EXTRA_INDEX_URL = `file://${empty}`;
  process.env.PIP_FIND_LINKS = empty;
}

/** Saves these environment variables now; the returned function puts each back (or removes it) after the tests. */
export function saveEnv(names: readonly string[]): () => void {
  const saved = names.map((name) => [name, process.env[name]] as const);
  return () => {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
}

/** The interpreter's X.Y, as a python-env step's params name it. */
export function pythonVersionOf(python: string): string {
  return execFileSync(python, ['-c', 'import sys; print("%d.%d" % sys.version_info[:2])'], { encoding: 'utf8' }).trim();
}

/** The pip version a venv holds, as `pip --version` reports it. */
export function pipIn(envPath: string): string {
  return /^pip (\S+)/.exec(execFileSync(path.join(envPath, 'bin', 'python'), ['-m', 'pip', '--version'], { encoding: 'utf8' }))![1]!;
}

/** A venv whose pip is this wheel (offline: the wheel is the only source). */
export function venvWithPip(python: string, envPath: string, pipWheel: string): void {
  execFileSync(python, ['-m', 'venv', envPath]);
  execFileSync(path.join(envPath, 'bin', 'python'), ['-m', 'pip', 'install', '-q', '--no-index', '--disable-pip-version-check', pipWheel]);
}
