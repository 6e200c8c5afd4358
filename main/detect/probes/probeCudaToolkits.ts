import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { CudaToolkit, PythonEnv } from '../../../shared/types/hardware.js';
import { hostPathExists, listHostDir, readHostFile, readHostLink, sysrootPath } from '../../system/sysroot.js';
import { hostPathOf, hostRealPath } from '../hostRealPath.js';
import { findOnPath } from '../../system/findOnPath.js';
import { parseCudaVersionFile } from '../parsers/parseCudaVersionFile.js';
import { parseDistInfoDirName } from '../parsers/parseDistMetadata.js';
import { parseNvccVersion } from '../parsers/parseNvccVersion.js';
import { upstreamOf } from '../parsers/dpkgStatus.js';
import type { ProbeContext } from '../probeContext.js';
import { detectText } from '../detectText.js';
import { runTool, type ToolOutcome } from '../runTool.js';
import { DEBIAN_TOOLKIT_NVCC, DEBIAN_TOOLKIT_PACKAGE, DEBIAN_TOOLKIT_ROOT, debianToolkitRoot, findDebianToolkit } from './debianCudaToolkit.js';

export interface ToolkitProbeResult {
  toolkits: CudaToolkit[];
  /** What `nvcc --version` on PATH says, whichever toolkit it belongs to. */
  nvccOnPath: { path: string; version: string | null } | null;
  /** Every name each listed toolkit was reached by (its folder, /usr/local/cuda, CUDA_HOME's value, the PATH nvcc's folder), by its path. */
  locations: Record<string, string[]>;
}

async function versionFromFiles(root: string): Promise<string | null> {
  for (const file of ['version.json', 'version.txt']) {
    const version = parseCudaVersionFile((await readHostFile(path.join(root, file))) ?? '');
    if (version) return version;
  }
  // Toolkits assembled from NVIDIA's wheels carry dist-info records instead of version.json.
  for (const entry of await listHostDir(path.join(root, 'dist-info'))) {
    const parsed = parseDistInfoDirName(entry);
    if (parsed && /^nvidia_cuda_nvcc/i.test(parsed.name)) return parsed.version;
  }
  return null;
}

/** `exec /usr/local/cuda-13.0/bin/nvcc "$@"` and nothing else (comments aside): a wrapper whose answer is its target's. */
function wrapperTarget(script: string): string | null {
  if (!script.startsWith('#!') || script.length > 4096) return null;
  const lines = script.split(/\r?\n/).slice(1).map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('#'));
  if (lines.length !== 1) return null;
  return /^exec\s+(?:"([^"$`\\]+)"|'([^']+)'|([^\s"'$`\\;&|]+))\s+"\$@"$/.exec(lines[0] as string)?.slice(1).find(Boolean) ?? null;
}

/** A toolkit folder as detection found it: the name it is listed under, the folder it really is, where it was found first, and every name that reached it. */
interface ToolkitRoot {
  path: string;
  real: string;
  source: string;
  names: string[];
}

/** The known toolkit whose nvcc the PATH nvcc is (the same file, or a one-line exec wrapper of it), if any. */
async function toolkitReachedBy(nvccPath: string, roots: ToolkitRoot[], nvccOf: (root: string) => string): Promise<ToolkitRoot | null> {
  const candidates = await Promise.all(roots.map(async (root) => ({ root, real: await hostRealPath(nvccOf(root.path)) })));
  // Inside the machine being detected (the PATH folder is /usr/local/cuda/bin there), the file is followed as that machine follows it.
  const inHost = hostPathOf(nvccPath);
  const real = inHost !== null ? await hostRealPath(inHost) : await realpath(nvccPath).catch(() => null);
  const same = candidates.find((candidate) => real !== null && candidate.real === real);
  if (same) return same.root;
  // A PATH command outside the simulated root is a file of this machine (like findOnPath); only small ones are scripts.
  const file = await realpath(nvccPath).catch(() => null);
  if (!file) return null;
  const script = await stat(file).then((info) => (info.size <= 4096 ? readFile(file, 'utf8') : ''), () => '');
  const target = wrapperTarget(script);
  if (!target || !path.isAbsolute(target)) return null;
  // The target is a path of the machine being detected (Debian's /usr/bin/nvcc execs /usr/lib/nvidia-cuda-toolkit/bin/nvcc),
  // or, from a wrapper outside a simulated root, this machine's path into it.
  const targetReal = await hostRealPath(hostPathOf(target) ?? target);
  return candidates.find((candidate) => candidate.real === targetReal)?.root ?? null;
}

