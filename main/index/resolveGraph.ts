import { comparePep440, parsePep440 } from '../../shared/versions/pep440.js';
import { chooseCandidate, collectCandidates, newerInstallable, type Candidate, type MissingReason } from './chooseCandidate.js';
import { fetchCoreMetadata, type CoreMetadata } from './coreMetadata.js';
import { refused } from './indexErrors.js';
import type { IndexSession } from './indexSession.js';
import { UndefinedComparison } from './marker.js';
import type { TargetPlatform } from './platformTags.js';
import { checkedProjectName, normalizeProjectName } from './projectName.js';
import { checkResolvedFile, type ResolvedFile } from './resolvedFile.js';
import { markerEnvironment, parseRequirement, requirementApplies } from './requirement.js';
import type { IndexSources } from './resolveExact.js';
import { fetchFindLinks, fetchProjectPage, sourceUrl } from './simpleIndex.js';
import { parseSpecifierSet, setContains, specifierSetText, type Specifier } from './specifier.js';
import { fetchWheelMetadata } from './wheelMetadata.js';

/** A distribution with nothing the target can install, as the outcome names it. */
export class MissingDistribution extends Error {
  constructor(
    readonly root: string,
    readonly version: string,
    readonly reason: MissingReason,
  ) {
    super(`${root} ${version}: ${reason.missing}`);
    this.name = 'MissingDistribution';
  }
}

/** One requirement met while walking: who asked, for what range, with which extras. */
interface Need {
  name: string;
  specifier: Specifier[];
  text: string;
  by: string | null;
  extras: string[];
  /** The root's own name and version as the caller wrote them. */
  root?: { name: string; version: string };
}

interface Chosen {
  candidate: Candidate;
  requestedBy: string | null;
  needs: Need[];
  extras: Set<string>;
  metadata?: CoreMetadata;
}

/** A chain this deep is a loop the dedup missed or a hostile index; real stacks (torch → nvidia-*) are 3–4 deep. */
const MAX_LEVELS = 64;
/** More distinct distributions than any real environment of a plan (a full torch + CUDA stack is ~30). */
const MAX_DISTRIBUTIONS = 500;

type Source = { kind: 'links' | 'index'; url: string; label: string };

/** pip's order: find-links pages, then the index URL, then each extra index URL. Labels carry no credentials. */
function orderedSources(sources: IndexSources): Source[] {
  const label = (text: string) => {
    const url = sourceUrl(text);
    url.username = '';
    url.password = '';
    return url.href;
  };
  return [
    ...(sources.findLinks ?? []).map((url) => ({ kind: 'links' as const, url, label: label(url) })),
    ...[sources.indexUrl, ...(sources.extraIndexUrls ?? [])].map((url) => ({ kind: 'index' as const, url, label: label(url) })),
  ];
}

/** A package the plan names: its exact version, and the extras it asks for ("jax[cuda12]" pulls the CUDA plugin). */
export interface IndexRoot {
  name: string;
  version: string;
  extras?: string[];
}

function rootNeeds(roots: readonly IndexRoot[]): Need[] {
  return roots.map((root) => {
    const name = checkedProjectName(root.name);
    const specifier = parsePep440(root.version) && root.version.length <= 64 ? parseSpecifierSet(`==${root.version.trim()}`) : null;
    if (!name || !specifier) throw refused('badRequest', `"${root.name.slice(0, 100)} ${root.version.slice(0, 64)}" is not a project name and exact version`);
    return { name, specifier, text: `==${root.version.trim()}`, by: null, extras: root.extras ?? [], root };
  });
}

function conflict(name: string, needs: readonly Need[], chosen?: string): Error {
  const asked = needs.map((need) => `${need.by ?? 'the plan'} asks ${need.text || 'any version'}`).join('; ');
  return refused('conflict', `${name}: ${asked}${chosen ? `; ${chosen} was already chosen` : ''} (no backtracking: one version must satisfy all)`);
}

/**
 * The walk, level by level (roots, then what they require, then what that requires): every requirement of a level on
 * one name is merged before its version is chosen, and a later requirement must be satisfied by the version already
 * chosen, or the outcome is a conflict. pip's resolver would backtrack instead; a plan's stacks (torch and its pinned
 * nvidia-* wheels, a few ranged pure-Python deps) resolve without it, and a conflict is said rather than guessed.
 */
