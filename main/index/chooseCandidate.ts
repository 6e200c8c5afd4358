import { comparePep440 } from '../../shared/versions/pep440.js';
import { pickBestFile, wheelFit, type FitMissing, type TargetPlatform } from './platformTags.js';
import type { IndexFile, ProjectPage } from './simplePage.js';
import { admittedVersions, isPrerelease, parseSpecifierSet, setContains, type Specifier } from './specifier.js';
import { parseDistFilename, type DistFilename } from './wheelName.js';

/** One file of the project from one source, with its parsed name and the source's place in pip's order. */
export interface Candidate {
  file: IndexFile;
  dist: DistFilename;
  /** The index (or find-links page) it was listed on. */
  source: string;
  /** find-links first, then the index URL, then the extra index URLs: pip's order, which breaks ties. */
  sourceOrder: number;
}

export interface MissingReason {
  missing: 'version' | FitMissing;
  need?: string;
  /** Versions that exist (oldest first, the newest 30), when the asked one does not. */
  available?: string[];
}

export type Choice = { ok: true; candidate: Candidate; rank: number } | { ok: false; reason: MissingReason };

/** "available" lists the newest few: enough to see how far behind a mirror is, short enough for a sentence. */
const AVAILABLE_SHOWN = 30;

/** The project's files across its sources, in pip's order; other projects' files (a find-links page) left out. */
export function collectCandidates(name: string, pages: readonly { source: string; page: ProjectPage | null }[]): Candidate[] {
  return pages.flatMap(({ source, page }, sourceOrder) =>
    (page?.files ?? []).flatMap((file) => {
      const dist = parseDistFilename(file.filename);
      return dist && dist.name === name ? [{ file, dist, source, sourceOrder }] : [];
    }),
  );
}

/** Distinct versions, oldest first (PEP 440 order; "2.7.1+cu126" and "2.7.1" are two). */
export function distinctVersions(candidates: readonly Candidate[]): string[] {
  const sorted = candidates.map((c) => c.dist).sort((a, b) => comparePep440(a.parsed, b.parsed));
  return sorted.filter((dist, i) => i === 0 || comparePep440(sorted[i - 1]!.parsed, dist.parsed) !== 0).map((dist) => dist.version);
}

/** pip ignores a Requires-Python it cannot read (and says so); a readable one must admit the target's Python. */
export function pythonAllows(requiresPython: string | null, pythonFull: string): boolean {
  const set = requiresPython === null ? null : parseSpecifierSet(requiresPython);
  return set === null || setContains(set, pythonFull);
}

function sameVersion(a: DistFilename, b: DistFilename): boolean {
  return comparePep440(a.parsed, b.parsed) === 0;
}

/** pip's candidate key: newer version, then better tag (lower rank), then higher build tag, then the earlier source. */
function better(a: { candidate: Candidate; rank: number }, b: { candidate: Candidate; rank: number }): boolean {
  const version = comparePep440(a.candidate.dist.parsed, b.candidate.dist.parsed);
  if (version !== 0) return version > 0;
  if (a.rank !== b.rank) return a.rank < b.rank;
  const buildA = a.candidate.dist.kind === 'wheel' ? (a.candidate.dist.build?.number ?? -1) : -1;
  const buildB = b.candidate.dist.kind === 'wheel' ? (b.candidate.dist.build?.number ?? -1) : -1;
  if (buildA !== buildB) return buildA > buildB;
  return a.candidate.sourceOrder < b.candidate.sourceOrder;
}

/**
 * The file pip would install for `specifier` on the target (packaging's filter, PEP 592 yanks, PEP 503 order): only
 * wheels whose tags and Requires-Python fit are candidates; pre-releases only when named or when nothing else fits;
 * yanked files only for an exact pin that nothing else satisfies. Otherwise why not, about the newest version asked.
 */
export function chooseCandidate(candidates: readonly Candidate[], specifier: readonly Specifier[], target: TargetPlatform, pythonFull: string): Choice {
  const pinned = specifier.some((clause) => (clause.op === '==' && !clause.wildcard) || clause.op === '===');
  const applicable = candidates.flatMap((candidate) => {
    if (candidate.dist.kind !== 'wheel' || !pythonAllows(candidate.file.requiresPython, pythonFull)) return [];
    const fit = wheelFit(candidate.file.filename, target);
    return fit.ok ? [{ candidate, rank: fit.rank }] : [];
  });
  const admitted = new Set(admittedVersions(specifier, [...new Set(applicable.map((item) => item.candidate.dist.version))]));
  let pool = applicable.filter((item) => admitted.has(item.candidate.dist.version));
  const allYanked = pool.every((item) => item.candidate.file.yanked);
  if (!(allYanked && pinned)) pool = pool.filter((item) => !item.candidate.file.yanked);
  let best: (typeof pool)[number] | null = null;
  for (const item of pool) if (!best || better(item, best)) best = item;
  return best ? { ok: true, candidate: best.candidate, rank: best.rank } : { ok: false, reason: whyMissing(candidates, specifier, target, pythonFull) };
}

function whyMissing(candidates: readonly Candidate[], specifier: readonly Specifier[], target: TargetPlatform, pythonFull: string): MissingReason {
  const versions = distinctVersions(candidates);
  const available = versions.slice(-AVAILABLE_SHOWN);
  const filesOf = (version: string) => {
    const parsed = candidates.find((c) => c.dist.version === version)!.dist;
    return candidates.filter((c) => sameVersion(c.dist, parsed) && !c.file.yanked);
  };
  // Oldest first, so the last is the newest version asked for: the one to explain (older ones fail alike, or worse).
  const asked = admittedVersions(specifier, versions).filter((version) => filesOf(version).length > 0);
  if (!asked.length) return { missing: 'version', available };
  const files = filesOf(asked.at(-1)!);
  const fit = pickBestFile(files.map((c) => c.file), target);
  if (!fit.ok) return { missing: fit.missing, ...(fit.need ? { need: fit.need } : {}), available };
  const wanted = files.find((c) => c.dist.kind === 'wheel' && wheelFit(c.file.filename, target).ok && !pythonAllows(c.file.requiresPython, pythonFull));
  return { missing: 'python', need: `Python ${wanted?.file.requiresPython ?? '(per Requires-Python)'}`, available };
}

/** Versions newer than `than` with a file the target can install, finals only unless `than` is a pre-release. */
export function newerInstallable(candidates: readonly Candidate[], than: DistFilename, target: TargetPlatform, pythonFull: string): string[] {
  const newer = candidates.filter(
    (c) =>
      c.dist.kind === 'wheel' &&
      !c.file.yanked &&
      comparePep440(c.dist.parsed, than.parsed, true) > 0 &&
      (isPrerelease(than.parsed) || !isPrerelease(c.dist.parsed)) &&
      pythonAllows(c.file.requiresPython, pythonFull) &&
      wheelFit(c.file.filename, target).ok,
  );
  return distinctVersions(newer);
}