/**
 * Every CUDA Toolkit, not only the one on PATH: /usr/local/cuda-*, the /usr/local/cuda symlink (the active one),
 * /opt/cuda, CUDA_HOME/CUDA_PATH, nvcc on PATH; each with its version and whether its nvcc actually runs. One folder is one
 * toolkit whatever names reach it (/usr/local/cuda, NVIDIA's /etc/alternatives links, /usr/local/cuda-12, CUDA_HOME): it is
 * listed once, under its own folder's name.
 */
export async function probeCudaToolkits(context: ProbeContext): Promise<ToolkitProbeResult> {
  const say = detectText(context.locale);
  const roots: ToolkitRoot[] = [];
  const debian = context.platform !== 'win32' ? await findDebianToolkit() : null;
  // With Debian's package, /usr/lib/cuda and /usr/lib/nvidia-cuda-toolkit are its /usr install, not toolkits of their own.
  const canonical = (root: string) => {
    const clean = path.normalize(root).replace(/(.)[\\/]+$/, '$1');
    return debian ? debianToolkitRoot(clean) : clean;
  };
  const add = async (root: string, source: string, name = root): Promise<ToolkitRoot> => {
    const clean = canonical(root);
    const real = context.platform === 'win32' ? clean : canonical(await hostRealPath(clean));
    const known = roots.find((entry) => entry.path === clean || entry.real === real);
    if (!known) {
      roots.push({ path: clean, real, source, names: [...new Set([clean, canonical(name)])] });
      return roots.at(-1) as ToolkitRoot;
    }
    // The same folder by another name: listed once, under the folder's own name rather than a link's.
    if (known.path !== known.real && clean === real) known.path = clean;
    for (const other of [clean, canonical(name)]) if (!known.names.includes(other)) known.names.push(other);
    return known;
  };
  let active: ToolkitRoot | null = null;
  if (context.platform !== 'win32') {
    for (const entry of await listHostDir('/usr/local')) if (/^cuda-\d+(\.\d+)*$/.test(entry)) await add(`/usr/local/${entry}`, '/usr/local');
    if (debian) await add(DEBIAN_TOOLKIT_ROOT, `Debian package ${DEBIAN_TOOLKIT_PACKAGE}`);
    for (const fixed of ['/opt/cuda', '/usr/lib/cuda']) if (await hostPathExists(path.join(fixed, 'bin'))) await add(fixed, fixed);
    // The /usr/local/cuda link names the active toolkit: the folder it ends at, through NVIDIA's /etc/alternatives links too.
    if (await readHostLink('/usr/local/cuda')) active = await add(await hostRealPath('/usr/local/cuda'), '/usr/local/cuda', '/usr/local/cuda');
    else if (await hostPathExists('/usr/local/cuda/bin')) active = await add('/usr/local/cuda', '/usr/local/cuda');
  }
  for (const variable of ['CUDA_HOME', 'CUDA_PATH']) {
    const value = context.env[variable];
    if (value && (await hostPathExists(value))) await add(value, variable);
  }
  const nvccPath = await findOnPath(context.platform === 'win32' ? 'nvcc.exe' : 'nvcc', context.env);
  // Each toolkit's nvcc runs once: the nvcc on PATH is often the same file or a wrapper that execs one of them.
  const runs = new Map<string, Promise<ToolOutcome>>();
  const runNvcc = (root: string, nvcc: string) => {
    if (!runs.has(root)) runs.set(root, runTool(context, [sysrootPath(nvcc), '--version'], say('purpose.nvccRuns', { path: root }), { files: [sysrootPath(nvcc)] }));
    return runs.get(root) as Promise<ToolOutcome>;
  };
  const nvccOf = (root: string) => (debian && root === DEBIAN_TOOLKIT_ROOT ? DEBIAN_TOOLKIT_NVCC : path.join(root, 'bin', context.platform === 'win32' ? 'nvcc.exe' : 'nvcc'));
  // The toolkit a user's shell runs: nvcc on PATH, when it is (or execs) one found here, outranks the /usr/local/cuda link.
  const pathHome = nvccPath ? canonical(path.dirname(path.dirname(hostPathOf(nvccPath) ?? nvccPath))) : null;
  const shellRoot = nvccPath ? ((await toolkitReachedBy(nvccPath, roots, nvccOf)) ?? roots.find((root) => root.path === pathHome) ?? null) : null;
  if (shellRoot) {
    active = shellRoot;
    const inHost = hostPathOf(nvccPath as string);
    if (inHost !== null) await add(shellRoot.path, shellRoot.source, path.dirname(path.dirname(inHost)));
  }
  const [toolkits, pathVersion] = await Promise.all([
    Promise.all(
      roots.map(async ({ path: root, source }): Promise<CudaToolkit | null> => {
        const nvcc = nvccOf(root);
        const hasNvcc = await hostPathExists(nvcc);
        const fromDebian = debian !== null && root === DEBIAN_TOOLKIT_ROOT;
        let version = fromDebian ? null : await versionFromFiles(root);
        let nvccRuns: boolean | undefined;
        if (hasNvcc && !context.quick) {
          const outcome = await runNvcc(root, nvcc);
          const parsed = outcome.ok && outcome.result.exitCode === 0 ? parseNvccVersion(outcome.result.stdout) : null;
          nvccRuns = parsed !== null;
          version ??= parsed?.version ?? null;
        }
        // dpkg's upstream version: nvcc's own in the nvcc~release form (11.8.89~11.8.0-5~deb12u1 is V11.8.89), the
        // release in older packages (11.5.1-1ubuntu1 ships V11.5.119); the answer when nvcc was not run.
        if (fromDebian) version ??= upstreamOf(debian.packageVersion);
        version ??= /cuda-(\d+\.\d+)$/.exec(root)?.[1] ?? null;
        if (!version && !hasNvcc) return null;
        const toolkit: CudaToolkit = { version: version ?? 'unknown', path: root, active: root === active?.path, source };
        if (fromDebian) toolkit.debianPackage = { name: DEBIAN_TOOLKIT_PACKAGE, version: debian.packageVersion };
        if (nvccRuns !== undefined) toolkit.nvccRuns = nvccRuns;
        else if (!hasNvcc) toolkit.nvccRuns = false;
        return toolkit;
      }),
    ),
    (async (): Promise<ToolOutcome | null> => {
      if (!nvccPath || context.quick) return null;
      return shellRoot ? runNvcc(shellRoot.path, nvccOf(shellRoot.path)) : runTool(context, [nvccPath, '--version'], say('purpose.nvccOnPath'));
    })(),
  ]);
  const found = toolkits.filter((toolkit): toolkit is CudaToolkit => toolkit !== null);
  const nvccVersion = pathVersion?.ok ? (parseNvccVersion(pathVersion.result.stdout)?.version ?? null) : null;
  // The PATH nvcc of a toolkit found here is that toolkit, whatever its version.json calls the release (11.5.2 beside V11.5.119).
  if (nvccPath && nvccVersion && !shellRoot && !found.some((toolkit) => toolkit.version === nvccVersion || toolkit.path === pathHome)) {
    // An nvcc on PATH that belongs to none of the known roots (a distro package, a wrapper): report it as its own install.
    found.push({ version: nvccVersion, path: pathHome ?? path.dirname(path.dirname(nvccPath)), active: active === null, nvccRuns: true, source: 'nvcc on PATH' });
  }
  if (!active && nvccVersion) {
    const owner = found.find((toolkit) => toolkit.version === nvccVersion);
    if (owner) owner.active = true;
  }
  const locations = Object.fromEntries(roots.filter((root) => found.some((toolkit) => toolkit.path === root.path)).map((root) => [root.path, root.names]));
  return { toolkits: found, nvccOnPath: nvccPath ? { path: nvccPath, version: nvccVersion } : null, locations };
}

