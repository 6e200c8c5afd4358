import path from 'node:path';
import type { CudaToolkit, CudnnInstall, PythonEnv } from '../../../shared/types/hardware.js';
import { hostPathExists, listHostDir, readHostBytes, readHostFile, resolveHostLinks } from '../../system/sysroot.js';
import { hostRealPath } from '../hostRealPath.js';
import { parseCudnnHeader } from '../parsers/parseCudnnHeader.js';
import { parseLdconfig, versionFromSoname, type LdconfigEntry } from '../parsers/parseLdconfig.js';
import { parseLdSoCache } from '../parsers/parseLdSoCache.js';
import type { ProbeContext } from '../probeContext.js';
import { detectText } from '../detectText.js';
import { runTool } from '../runTool.js';

const HEADER_DIRS = ['/usr/include', '/usr/include/x86_64-linux-gnu', '/usr/include/aarch64-linux-gnu', '/usr/include/sbsa-linux-gnu'];

async function headersIn(dir: string): Promise<CudnnInstall[]> {
  const names = (await listHostDir(dir)).filter((name) => /^cudnn(_version)?(_v\d+)?\.h$/.test(name));
  // cudnn_version.h is authoritative from cuDNN 8 on; cudnn.h only holds the numbers up to 7.
  names.sort((a, b) => Number(b.includes('version')) - Number(a.includes('version')));
  const found: CudnnInstall[] = [];
  for (const name of names) {
    // Read where the machine's links lead (/usr/include/cudnn_version.h -> /etc/alternatives/cudnn_version_h -> the package's file).
    const parsed = parseCudnnHeader((await readHostFile(await hostRealPath(path.join(dir, name)))) ?? '');
    if (parsed && !found.some((install) => install.version === parsed.version)) found.push({ version: parsed.version, path: path.join(dir, name), source: 'header' });
  }
  return found;
}

/** The first of each header file: Debian's alternatives and a toolkit's include/ links name one file several times. */
async function oneEachFile(headers: CudnnInstall[]): Promise<CudnnInstall[]> {
  const reals = await Promise.all(headers.map((header) => hostRealPath(header.path)));
  return headers.filter((_header, at) => reals.indexOf(reals[at] as string) === at);
}

/** `ldconfig -p` as text, for a cache this parser cannot read (another libc, an odd format). */
async function ldconfigEntries(context: ProbeContext): Promise<LdconfigEntry[]> {
  const purpose = detectText(context.locale)('purpose.cudnnLibraries');
  const outcome = await runTool(context, ['ldconfig', '-p'], purpose);
  const fallback = outcome.ok ? null : await runTool(context, ['/sbin/ldconfig', '-p'], purpose);
  return parseLdconfig(outcome.ok ? outcome.result.stdout : fallback?.ok ? fallback.result.stdout : '', 'libcudnn.so');
}

/**
 * The loader's view of cuDNN: /etc/ld.so.cache read directly (what `ldconfig -p` prints, without its process), else
 * `ldconfig -p`; run in the first wave since it does not depend on anything.
 */
export async function probeLdconfigCudnn(context: ProbeContext): Promise<CudnnInstall[]> {
  if (context.platform !== 'linux') return [];
  // Binary, so read as bytes at its sysroot path (readHostFile decodes text).
  const bytes = await readHostBytes('/etc/ld.so.cache');
  const cache = bytes ? parseLdSoCache(bytes, 'libcudnn.so') : null;
  const entries = cache ?? (await ldconfigEntries(context));
  const found: CudnnInstall[] = [];
  for (const entry of entries) {
    if (found.some((install) => install.path === entry.path)) continue;
    // The soname says "8"; the file its link ends at says "8.9.7" (what collect_env shows by resolving the same link).
    const [fromSoname, fromFile] = [versionFromSoname(entry.soname), versionFromSoname(path.basename(await resolveHostLinks(entry.path)))];
    const version = fromFile && fromSoname && fromFile.startsWith(`${fromSoname}.`) ? fromFile : fromSoname;
    if (version) found.push({ version, path: entry.path, source: 'ldconfig' });
  }
  return found;
}

/** cuDNN from headers (system and toolkit dirs), toolkit lib dirs, the loader cache and pip nvidia-cudnn-* packages. */
export async function collectCudnn(toolkits: CudaToolkit[], pythons: PythonEnv[], fromLoader: CudnnInstall[]): Promise<CudnnInstall[]> {
  // conda's cudnn package puts NVIDIA's headers in the environment's include/ (conda-forge/cudnn-feedstock recipe/build.sh).
  const condaIncludes = pythons.filter((env) => env.kind === 'conda' && /[\\/]bin[\\/]python[\d.]*$/.test(env.path)).map((env) => path.join(path.dirname(path.dirname(env.path)), 'include'));
  const dirs = [...HEADER_DIRS, ...toolkits.map((toolkit) => path.join(toolkit.path, 'include')), ...condaIncludes];
  const headerLists = await Promise.all([...new Set(dirs)].map(headersIn));
  const libLists = await Promise.all(
    toolkits.flatMap((toolkit) => ['lib64', 'lib'].map((lib) => path.join(toolkit.path, lib))).map(async (dir) => {
      const libs = (await listHostDir(dir)).filter((name) => /^libcudnn\.so\.\d+\.\d+\.\d+$/.test(name));
      return libs.map((name): CudnnInstall => ({ version: versionFromSoname(name) as string, path: path.join(dir, name), source: 'toolkit lib' }));
    }),
  );
  const fromPip: CudnnInstall[] = [];
  for (const env of pythons) {
    for (const [name, version] of Object.entries(env.packages)) {
      if (!/^nvidia-cudnn(-cu\d+)?$/.test(name)) continue;
      const sites = env.sitePackages ?? [];
      const site = (await Promise.all(sites.map(async (dir) => ((await hostPathExists(path.join(dir, 'nvidia', 'cudnn'))) ? dir : null)))).find(Boolean) ?? sites[0];
      fromPip.push({ version, path: site ? path.join(site, 'nvidia', 'cudnn') : env.path, source: `pip ${name} (${env.path})` });
    }
  }
  const all = [...(await oneEachFile(headerLists.flat())), ...libLists.flat(), ...fromLoader, ...fromPip];
  return all.filter((install, at) => all.findIndex((other) => other.path === install.path) === at);
}