export async function resolveGraph(session: IndexSession, roots: readonly IndexRoot[], sources: IndexSources, target: TargetPlatform): Promise<{ files: ResolvedFile[]; newerVersions: Record<string, string[]> }> {
  const ordered = orderedSources(sources);
  const env = markerEnvironment(target);
  const pythonFull = env.python_full_version;
  const chosen = new Map<string, Chosen>();
  const newerVersions: Record<string, string[]> = {};

  const candidatesOf = async (name: string) => {
    const pages = await Promise.all(ordered.map((source) => (source.kind === 'index' ? fetchProjectPage(session, source.url, name) : fetchFindLinks(session, source.url))));
    return collectCandidates(name, pages.map((page, i) => ({ source: ordered[i]!.label, page })));
  };

  const choose = async (name: string, needs: Need[]): Promise<Chosen> => {
    const specifier = needs.flatMap((need) => need.specifier);
    const candidates = await candidatesOf(name);
    const choice = chooseCandidate(candidates, specifier, target, pythonFull);
    if (!choice.ok) {
      const eachAlone = needs.length > 1 && needs.every((need) => chooseCandidate(candidates, need.specifier, target, pythonFull).ok);
      if (eachAlone) throw conflict(name, needs);
      const root = needs.find((need) => need.root)?.root;
      throw new MissingDistribution(root?.name ?? name, root?.version ?? (specifierSetText(specifier) || 'any version'), choice.reason);
    }
    for (const need of needs) if (need.root) newerVersions[need.root.name] = newerInstallable(candidates, choice.candidate.dist, target, pythonFull);
    return { candidate: choice.candidate, requestedBy: needs.find((need) => need.root) ? null : needs[0]!.by, needs, extras: new Set(needs.flatMap((need) => need.extras)) };
  };

  /** Requires-Dist lines that apply on the target for the extras in `extras` (and none). */
  const dependencies = async (name: string, entry: Chosen, extras: string[]): Promise<Need[]> => {
    entry.metadata ??= await metadataOf(session, entry.candidate);
    const needs: Need[] = [];
    for (const line of entry.metadata.requiresDist) {
      const requirement = parseRequirement(line);
      if (!requirement) throw refused('badMetadata', `${name} requires "${line.slice(0, 120)}", which is not a PEP 508 requirement`);
      let applies: boolean;
      try {
        applies = requirementApplies(requirement, env, extras);
      } catch (error) {
        if (error instanceof UndefinedComparison) throw refused('badMetadata', `${name} requires "${line.slice(0, 120)}", whose marker cannot be evaluated`);
        throw error;
      }
      if (!applies) continue;
      if (requirement.url) throw refused('badMetadata', `${name} requires ${requirement.name} from a direct URL, which no index can resolve`);
      needs.push({ name: requirement.name, specifier: requirement.specifier, text: requirement.specifierText, by: name, extras: requirement.extras });
    }
    return needs;
  };

  let level = rootNeeds(roots);
  for (let depth = 0; level.length; depth++) {
    if (depth >= MAX_LEVELS || chosen.size > MAX_DISTRIBUTIONS) throw refused('badMetadata', 'the requirements go deeper or wider than any real environment');
    const byName = new Map<string, Need[]>();
    for (const need of level) byName.set(need.name, [...(byName.get(need.name) ?? []), need]);
    const expand: [string, string[]][] = [];
    const fresh: [string, Need[]][] = [];
    for (const [name, needs] of byName) {
      const existing = chosen.get(name);
      if (!existing) {
        fresh.push([name, needs]);
        continue;
      }
      const version = existing.candidate.dist.version;
      const unmet = needs.filter((need) => !setContains(need.specifier, version));
      if (unmet.length) throw conflict(name, [...existing.needs, ...unmet], `${name} ${version}`);
      existing.needs.push(...needs);
      const added = needs.flatMap((need) => need.extras).filter((extra) => !existing.extras.has(extra));
      added.forEach((extra) => existing.extras.add(extra));
      if (added.length) expand.push([name, added]);
    }
    const made = await Promise.all(fresh.map(([name, needs]) => choose(name, needs)));
    fresh.forEach(([name], i) => {
      chosen.set(name, made[i]!);
      expand.push([name, [...made[i]!.extras]]);
    });
    const next = await Promise.all(expand.map(([name, extras]) => dependencies(name, chosen.get(name)!, extras)));
    level = next.flat();
  }
  return { files: [...chosen.entries()].map(([name, entry]) => resolvedFile(name, entry)), newerVersions };
}

/** PEP 658 metadata when the page serves it, else the METADATA inside the wheel, read by byte ranges. */
async function metadataOf(session: IndexSession, candidate: Candidate): Promise<CoreMetadata> {
  const metadata = (await fetchCoreMetadata(session, candidate.file)) ?? (await fetchWheelMetadata(session, candidate.file));
  // pip stops on a distribution whose metadata names another project or version than its file name.
  const sameName = metadata.name !== null && normalizeProjectName(metadata.name) === candidate.dist.name;
  const sameVersion = metadata.version !== null && parsePep440(metadata.version) !== null && comparePep440(parsePep440(metadata.version)!, candidate.dist.parsed) === 0;
  if (!sameName || !sameVersion) throw refused('badMetadata', `the metadata of ${candidate.file.filename} names ${metadata.name ?? '?'} ${metadata.version ?? '?'}`);
  return metadata;
}

function resolvedFile(name: string, entry: Chosen): ResolvedFile {
  const { file, dist, source } = entry.candidate;
  const checked = checkResolvedFile({ name, version: dist.version, filename: file.filename, url: file.url, size: file.size, sha256: file.sha256, index: source, requestedBy: entry.requestedBy });
  if (!checked.ok) throw refused(checked.field === 'url' || checked.field === 'index' ? 'insecureUrl' : 'badPage', `the index's ${checked.field} for ${file.filename.slice(0, 120)} is outside what DL Setup accepts`);
  return checked.file;
}
