import { constants } from 'node:fs';
import { access, readdir, rm, stat, statfs } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DlsetupError } from '../../../shared/errors.js';
import { formatBytes } from '../../../shared/text/formatBytes.js';
import { hostPathExists, sysrootPath } from '../../system/sysroot.js';
import type { InstallStep, PlannedCommand, StepContext } from '../installStep.js';
import { installText, type InstallSay } from '../../system/installText.js';
import { ParamReader, checkPathUnder, type ParsedParams } from '../stepParams.js';
import { findConda } from '../../system/findConda.js';
import { findOnPath } from '../../system/findOnPath.js';

/**
 * The plan's python-env params, settled: path is where the environment goes (the user chose it, ~ expanded); python
 * "3.11" is the version uv/conda create, for venv the interpreter found as python3.11 (else python3); interpreter an
 * explicit one for venv (/usr/bin/python3).
 */
export type PythonEnvParams = ParsedParams<'python-env', 'manager' | 'path' | 'minFreeBytes' | 'condaPackages', 'python' | 'interpreter' | 'condaChannel'>;

const DEFAULT_MIN_FREE = 8e9;
const VERSION_SCRIPT = 'import sys; print("%d.%d.%d" % sys.version_info[:3])';

/** The Python version of the environment at envPath ("3.11.2"); null when there is none or it does not run. */
async function envPythonVersion(envPath: string, ctx: StepContext): Promise<string | null> {
  if (!(await hostPathExists(path.join(envPath, 'bin', 'python')))) return null;
  const result = await ctx.run([envPython(envPath), '-c', VERSION_SCRIPT], { allowFailure: true, quiet: true });
  return result.exitCode === 0 ? result.stdout.trim() : null;
}

/** "3.11.2" is a "3.11" (and a "3.11.2"), not a "3.1". */
const isVersion = (version: string, wanted: string) => `${version}.`.startsWith(`${wanted}.`);

/** The interpreter inside an environment DL Setup created (venv and conda share the layout on Linux). */
export function envPython(envPath: string): string {
  return sysrootPath(path.join(envPath, 'bin', 'python'));
}

async function nearestExisting(dir: string): Promise<string> {
  let current = dir;
  for (;;) {
    try {
      await stat(sysrootPath(current));
      return current;
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return current;
      current = parent;
    }
  }
}

/** Free space and writability are checked before anything is created (issue 5). */
export async function checkEnvLocation(envPath: string, minFreeBytes: number, say: InstallSay = installText()): Promise<void> {
  const existing = await nearestExisting(envPath);
  try {
    await access(sysrootPath(existing), constants.W_OK);
  } catch {
    throw say.error('INVALID_ARGUMENT', 'pythonEnv.notWritable', { path: existing });
  }
  const fs = await statfs(sysrootPath(existing));
  const free = fs.bavail * fs.bsize;
  if (free < minFreeBytes) {
    throw say.error('DISK_FULL', 'pythonEnv.diskFull', { path: existing, free: formatBytes(free), needed: formatBytes(minFreeBytes) });
  }
}

async function chooseManager(params: PythonEnvParams): Promise<'venv' | 'uv' | 'conda'> {
  if (params.manager !== 'auto') return params.manager;
  return (await findOnPath('uv')) ? 'uv' : 'venv';
}

async function venvInterpreter(params: PythonEnvParams): Promise<string> {
  if (params.interpreter) return params.interpreter;
  if (params.python && (await findOnPath(`python${params.python}`))) return `python${params.python}`;
  return 'python3';
}

const VENV_SCRIPT = 'import ensurepip, venv';

/**
 * Debian and Ubuntu split ensurepip out of the interpreter (pythonX.Y-venv): `python -m venv` would fail half-way with
 * "ensurepip is not available". Asked before anything is created, so the advice comes first and nothing is left behind.
 */
