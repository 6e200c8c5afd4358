import { readdir, realpath } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { NotCheckedPython, PythonEnv } from '../../../shared/types/hardware.js';
import { defaultEnvRoot, legacyEnvRoots } from '../../appPaths.js';
import { hostPathExists, readHostBytes, readHostFile, readHostLink, sysrootPath } from '../../system/sysroot.js';
import { findOnPath, isExecutable } from '../../system/findOnPath.js';
import { parseCondaEnvList } from '../parsers/parseCondaEnvList.js';
import { dpkgUpstreamVersion } from '../parsers/dpkgStatus.js';
import { normalizePackageName, parseDistInfoDirName, parseDistMetadata } from '../parsers/parseDistMetadata.js';
import type { ProbeContext } from '../probeContext.js';
import { detectText } from '../detectText.js';
import { interpreterOwnership } from '../interpreterOwner.js';
import { ENVIRONMENT_READ_LIMITS, listDirBounded, readFilePrefix, ReadBudget } from '../readEnvironmentFiles.js';
import { environmentLayout, environmentPrefix } from './environmentLayout.js';
import { askPython, rememberedPython } from './askPython.js';
import { runTool, warnUnreadable } from '../runTool.js';
import { ALL_FRAMEWORK_SPECS } from '../../../shared/frameworks/registry.js';

export { askPython } from './askPython.js';

/** Packages the report lists: each framework's distributions (its spec), their usual companions and NVIDIA's pip-packaged CUDA libraries. */
const INTERESTING = new RegExp(
  `^(${[...ALL_FRAMEWORK_SPECS.flatMap((spec) => [...spec.distributions, ...spec.companionDistributions]), 'torchvision', 'torchaudio', 'tf-nightly', 'keras', 'cupy(-cuda\\w+)?', 'nvidia-.+'].join('|')})$`,
);

interface Candidate {
  /** Host path of the interpreter. */
  path: string;
  kind: PythonEnv['kind'];
  /** Commands on PATH run as they are; interpreters found by path run through the sysroot. */
  onPath?: boolean;
}

/** What detection found: the Pythons it read, and the environments it did not check (read-only: never started). */
export interface PythonProbeResult {
  pythons: PythonEnv[];
  notChecked: NotCheckedPython[];
}

/**
 * The read-only rule (issue 27 item 3): an interpreter inside an environment folder — pyenv's versions, conda's base and
 * envs, CONDA_PREFIX, VIRTUAL_ENV, DL Setup's environments, every prefix `conda env list` names — is read from disk and
 * never started by detection. Only the system's Python (the python3 commands on the caller's PATH, /usr/bin/python3)
 * may be asked, and only when it is the caller's or root's (interpreterOwnership).
 */
function isSystemCandidate(candidate: Candidate): boolean {
  return candidate.kind === 'system';
}

/** Folders listed for environments (pyenv versions, conda envs, DL Setup's root): at most this many names each. */
const ENV_FOLDERS_LISTED = 256;

async function listEnvFolder(hostPath: string): Promise<string[]> {
  return (await listDirBounded(hostPath, ENV_FOLDERS_LISTED)).names.sort();
}

function interpreterIn(root: string, platform: NodeJS.Platform): string {
  return platform === 'win32' ? path.join(root, 'python.exe') : path.join(root, 'bin', 'python');
}

/**
 * Env prefixes conda knows (`conda env list --json`), including ones outside the default folders; only when conda is here.
 * This runs the caller's own conda (on PATH, or CONDA_EXE); the prefixes it prints are data, never started.
 */
async function condaEnvPrefixes(context: ProbeContext): Promise<string[]> {
  // On Windows the conda on PATH is a .bat that needs a shell; conda.exe from CONDA_EXE does not.
  const onPath = context.platform === 'win32' ? null : await findOnPath('conda', context.env);
  const fromEnv = context.env.CONDA_EXE;
  // CONDA_EXE names a host path (conda's own activation sets it); a PATH command runs as it is.
  const executable = onPath ?? (fromEnv && path.isAbsolute(fromEnv) && (await hostPathExists(fromEnv)) ? sysrootPath(fromEnv) : null);
  if (!executable) return [];
  const purpose = detectText(context.locale)('purpose.condaEnvs');
  const outcome = await runTool(context, [executable, 'env', 'list', '--json'], purpose);
  if (!outcome.ok) return [];
  const prefixes = parseCondaEnvList(outcome.result.stdout);
  if (prefixes.length === 0 && outcome.result.stdout.trim() !== '') warnUnreadable(context, [executable, 'env', 'list', '--json'], outcome.result, purpose);
  return prefixes;
}