/** Toolkits that live inside Python environments: conda's cuda-nvcc and pip's nvidia-cuda-nvcc-cu*. */
export async function toolkitsInPythonEnvs(pythons: PythonEnv[]): Promise<CudaToolkit[]> {
  const found: CudaToolkit[] = [];
  for (const env of pythons) {
    const prefix = path.dirname(path.dirname(env.path));
    if (env.kind === 'conda' && (await hostPathExists(path.join(prefix, 'bin', 'nvcc')))) {
      const meta = (await listHostDir(path.join(prefix, 'conda-meta'))).map((entry) => /^cuda-nvcc-(\d+\.\d+[\d.]*)-/.exec(entry)?.[1]).find(Boolean);
      found.push({ version: meta ?? 'unknown', path: prefix, active: false, source: 'conda cuda-nvcc' });
    }
    for (const [name, version] of Object.entries(env.packages)) {
      if (!/^nvidia-cuda-nvcc(-cu\d+)?$/.test(name)) continue;
      const sites = env.sitePackages ?? [];
      const site = (await Promise.all(sites.map(async (dir) => ((await hostPathExists(path.join(dir, 'nvidia', 'cuda_nvcc'))) ? dir : null)))).find(Boolean) ?? sites[0] ?? prefix;
      found.push({ version, path: path.join(site, 'nvidia', 'cuda_nvcc'), active: false, source: `pip ${name} (${env.path})` });
    }
  }
  return found;
}