async function checkVenvSupport(interpreter: string, python: string | undefined, ctx: StepContext): Promise<void> {
  const result = await ctx.run([interpreter, '-c', VENV_SCRIPT], { allowFailure: true, quiet: true }).catch(() => null);
  // Only Python's own answer counts: "No module named 'ensurepip'" (or 'venv'); anything else is left to venv itself.
  if (!result || result.exitCode === 0 || !/No module named '?(ensurepip|venv)\b/.test(`${result.stderr}`)) return;
  const version = python ?? (await ctx.run([interpreter, '-c', 'import sys; print("%d.%d" % sys.version_info[:2])'], { allowFailure: true, quiet: true }).catch(() => null))?.stdout.trim();
  const pkg = version && /^3\.\d{1,2}$/.test(version) ? `python${version}-venv` : 'python3-venv';
  throw ctx.say.error('NOT_AVAILABLE', 'pythonEnv.venvMissing', { interpreter, package: pkg });
}

function createArgv(manager: 'venv' | 'uv' | 'conda', params: PythonEnvParams, interpreter: string, conda: string): string[] {
  const target = sysrootPath(params.path);
  if (manager === 'uv') return ['uv', 'venv', '--seed', ...(params.python ? ['--python', params.python] : []), target];
  if (manager === 'conda') {
    // Only the plan's channel (conda-forge): Anaconda's default channels need their Terms of Service accepted first (conda ≥ 25.5),
    // which an unattended create cannot do.
    return [conda, 'create', '--yes', '--prefix', target, '--override-channels', '--channel', params.condaChannel ?? 'conda-forge', `python=${params.python ?? '3'}`, 'pip', ...params.condaPackages];
  }
  return [interpreter, '-m', 'venv', target];
}

export const pythonEnvStep: InstallStep<PythonEnvParams> = {
  kind: 'python-env',
  weight: 3,
  elevated: false,
  parse(raw) {
    const reader = new ParamReader('python-env', raw);
    const rawPath = reader.string('path').replace(/^~(?=\/|$)/, os.homedir());
    return {
      manager: reader.oneOf('manager', ['auto', 'venv', 'uv', 'conda'] as const, 'auto'),
      path: checkPathUnder('python-env', 'path', rawPath, ['/']),
      python: reader.optionalString('python', /^\d+\.\d+(\.\d+)?$/),
      interpreter: reader.optionalString('interpreter', /^[A-Za-z0-9._/+-]+$/),
      minFreeBytes: reader.optionalNumber('minFreeBytes') ?? DEFAULT_MIN_FREE,
      condaChannel: reader.optionalString('condaChannel', /^[a-z0-9][a-z0-9_-]*$/),
      condaPackages: reader.stringList('condaPackages', /^[A-Za-z0-9][A-Za-z0-9._-]*([=<>!]=?[A-Za-z0-9.*+_-]+)*$/),
    };
  },
  async preflight(params, say = installText()) {
    // Before any step runs (a driver install included): a conda plan without conda would stop half-way.
    if (params.manager === 'conda' && !(await findConda())) throw say.error('COMMAND_NOT_FOUND', 'pythonEnv.condaMissing');
  },
  async check(params, ctx) {
    const version = await envPythonVersion(params.path, ctx);
    if (!version) return { satisfied: false, message: '' };
    if (params.python && !isVersion(version, params.python)) {
      throw ctx.say.error('INVALID_ARGUMENT', 'pythonEnv.wrongPython', { path: params.path, found: version, wanted: params.python });
    }
    return { satisfied: true, message: ctx.say('pythonEnv.alreadyThere', { path: params.path, version }) };
  },
  async run(params, ctx: StepContext) {
    await checkEnvLocation(params.path, params.minFreeBytes, ctx.say);
    const real = sysrootPath(params.path);
    let existed = false;
    try {
      const entries = await readdir(real);
      if (entries.length > 0) {
        throw ctx.say.error('INVALID_ARGUMENT', 'pythonEnv.notEmpty', { path: params.path });
      }
      // An empty folder the user picked: keep it, it is theirs.
      existed = true;
    } catch (error) {
      if (error instanceof DlsetupError) throw error;
    }
    const manager = await chooseManager(params);
    if (manager === 'venv') await checkVenvSupport(await venvInterpreter(params), params.python, ctx);
    ctx.progress(0.1, ctx.say('pythonEnv.creating', { manager, path: params.path }));
    if (!existed) ctx.record({ type: 'dir-created', path: params.path, owned: true });
    try {
      const argv = createArgv(manager, params, await venvInterpreter(params), manager === 'conda' ? ((await findConda()) ?? 'conda') : 'conda');
      await ctx.run(argv, { timeoutMs: 15 * 60_000 });
      // venv falls back to python3 when pythonX.Y is missing: an env of another Python would fail the plan's packages and every re-run's check.
      const made = params.python ? await envPythonVersion(params.path, ctx) : null;
      if (made && !isVersion(made, params.python!)) {
        throw ctx.say.error('NOT_AVAILABLE', 'pythonEnv.pythonMissing', { wanted: params.python!, found: made, interpreter: argv[0]! });
      }
    } catch (error) {
      // Partly created and not the user's folder: leave nothing behind.
      if (existed) for (const entry of await readdir(real).catch(() => [])) await rm(path.join(real, entry), { recursive: true, force: true });
      throw error;
    }
    ctx.progress(1, ctx.say('pythonEnv.ready'));
    return { message: ctx.say('pythonEnv.activate', { path: params.path }) };
  },
  describe(params, say = installText()): PlannedCommand[] {
    const manager = params.manager === 'auto' ? 'venv' : params.manager;
    return [
      { argv: [], elevated: false, note: say('pythonEnv.noteCheckSpace', { path: params.path, free: formatBytes(params.minFreeBytes) }) },
      {
        argv: createArgv(manager, params, params.interpreter ?? (params.python ? `python${params.python}` : 'python3'), 'conda'),
        elevated: false,
        note: params.manager === 'auto' ? say('pythonEnv.noteUv') : undefined,
      },
    ];
  },
};
