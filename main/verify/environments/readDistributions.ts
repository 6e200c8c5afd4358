import path from 'node:path';
import { normalizePackageName, parseDistInfoDirName, parseDistMetadata } from '../../detect/parsers/parseDistMetadata.js';
import { hostPathExists } from '../../system/sysroot.js';
import { ENVIRONMENT_READ_LIMITS, listDirBounded, readFileLines, readFilePrefix, ReadBudget } from '../../detect/readEnvironmentFiles.js';
import { ALL_FRAMEWORK_SPECS } from '../../../shared/frameworks/registry.js';
import type { InstalledDistribution } from '../../../shared/frameworks/environmentEvidence.js';

/** Distributions that decide a verdict: each framework's own and companions (its spec), and NVIDIA's pip-packaged CUDA libraries. */
const RELEVANT = new RegExp(
  `^(${[...ALL_FRAMEWORK_SPECS.flatMap((spec) => [...spec.distributions, ...spec.companionDistributions]), 'nvidia-cuda-runtime-cu\\d+', 'nvidia-cudnn-cu\\d+'].join('|')})$`,
);
/** Files checked per distribution: its package's __init__.py and its shared libraries (the ones an import loads). */
const FILES_CHECKED = 24;
/** RECORD rows kept per distribution: the files checked plus torch's libtorch_cuda.so, found anywhere in the file. */
const RECORD_ROWS_KEPT = 256;

export type { InstalledDistribution };

/** One environment's distributions, and whether reading stopped at the per-run limits before all were read. */
export interface EnvironmentDistributions {
  dists: Map<string, InstalledDistribution>;
  overLimits: boolean;
}

/** RECORD rows are `path,hash,size`; the path may be quoted when it holds a comma. */
function recordPath(line: string): string {
  const quoted = /^"((?:[^"]|"")*)"/.exec(line);
  return quoted ? quoted[1]!.replace(/""/g, '"') : line.slice(0, line.indexOf(',') < 0 ? undefined : line.indexOf(','));
}

/** What an import of the package needs first: its __init__.py and its own shared libraries. */
function loadedByImport(file: string): boolean {
  return /^[^/]+\/__init__\.py$/.test(file) || (/\.so(\.\d+)*$/.test(file) && !file.startsWith('../'));
}

/** The library that tells a CUDA build of torch from a CPU one (buildEvidence), kept whatever the row cap. */
const TORCH_CUDA_LIBRARY = 'torch/lib/libtorch_cuda.so';

/** The RECORD rows a verdict uses, streamed (one chunk and one line in memory); a problem when unreadable or over its cap. */
async function readRecord(infoDir: string, budget: ReadBudget): Promise<{ files: string[] } | { problem: string } | 'overBudget'> {
  const files: string[] = [];
  const read = await readFileLines(path.join(infoDir, 'RECORD'), ENVIRONMENT_READ_LIMITS.recordBytes, budget, (line) => {
    const file = line ? recordPath(line) : '';
    if (file === TORCH_CUDA_LIBRARY || (files.length < RECORD_ROWS_KEPT && loadedByImport(file))) files.push(file);
  });
  if (!read.ok) return read.reason === 'overBudget' ? 'overBudget' : { problem: `${path.basename(infoDir)}/RECORD` };
  if (!read.complete) return { problem: `${path.basename(infoDir)}/RECORD > ${ENVIRONMENT_READ_LIMITS.recordBytes / (1024 * 1024)} MiB` };
  return { files };
}

async function readOne(siteDir: string, entry: string, fromName: { name: string; version: string }, budget: ReadBudget): Promise<InstalledDistribution | 'overBudget'> {
  const infoDir = path.join(siteDir, entry);
  const wheel = entry.endsWith('.dist-info');
  // An egg-info may be a folder (PKG-INFO inside) or the file itself (Debian's python3-* packages use folders).
  let metadata = await readFilePrefix(path.join(infoDir, wheel ? 'METADATA' : 'PKG-INFO'), ENVIRONMENT_READ_LIMITS.metadataPrefixBytes, budget);
  if (!metadata.ok && metadata.reason === 'unreadable' && !wheel) metadata = await readFilePrefix(infoDir, ENVIRONMENT_READ_LIMITS.metadataPrefixBytes, budget);
  if (!metadata.ok && metadata.reason === 'overBudget') return 'overBudget';
  // Name and Version must have their shape (parseDistMetadata): a Version with escapes is unreadable, never "works".
  const parsed = metadata.ok ? parseDistMetadata(metadata.text) : null;
  const problems: string[] = [];
  if (!parsed) problems.push(`${entry}/${wheel ? 'METADATA' : 'PKG-INFO'}`);
  let files: string[] = [];
  if (wheel) {
    const record = await readRecord(infoDir, budget);
    if (record === 'overBudget') return 'overBudget';
    if ('problem' in record) problems.push(record.problem);
    else {
      files = record.files;
      const checked = files.filter(loadedByImport).slice(0, FILES_CHECKED);
      const present = await Promise.all(checked.map((file) => hostPathExists(path.join(siteDir, file))));
      checked.forEach((file, at) => {
        if (!present[at]) problems.push(file);
      });
    }
  }
  return { name: normalizePackageName(parsed?.name ?? fromName.name), version: parsed?.version ?? fromName.version, infoDir, problems, files };
}

/** The relevant dist-info / egg-info folders of one site dir: a bounded listing, sorted, at most distributionsPerSiteDir. */
async function relevantEntries(siteDir: string): Promise<{ entries: { entry: string; fromName: { name: string; version: string } }[]; complete: boolean }> {
  const listing = await listDirBounded(siteDir);
  const entries = listing.names
    .sort()
    .flatMap((entry) => {
      // The folder's name passes the same shape check: a name with escapes is no distribution of ours to judge.
      const fromName = parseDistInfoDirName(entry);
      return fromName && RELEVANT.test(normalizePackageName(fromName.name)) ? [{ entry, fromName }] : [];
    });
  const kept = entries.slice(0, ENVIRONMENT_READ_LIMITS.distributionsPerSiteDir);
  return { entries: kept, complete: listing.complete && kept.length === entries.length };
}

/**
 * The relevant distributions of one environment, read from their metadata without importing anything, one file at a
 * time within the run's budget (docs/security.md). Site dirs come in sys.path order: the first that has a distribution
 * is the one Python imports. `overLimits` when a listing or the budget stopped the reading: the verdict would be a guess.
 */
export async function readDistributions(siteDirs: readonly string[], budget: ReadBudget = new ReadBudget()): Promise<EnvironmentDistributions> {
  const dists = new Map<string, InstalledDistribution>();
  let overLimits = false;
  for (const dir of siteDirs.slice(0, 8)) {
    const { entries, complete } = await relevantEntries(dir);
    if (!complete) overLimits = true;
    for (const { entry, fromName } of entries) {
      // Only the first distribution of a name counts, so a second one is not read at all.
      if (dists.has(normalizePackageName(fromName.name))) continue;
      const dist = await readOne(dir, entry, fromName, budget);
      if (dist === 'overBudget') return { dists, overLimits: true };
      if (!dists.has(dist.name)) dists.set(dist.name, dist);
    }
  }
  return { dists, overLimits };
}