/** At most this many PATH folders are listed and this many pythonX.Y commands kept: PATH can be long, probes are bounded. */
const PATH_DIRS_LISTED = 32;
const VERSIONED_KEPT = 12;

/**
 * pythonX.Y commands on PATH beside `python3`: Ubuntu 22.04 with deadsnakes' /usr/bin/python3.12 next to its 3.10
 * python3. One directory listing per PATH folder (no process); each new interpreter is then inspected like the others,
 * so duplicates (python3 -> python3.10) are asked once and answers are cached by the probe run cache.
 */
async function versionedOnPath(context: ProbeContext, shim: RegExp): Promise<Candidate[]> {
  if (context.platform === 'win32') return [];
  const dirs = [...new Set((context.env.PATH ?? '').split(path.delimiter).filter((dir) => path.isAbsolute(dir) && !shim.test(`${dir}/`)))].slice(0, PATH_DIRS_LISTED);
  const listed = await Promise.all(dirs.map(async (dir) => ({ dir, names: await readdir(dir).catch(() => [] as string[]) })));
  const found: Candidate[] = [];
  for (const { dir, names } of listed) {
    const versioned = names.filter((name) => /^python3\.\d{1,2}$/.test(name)).sort((a, b) => Number(b.slice(8)) - Number(a.slice(8)));
    for (const name of versioned) {
      const file = path.join(dir, name);
      if (found.length < VERSIONED_KEPT && isExecutable(file)) found.push({ path: file, kind: 'system', onPath: true });
    }
  }
  return found;
}

async function candidates(context: ProbeContext): Promise<Candidate[]> {
  const home = os.homedir();
  const found: Candidate[] = [];
  const onPath = await findOnPath(context.platform === 'win32' ? 'python' : 'python3', context.env);
  // A pyenv shim only forwards to one of the versions listed below; running it costs a bash start (also when linked).
  const shim = /[\\/]\.pyenv[\\/]shims[\\/]/;
  if (onPath && !shim.test(onPath) && !shim.test(await realpath(onPath).catch(() => onPath))) found.push({ path: onPath, kind: 'system', onPath: true });
  if (context.platform !== 'win32' && (await hostPathExists('/usr/bin/python3'))) found.push({ path: '/usr/bin/python3', kind: 'system' });
  found.push(...(await versionedOnPath(context, shim)));
  const pyenvRoot = context.env.PYENV_ROOT ?? path.join(home, '.pyenv');
  for (const version of await listEnvFolder(path.join(pyenvRoot, 'versions'))) {
    found.push({ path: interpreterIn(path.join(pyenvRoot, 'versions', version), context.platform), kind: 'pyenv' });
  }
  const condaRoots = ['miniconda3', 'anaconda3', 'miniforge3', 'mambaforge'].map((name) => path.join(home, name));
  for (const root of condaRoots) {
    if (!(await hostPathExists(root))) continue;
    found.push({ path: interpreterIn(root, context.platform), kind: 'conda' });
    for (const env of await listEnvFolder(path.join(root, 'envs'))) found.push({ path: interpreterIn(path.join(root, 'envs', env), context.platform), kind: 'conda' });
  }
  if (context.env.CONDA_PREFIX) found.push({ path: interpreterIn(context.env.CONDA_PREFIX, context.platform), kind: 'conda' });
  if (context.env.VIRTUAL_ENV) found.push({ path: interpreterIn(context.env.VIRTUAL_ENV, context.platform), kind: 'venv' });
  // The one environment root, then where older versions put them (~/.dlsetup/envs): those stay found after the move.
  for (const envsDir of [defaultEnvRoot(), ...legacyEnvRoots()]) {
    for (const env of await listEnvFolder(envsDir)) found.push({ path: interpreterIn(path.join(envsDir, env), context.platform), kind: 'dlsetup' });
  }
  return found;
}

/**
 * Reads name and version of the interesting packages in one site-packages dir, without importing anything: a bounded
 * listing, at most distributionsPerSiteDir of them, each METADATA's first 256 KiB (issue 27 item 7). A name or version
 * that is not well-formed (escapes, spaces, not PEP 440) is not reported.
 */
