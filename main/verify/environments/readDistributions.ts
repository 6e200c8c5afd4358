import path from 'node:path';
import { normalizePackageName, parseDistInfoDirName, parseDistMetadata } from '../../detect/parsers/parseDistMetadata.js';
import { hostPathExists, listHostDir, sysrootPath } from '../../system/sysroot.js';
import { readUntrustedFile } from '../../system/readUntrustedFile.js';

/** Distributions that decide a verdict: the frameworks, JAX's CUDA plugins and NVIDIA's pip-packaged CUDA libraries. */
const RELEVANT = /^(torch|tensorflow|tensorflow-cpu|tensorflow-gpu|jax|jaxlib|jax-cuda\d+-(plugin|pjrt)|nvidia-cuda-runtime-cu\d+|nvidia-cudnn-cu\d+)$/;
/** A METADATA header is a few kB; torch's RECORD lists ~15k files (~2 MB). Larger files are not what pip writes. */
const METADATA_MAX_BYTES = 1024 * 1024;
const RECORD_MAX_BYTES = 16 * 1024 * 1024;
/** Files checked per distribution: its package's __init__.py and its shared libraries (the ones an import loads). */
const FILES_CHECKED = 24;

export interface InstalledDistribution {
  name: string;
  version: string;
  /** Host path of its .dist-info or .egg-info folder. */
  infoDir: string;
  /** Why the install is broken (unreadable METADATA, files RECORD lists that are gone); empty when intact. */
  problems: string[];
  /** Every path RECORD lists, relative to the site dir (empty for an egg-info, which has no RECORD). */
  files: string[];
}

async function readBounded(hostPath: string, maxBytes: number): Promise<string | null> {
  try {
    return await readUntrustedFile(sysrootPath(hostPath), { maxBytes, utf8: 'lenient' });
  } catch {
    return null;
  }
}

/** RECORD rows are `path,hash,size`; the path may be quoted when it holds a comma. */
function recordPaths(text: string): string[] {
  const paths: string[] = [];
  for (const line of text.split('\n')) {
    if (!line) continue;
    const quoted = /^"((?:[^"]|"")*)"/.exec(line);
    paths.push(quoted ? quoted[1]!.replace(/""/g, '"') : line.slice(0, line.indexOf(',') < 0 ? undefined : line.indexOf(',')));
  }
  return paths;
}

/** What an import of the package needs first: its __init__.py and its own shared libraries, a bounded number of them. */
function filesToCheck(paths: readonly string[]): string[] {
  const wanted = paths.filter((file) => /^[^/]+\/__init__\.py$/.test(file) || (/\.so(\.\d+)*$/.test(file) && !file.startsWith('../')));
  return wanted.slice(0, FILES_CHECKED);
}

async function readOne(siteDir: string, entry: string): Promise<InstalledDistribution | null> {
  const fromName = parseDistInfoDirName(entry);
  if (!fromName || !RELEVANT.test(normalizePackageName(fromName.name))) return null;
  const infoDir = path.join(siteDir, entry);
  const wheel = entry.endsWith('.dist-info');
  // An egg-info may be a folder (PKG-INFO inside) or the file itself (Debian's python3-* packages use folders).
  const metadata = (await readBounded(path.join(infoDir, wheel ? 'METADATA' : 'PKG-INFO'), METADATA_MAX_BYTES)) ?? (wheel ? null : await readBounded(infoDir, METADATA_MAX_BYTES));
  const parsed = metadata === null ? null : parseDistMetadata(metadata);
  const problems: string[] = [];
  if (!parsed) problems.push(`${entry}/${wheel ? 'METADATA' : 'PKG-INFO'}`);
  let files: string[] = [];
  if (wheel) {
    const record = await readBounded(path.join(infoDir, 'RECORD'), RECORD_MAX_BYTES);
    if (record === null) problems.push(`${entry}/RECORD`);
    else {
      files = recordPaths(record);
      const checked = filesToCheck(files);
      const present = await Promise.all(checked.map((file) => hostPathExists(path.join(siteDir, file))));
      checked.forEach((file, at) => {
        if (!present[at]) problems.push(file);
      });
    }
  }
  return { name: normalizePackageName(parsed?.name ?? fromName.name), version: parsed?.version ?? fromName.version, infoDir, problems, files };
}

/**
 * The relevant distributions of one environment, read from their metadata without importing anything. Site dirs come in
 * sys.path order: the first that has a distribution is the one Python imports.
 */
export async function readDistributions(siteDirs: readonly string[]): Promise<Map<string, InstalledDistribution>> {
  const found = new Map<string, InstalledDistribution>();
  const perDir = await Promise.all(
    siteDirs.map(async (dir) => (await Promise.all((await listHostDir(dir)).map((entry) => readOne(dir, entry)))).filter((dist): dist is InstalledDistribution => dist !== null)),
  );
  for (const dists of perDir) for (const dist of dists) if (!found.has(dist.name)) found.set(dist.name, dist);
  return found;
}
