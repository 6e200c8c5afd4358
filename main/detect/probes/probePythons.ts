import { readdir, realpath } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PythonEnv } from '../../../shared/types/hardware.js';
import { defaultEnvRoot, legacyEnvRoots } from '../../appPaths.js';
import { hostPathExists, listHostDir, readHostBytes, readHostFile, readHostLink, sysrootPath } from '../../system/sysroot.js';
import { findOnPath, isExecutable } from '../../system/findOnPath.js';
import { parseCondaEnvList } from '../parsers/parseCondaEnvList.js';
import { dpkgUpstreamVersion } from '../parsers/dpkgStatus.js';
import { normalizePackageName, parseDistInfoDirName, parseDistMetadata } from '../parsers/parseDistMetadata.js';
import type { ProbeContext } from '../probeContext.js';
import { detectText } from '../detectText.js';
import { runTool, warnUnreadable } from '../runTool.js';

// One process per interpreter, importing nothing heavy; valid Python 2.7 and 3.x.
const SITE_SCRIPT = [
  'import sys, json, site',
  'paths = []',
  'try:\n import sysconfig\n paths += [sysconfig.get_paths().get(k) for k in ("purelib", "platlib")]\nexcept Exception:\n pass',
  'try:\n paths = list(site.getsitepackages()) + paths\nexcept Exception:\n pass',
  'try:\n paths.append(site.getusersitepackages())\nexcept Exception:\n pass',
  // venv needs ensurepip too, which Debian and Ubuntu ship apart (pythonX.Y-venv).
  'try:\n import ensurepip, venv\n can_venv = True\nexcept Exception:\n can_venv = False',
  'print(json.dumps({"version": "%d.%d.%d" % tuple(sys.version_info[:3]), "prefix": sys.prefix, "site": [p for p in paths if p], "venv": can_venv}))',
].join('\n');

/** Packages the report lists: the frameworks and NVIDIA's pip-packaged CUDA libraries. */
const INTERESTING = /^(torch|torchvision|torchaudio|tensorflow|tensorflow-gpu|tensorflow-cpu|tf-nightly|keras|jax|jaxlib|jax-cuda\d+-(plugin|pjrt)|cupy(-cuda\w+)?|nvidia-.+)$/;

interface Candidate {
  /** Host path of the interpreter. */
  path: string;
  kind: PythonEnv['kind'];
  /** Commands on PATH run as they are; interpreters found by path run through the sysroot. */
  onPath?: boolean;
}

function interpreterIn(root: string, platform: NodeJS.Platform): string {
  return platform === 'win32' ? path.join(root, 'python.exe') : path.join(root, 'bin', 'python');
}

/** Env prefixes conda knows (`conda env list --json`), including ones outside the default folders; only when conda is here. */
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
  for (const version of await listHostDir(path.join(pyenvRoot, 'versions'))) {
    found.push({ path: interpreterIn(path.join(pyenvRoot, 'versions', version), context.platform), kind: 'pyenv' });
  }
  const condaRoots = ['miniconda3', 'anaconda3', 'miniforge3', 'mambaforge'].map((name) => path.join(home, name));
  for (const root of condaRoots) {
    if (!(await hostPathExists(root))) continue;
    found.push({ path: interpreterIn(root, context.platform), kind: 'conda' });
    for (const env of await listHostDir(path.join(root, 'envs'))) found.push({ path: interpreterIn(path.join(root, 'envs', env), context.platform), kind: 'conda' });
  }
  if (context.env.CONDA_PREFIX) found.push({ path: interpreterIn(context.env.CONDA_PREFIX, context.platform), kind: 'conda' });
  if (context.env.VIRTUAL_ENV) found.push({ path: interpreterIn(context.env.VIRTUAL_ENV, context.platform), kind: 'venv' });
  // The one environment root, then where older versions put them (~/.dlsetup/envs): those stay found after the move.
  for (const envsDir of [defaultEnvRoot(), ...legacyEnvRoots()]) {
    for (const env of await listHostDir(envsDir)) found.push({ path: interpreterIn(path.join(envsDir, env), context.platform), kind: 'dlsetup' });
  }
  return found;
}

/** Reads name and version of the interesting packages in one site-packages dir, without importing anything. */
export async function readSitePackages(dir: string): Promise<Record<string, string>> {
  const packages: Record<string, string> = {};
  const entries = await listHostDir(dir);
  await Promise.all(
    entries.map(async (entry) => {
      const fromName = parseDistInfoDirName(entry);
      if (!fromName || !INTERESTING.test(normalizePackageName(fromName.name))) return;
      const file = entry.endsWith('.dist-info') ? 'METADATA' : 'PKG-INFO';
      const text = (await readHostFile(path.join(dir, entry, file))) ?? (await readHostFile(path.join(dir, entry)));
      const meta = parseDistMetadata(text ?? '') ?? fromName;
      const name = normalizePackageName(meta.name);
      packages[name] ??= meta.version;
    }),
  );
  return packages;
}

/**
 * The common layouts (pyenv, conda, venv) state their version and site-packages on disk: reading that costs no process.
 * Anything unusual (Debian's dist-packages, Windows, a version we cannot pin) is asked to the interpreter instead.
 */