export async function readSitePackages(dir: string, budget: ReadBudget = new ReadBudget()): Promise<Record<string, string>> {
  const packages: Record<string, string> = {};
  const wanted = (await listDirBounded(dir)).names
    .sort()
    .flatMap((entry) => {
      const fromName = parseDistInfoDirName(entry);
      return fromName && INTERESTING.test(normalizePackageName(fromName.name)) ? [{ entry, fromName }] : [];
    })
    .slice(0, ENVIRONMENT_READ_LIMITS.distributionsPerSiteDir);
  for (const { entry, fromName } of wanted) {
    const wheel = entry.endsWith('.dist-info');
    let read = await readFilePrefix(path.join(dir, entry, wheel ? 'METADATA' : 'PKG-INFO'), ENVIRONMENT_READ_LIMITS.metadataPrefixBytes, budget);
    // An egg-info may be the file itself (setuptools' older layout); Debian's python3-* packages use folders.
    if (!read.ok && !wheel) read = await readFilePrefix(path.join(dir, entry), ENVIRONMENT_READ_LIMITS.metadataPrefixBytes, budget);
    const meta = (read.ok ? parseDistMetadata(read.text) : null) ?? fromName;
    packages[normalizePackageName(meta.name)] ??= meta.version;
  }
  return packages;
}

/** The host path a link chain ends at (/usr/bin/python3 → /usr/bin/python3.11), a few hops at most. */
async function resolveHostLinks(hostPath: string): Promise<string> {
  let current = hostPath;
  for (let hop = 0; hop < 8; hop++) {
    const target = await readHostLink(current);
    if (!target) return current;
    current = path.normalize(target);
  }
  return current;
}

/**
 * Debian's and Ubuntu's own interpreter (/usr/bin/pythonX.Y from the pythonX.Y-minimal package, Python 3.10+ with
 * Debian's posix_local scheme) states its version in dpkg's records and has fixed site dirs: the same answer as asking
 * it, without starting it. Anything else (a hand-built /usr/bin/python, an older layout) returns null and is asked.
 */
export async function debianSystemPython(hostPath: string, env: NodeJS.ProcessEnv): Promise<{ version: string; site: string[]; venv: boolean } | null> {
  const real = await resolveHostLinks(hostPath);
  const majorMinor = /^\/usr\/bin\/python(3\.\d+)$/.exec(real)?.[1];
  if (!majorMinor) return null;
  const lib = `/usr/lib/python${majorMinor}`;
  const [owned, status, sitePy, sysconfigPy, venvCfg, ensurepip] = await Promise.all([
    readHostFile(`/var/lib/dpkg/info/python${majorMinor}-minimal.list`),
    readHostBytes('/var/lib/dpkg/status'),
    readHostFile(`${lib}/site.py`),
    readHostFile(`${lib}/sysconfig.py`),
    hostPathExists('/usr/pyvenv.cfg'),
    // pythonX.Y-venv ships ensurepip into the stdlib; without it `-m venv` fails.
    hostPathExists(`${lib}/ensurepip/__init__.py`),
  ]);
  if (!owned || !owned.split('\n').includes(real) || !status || venvCfg) return null;
  // Debian's patches: site.py adds the dist-packages dirs, sysconfig.py's posix_local/deb_system schemes point inside them.
  if (!sitePy?.includes('"dist-packages"') || !sysconfigPy?.includes("'posix_local'") || !sysconfigPy.includes("'deb_system'")) return null;
  const version = dpkgUpstreamVersion(status, `python${majorMinor}-minimal`);
  if (!version?.startsWith(`${majorMinor}.`)) return null;
  const userBase = env.PYTHONUSERBASE || path.join(env.HOME || os.homedir(), '.local');
  return {
    version,
    venv: ensurepip,
    site: [`/usr/local/lib/python${majorMinor}/dist-packages`, '/usr/lib/python3/dist-packages', `${lib}/dist-packages`, path.join(userBase, 'lib', `python${majorMinor}`, 'site-packages')],
  };
}

type Inspected = { env: PythonEnv } | { notChecked: NotCheckedPython } | null;

/** The system's Python: Debian's from dpkg's records, else asked, when it is the caller's or root's. */
async function inspectSystem(context: ProbeContext, candidate: Candidate, budget: ReadBudget): Promise<Inspected> {
  // A PATH command is a host path only when there is no simulated root.
  const hostReadable = !candidate.onPath || sysrootPath('/') === '/';
  const system = context.platform === 'linux' && hostReadable ? await debianSystemPython(candidate.path, context.env) : null;
  if (system) return { env: await withPackages(candidate, system.version, system.site, budget, system.venv) };
  // An activated venv's python3 on PATH states itself on disk like any environment: no process either.
  const known = hostReadable && context.platform !== 'win32' ? await environmentLayout(candidate.path, candidate.kind, context.platform, budget) : null;
  if (known) return { env: await withPackages(candidate, known.version, known.site, budget) };
  const executable = candidate.onPath ? candidate.path : sysrootPath(candidate.path);
  const ownership = await interpreterOwnership(executable);
  if (!ownership.ours) return { notChecked: { path: candidate.path, kind: candidate.kind, reason: 'otherUser', ...(ownership.uid === null ? {} : { uid: ownership.uid }) } };
  const asked = await askPython(context, executable, candidate.path);
  return asked ? { env: await withPackages(candidate, asked.version, asked.site, budget, asked.venv) } : null;
}

