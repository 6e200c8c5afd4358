import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { writeRecordingTool } from './recordingTool.js';

/** The interpreter every stand-in builds its environment with, so later checks run a real Python. */
export const SYSTEM_PYTHON = '/usr/bin/python3';

let systemVersion: string | undefined;

/** SYSTEM_PYTHON's "X.Y": the only Python the stand-ins can provide (neither tool can download one here). */
export function systemPythonVersion(): string {
  systemVersion ??= execFileSync(SYSTEM_PYTHON, ['-c', 'import sys; print("%d.%d" % sys.version_info[:2])'], { encoding: 'utf8' }).trim();
  return systemVersion;
}

function quote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** Prints `text` to a stream exactly (a quoted heredoc: no expansion of $, quotes or backslashes). */
function print(text: string, stream: 'stdout' | 'stderr'): string {
  return `cat${stream === 'stderr' ? ' >&2' : ''} <<'DLSETUP_TEXT_END'\n${text}\nDLSETUP_TEXT_END`;
}

/** sh that fails loudly when the requested Python is not SYSTEM_PYTHON's (a test asking for what the stand-in cannot make). */
function requireSystemPython(variable: string): string {
  const version = systemPythonVersion();
  return `case "$${variable}" in ''|3|${version}|${version}.*) ;; *) echo "stand-in: cannot make Python $${variable}, only ${version} (${SYSTEM_PYTHON})" >&2; exit 70;; esac`;
}

const makeEnv = (prefixVariable: string) => `${SYSTEM_PYTHON} -m venv --without-pip "$${prefixVariable}" || exit 71`;

export type CondaBehaviour =
  /** Solves and creates a working environment at --prefix. */
  | { kind: 'create' }
  /** The solver finds no build of `missing` in `channels` (conda's PackagesNotFoundError). */
  | { kind: 'packages-not-found'; missing: string[]; channels: string[] }
  /** Starts writing the environment, then hangs in a child (`sleep`) until killed; both pids go to `pidFile`. */
  | { kind: 'hang'; pidFile: string };

/** What `conda create` prints on stdout before it solves (conda 24 with the libmamba solver, as in conda/conda#13659). */
function condaSolving(channels: string[], outcome: 'done' | 'failed'): string {
  return ['Channels:', ...channels.map((channel) => ` - ${channel}`), 'Platform: linux-64', 'Collecting package metadata (repodata.json): done', `Solving environment: ${outcome}`].join('\n');
}

/**
 * conda's PackagesNotFoundError report (stderr, exit 1), with this request's packages and channels in it.
 * Real output: https://github.com/conda/conda/issues/13659 (conda 24, libmamba) and https://github.com/conda/conda/issues/6837
 */