async function fromLayout(context: ProbeContext, candidate: Candidate): Promise<{ version: string; site: string[] } | null> {
  if (context.platform === 'win32' || candidate.kind === 'system' || candidate.onPath) return null;
  const prefix = path.dirname(path.dirname(candidate.path));
  const libs = (await listHostDir(path.join(prefix, 'lib'))).filter((entry) => /^python\d+\.\d+t?$/.test(entry));
  if (libs.length !== 1) return null;
  const majorMinor = /^python(\d+\.\d+)/.exec(libs[0] as string)?.[1] as string;
  const site = path.join(prefix, 'lib', libs[0] as string, 'site-packages');
  if (!(await hostPathExists(site))) return null;
  const cfg = await readHostFile(path.join(prefix, 'pyvenv.cfg'));
  const fromCfg = /^version(?:_info)?\s*=\s*(\d+\.\d+\.\d+)/m.exec(cfg ?? '')?.[1];
  const fromConda = (await listHostDir(path.join(prefix, 'conda-meta'))).map((entry) => /^python-(\d+\.\d+\.\d+)-/.exec(entry)?.[1]).find(Boolean);
  const fromDir = candidate.kind === 'pyenv' ? /^(\d+\.\d+\.\d+)$/.exec(path.basename(prefix))?.[1] : undefined;
  const version = fromCfg ?? fromConda ?? fromDir;
  if (!version || !version.startsWith(`${majorMinor}.`)) return null;
  // A venv without system site packages sees only its own dir; others also see the user site.
  const isolated = cfg !== null && !/include-system-site-packages\s*=\s*true/i.test(cfg);
  const userSite = path.join(os.homedir(), '.local', 'lib', `python${majorMinor}`, 'site-packages');
  return { version, site: isolated ? [site] : [site, userSite] };
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

/** Asks the interpreter itself (one process): version and every site dir, whatever the layout. */
export async function askPython(context: ProbeContext, executable: string, label: string): Promise<{ version: string; site: string[]; venv?: boolean } | null> {
  const purpose = detectText(context.locale)('purpose.python', { path: label });
  // -E: the answer depends on the interpreter, a venv's pyvenv.cfg and HOME (the user site dir), nothing else.
  const dependencies = { files: [executable, path.join(path.dirname(path.dirname(executable)), 'pyvenv.cfg')], envNames: ['HOME'] };
  const outcome = await runTool(context, [executable, '-E', '-c', SITE_SCRIPT], purpose, dependencies);
  if (!outcome.ok) return null;
  let parsed: { version?: unknown; site?: unknown; venv?: unknown };
  try {
    parsed = JSON.parse(outcome.result.stdout.trim().split(/\r?\n/).pop() ?? '') as typeof parsed;
  } catch {
    warnUnreadable(context, [label], outcome.result, purpose);
    return null;
  }
  if (typeof parsed.version !== 'string') return null;
  const site = (Array.isArray(parsed.site) ? parsed.site : []).filter((entry): entry is string => typeof entry === 'string');
  return { version: parsed.version, site, ...(typeof parsed.venv === 'boolean' ? { venv: parsed.venv } : {}) };
}

async function inspect(context: ProbeContext, candidate: Candidate): Promise<PythonEnv | null> {
  const known = await fromLayout(context, candidate);
  if (known) return withPackages(candidate, known.version, known.site);
  // A PATH command is a host path only when there is no simulated root.
  const hostReadable = !candidate.onPath || sysrootPath('/') === '/';
  const system = context.platform === 'linux' && hostReadable ? await debianSystemPython(candidate.path, context.env) : null;
  if (system) return withPackages(candidate, system.version, system.site, system.venv);
  const asked = await askPython(context, candidate.onPath ? candidate.path : sysrootPath(candidate.path), candidate.path);
  return asked ? withPackages(candidate, asked.version, asked.site, candidate.kind === 'system' ? asked.venv : undefined) : null;
}

async function withPackages(candidate: Candidate, version: string, site: string[], venv?: boolean): Promise<PythonEnv> {
  const sitePackages = [...new Set(site)];
  const packages: Record<string, string> = {};
  // sys.path order: the first site dir that has a package is the one Python imports.
  for (const found of await Promise.all(sitePackages.map(readSitePackages))) {
    for (const [name, version] of Object.entries(found)) packages[name] ??= version;
  }
  return { path: candidate.path, version, kind: candidate.kind, packages, sitePackages, ...(venv === undefined ? {} : { venv }) };
}

/** Every Python we can find (PATH, system, pyenv, conda, venvs DL Setup made), each asked once for its site dirs. */
export async function probePythons(context: ProbeContext): Promise<PythonEnv[]> {
  // conda starts a Python of its own: its extra envs are inspected when it answers, the rest meanwhile.
  const fromConda = condaEnvPrefixes(context);
  // The same interpreter is often reachable several ways (PATH, /usr/bin, a symlinked env, conda's list): ask it once.
  const seen = new Set<string>();
  const inspectUnique = async (all: Candidate[]): Promise<PythonEnv[]> => {
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
    const envs = await Promise.all(unique.map((candidate) => inspect(context, candidate)));
    return envs.filter((env): env is PythonEnv => env !== null);
  };
  const first = await inspectUnique(await candidates(context));
  const condaOnly = (await fromConda).map((prefix): Candidate => ({ path: interpreterIn(prefix, context.platform), kind: 'conda' }));
  return condaOnly.length > 0 ? [...first, ...(await inspectUnique(condaOnly))] : first;
}