/** An environment folder's interpreter: its layout from disk, else what it answered when the user let it run; never started. */
async function inspectEnvironment(context: ProbeContext, candidate: Candidate, budget: ReadBudget): Promise<Inspected> {
  const known = await environmentLayout(candidate.path, candidate.kind, context.platform, budget);
  if (known) return { env: await withPackages(candidate, known.version, known.site, budget) };
  const remembered = await rememberedPython(context, sysrootPath(candidate.path));
  if (remembered) return { env: await withPackages(candidate, remembered.version, remembered.site, budget) };
  return { notChecked: { path: candidate.path, kind: candidate.kind, reason: budget.exhausted ? 'overLimits' : 'unreadable' } };
}

async function withPackages(candidate: Candidate, version: string, site: string[], budget: ReadBudget, venv?: boolean): Promise<PythonEnv> {
  const sitePackages = [...new Set(site)];
  const packages: Record<string, string> = {};
  // sys.path order: the first site dir that has a package is the one Python imports.
  for (const found of await Promise.all(sitePackages.map((dir) => readSitePackages(dir, budget)))) {
    for (const [name, version] of Object.entries(found)) packages[name] ??= version;
  }
  return { path: candidate.path, version, kind: candidate.kind, packages, sitePackages, ...(venv === undefined ? {} : { venv }) };
}

/** The sentence that says an environment was not checked, and the way on. */
function notCheckedWarning(context: ProbeContext, entry: NotCheckedPython): string {
  const say = detectText(context.locale);
  const prefix = environmentPrefix(entry.path, context.platform);
  if (entry.reason === 'otherUser') return say('python.otherUser', { path: entry.path, uid: entry.uid ?? '?', prefix });
  if (entry.reason === 'overLimits') return say('python.overLimits', { path: entry.path, prefix, mb: ENVIRONMENT_READ_LIMITS.runBytes / (1024 * 1024), seconds: ENVIRONMENT_READ_LIMITS.runMs / 1000 });
  return say('python.notChecked', { path: entry.path });
}

/**
 * Every Python we can find (PATH, system, pyenv, conda, venvs DL Setup made). Environments are read from disk only;
 * those whose layout cannot be read come back as not checked, each with a warning that says how to check it.
 */
export async function probePythons(context: ProbeContext, budget: ReadBudget = new ReadBudget()): Promise<PythonProbeResult> {
  // conda starts a Python of its own: its extra envs are inspected when it answers, the rest meanwhile.
  const fromConda = condaEnvPrefixes(context);
  // The same interpreter is often reachable several ways (PATH, /usr/bin, a symlinked env, conda's list): look once.
  const seen = new Set<string>();
  const inspectUnique = async (all: Candidate[]): Promise<Inspected[]> => {
    const resolved = await Promise.all(
      all.map(async (candidate) => {
        const file = candidate.onPath ? candidate.path : sysrootPath(candidate.path);
        if (!candidate.onPath && !(await hostPathExists(candidate.path))) return null;
        return realpath(file).catch(() => file);
      }),
    );
    const unique = all.filter((_, at) => {
      const real = resolved[at];
      if (!real || seen.has(real)) return false;
      seen.add(real);
      return true;
    });
    return Promise.all(unique.map((candidate) => (isSystemCandidate(candidate) ? inspectSystem(context, candidate, budget) : inspectEnvironment(context, candidate, budget))));
  };
  const first = await inspectUnique(await candidates(context));
  const condaOnly = (await fromConda).map((prefix): Candidate => ({ path: interpreterIn(prefix, context.platform), kind: 'conda' }));
  const all = condaOnly.length > 0 ? [...first, ...(await inspectUnique(condaOnly))] : first;
  const pythons = all.flatMap((found) => (found && 'env' in found ? [found.env] : []));
  const notChecked = all.flatMap((found) => (found && 'notChecked' in found ? [found.notChecked] : []));
  for (const entry of notChecked) context.warn(notCheckedWarning(context, entry));
  return { pythons, notChecked };
}