export function packagesNotFoundText(missing: string[], channels: string[]): string {
  return [
    '',
    'PackagesNotFoundError: The following packages are not available from current channels:',
    '',
    ...missing.map((spec) => `  - ${spec}`),
    '',
    'Current channels:',
    '',
    ...channels.map((channel) => `  - ${channel.includes('/') || channel === 'defaults' ? channel : `https://conda.anaconda.org/${channel}`}`),
    '',
    "To search for alternate channels that may provide the conda package you're",
    'looking for, navigate to',
    '',
    '    https://anaconda.org',
    '',
    'and use the search bar at the top of the page.',
    '',
  ].join('\n');
}

/**
 * A stand-in `conda` that records its argv to `log` and behaves as `behaviour` says. It understands only
 * `conda create --prefix P [--channel C] python=X …`; on success P holds a real venv (bin/python) and conda-meta/.
 */
export function writeStandInConda(binDir: string, log: string, behaviour: CondaBehaviour): string {
  const parse = [
    '[ "$1" = create ] || { echo "stand-in conda: only create is known" >&2; exit 64; }',
    'prefix=; python=; channels=; prev=',
    'for a in "$@"; do',
    '  [ "$prev" = --prefix ] && prefix=$a',
    '  [ "$prev" = --channel ] && channels="$channels $a"',
    '  case $a in python=*) python=${a#python=};; esac',
    '  prev=$a',
    'done',
    '[ -n "$prefix" ] || { echo "stand-in conda: no --prefix" >&2; exit 64; }',
  ];
  let body: string[];
  if (behaviour.kind === 'packages-not-found') {
    body = [print(condaSolving(behaviour.channels, 'failed'), 'stdout'), print(packagesNotFoundText(behaviour.missing, behaviour.channels), 'stderr'), 'exit 1'];
  } else {
    const solved = [requireSystemPython('python'), 'echo "Channels:"; for c in $channels defaults; do echo " - $c"; done', print(['Platform: linux-64', 'Collecting package metadata (repodata.json): done', 'Solving environment: done', '', '## Package Plan ##', ''].join('\n'), 'stdout'), 'echo "  environment location: $prefix"', 'echo', 'echo "Preparing transaction: done"', 'echo "Verifying transaction: done"'];
    // conda writes conda-meta/ while it links packages: that is what a cancel leaves half done.
    const linking = ['mkdir -p "$prefix/conda-meta" || exit 71', 'echo "==> $(date) <==" > "$prefix/conda-meta/history"'];
    body =
      behaviour.kind === 'create'
        ? [...solved, makeEnv('prefix'), ...linking, 'echo "Executing transaction: done"', 'echo "#"', 'echo "# To activate this environment, use"', 'echo "#"', 'echo "#     $ conda activate $prefix"']
        : [...solved, ...linking, 'echo "Executing transaction: ..."', `sleep 60 & echo "$$ $!" > ${quote(behaviour.pidFile)}`, 'wait'];
  }
  return writeRecordingTool(binDir, 'conda', log, [...parse, ...body].join('\n'));
}

/**
 * uv's answer when the requested Python is neither installed nor downloadable (stderr, exit 2).
 * Real output: https://github.com/astral-sh/uv/issues/16869 (`uv venv --python 3.11.0`, uv 0.9.13).
 */
export function uvNoInterpreterText(version: string): string {
  return `error: No interpreter found for Python ${version} in managed installations or search path`;
}

/**
 * A stand-in `uv` that records its argv to `log`. It understands only `uv venv [--seed] [--python V] PATH` and,
 * like uv without a download for V, finds only SYSTEM_PYTHON: any other V fails with uv's own error.
 */
export function writeStandInUv(binDir: string, log: string): string {
  const version = systemPythonVersion();
  const body = [
    '[ "$1" = venv ] || { echo "stand-in uv: only venv is known" >&2; exit 64; }',
    'shift; python=; target=',
    'while [ $# -gt 0 ]; do',
    '  case $1 in --python) python=$2; shift;; --seed) ;; -*) echo "stand-in uv: unknown flag $1" >&2; exit 64;; *) target=$1;; esac',
    '  shift',
    'done',
    `case "$python" in ''|${version}|${version}.*) ;; *) echo "${uvNoInterpreterText('$python')}" >&2; exit 2;; esac`,
    `echo "Using CPython $(${SYSTEM_PYTHON} -c 'import platform; print(platform.python_version())') interpreter at: ${SYSTEM_PYTHON}" >&2`,
    'echo "Creating virtual environment with seed packages at: $target" >&2',
    makeEnv('target'),
    'echo "Activate with: source $target/bin/activate" >&2',
  ];
  return writeRecordingTool(binDir, 'uv', log, body.join('\n'));
}

/** A stand-in `pythonX.Y` (what venv runs) that records its argv and makes the venv with SYSTEM_PYTHON. */
export function writeStandInPython(binDir: string, log: string, version = systemPythonVersion()): string {
  return writeRecordingTool(binDir, `python${version}`, log, `[ "$1 $2" = "-m venv" ] || exit 64\ntarget=$3\n${makeEnv('target')}`);
}

/** A PATH that holds `binDir` and the system's own tools, and nothing else (no uv or conda from the host). */
export function standInPath(binDir: string): string {
  return [binDir, '/usr/bin', '/bin'].join(path.delimiter);
}
