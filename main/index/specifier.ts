import { comparePep440, parsePep440, type Pep440Version } from '../../shared/versions/pep440.js';

/**
 * PEP 440 version specifiers as pip applies them to index versions. shared/versions/pep440.ts parses and orders
 * versions; its `satisfies` is for trusted data/ ranges (it throws on bad input and knows neither the exclusive-ordering
 * rules nor pre-release selection), so the index's untrusted Requires-Dist ranges are read and matched here.
 */

export type SpecifierOp = '~=' | '==' | '!=' | '<=' | '>=' | '<' | '>' | '===';

export interface Specifier {
  op: SpecifierOp;
  /** The version text after the operator, without ".*". */
  version: string;
  /** "==2.5.*" / "!=2.5.*": a prefix match. */
  wildcard: boolean;
  /** Null only for "===", which compares text. */
  parsed: Pep440Version | null;
}

/** A Requires-Dist range is a few clauses; real ones have at most 4. */
const MAX_CLAUSES = 32;
const MAX_CLAUSE = 80;
const CLAUSE = /^(~=|===|==|!=|<=|>=|<|>)\s*([^\s,;()]+)$/;

function releaseOnly(v: Pep440Version): boolean {
  return v.pre === null && v.post === null && v.dev === null && v.local === null;
}

/** One clause; the grammar packaging.specifiers allows (no local after ~=, <, >; ".*" only after a bare release). */
function parseClause(text: string): Specifier | null {
  const match = CLAUSE.exec(text.trim());
  if (!match || text.length > MAX_CLAUSE) return null;
  const op = match[1] as SpecifierOp;
  const raw = match[2]!;
  if (op === '===') return { op, version: raw, wildcard: false, parsed: null };
  const wildcard = raw.endsWith('.*');
  const version = wildcard ? raw.slice(0, -2) : raw;
  const parsed = parsePep440(version);
  if (!parsed) return null;
  if (wildcard && (!(op === '==' || op === '!=') || !releaseOnly(parsed))) return null;
  if (parsed.local !== null && op !== '==' && op !== '!=') return null;
  if (op === '~=' && parsed.release.length < 2) return null;
  return { op, version, wildcard, parsed };
}

/** ">=2.0,<3" → two clauses; "" → none (any version); null when any clause is malformed. */
export function parseSpecifierSet(text: string): Specifier[] | null {
  const trimmed = text.trim();
  if (!trimmed) return [];
  const parts = trimmed.split(',');
  if (parts.length > MAX_CLAUSES) return null;
  const clauses = parts.map(parseClause);
  return clauses.every((clause): clause is Specifier => clause !== null) ? clauses : null;
}

export function specifierSetText(set: readonly Specifier[]): string {
  return set.map((clause) => `${clause.op}${clause.version}${clause.wildcard ? '.*' : ''}`).join(',');
}

export function isPrerelease(v: Pep440Version): boolean {
  return v.pre !== null || v.dev !== null;
}

function publicOf(v: Pep440Version): Pep440Version {
  return { ...v, local: null };
}

/** Same epoch, and `prefix`'s release parts equal v's (v padded with zeros): "2.0.0.0" is in "2.0.*", "2.1" is not. */
function prefixMatch(v: Pep440Version, prefix: Pep440Version, parts = prefix.release): boolean {
  return v.epoch === prefix.epoch && parts.every((part, i) => (v.release[i] ?? 0) === part);
}

function sameRelease(a: Pep440Version, b: Pep440Version): boolean {
  const length = Math.max(a.release.length, b.release.length);
  return a.epoch === b.epoch && Array.from({ length }, (_, i) => (a.release[i] ?? 0) === (b.release[i] ?? 0)).every(Boolean);
}

function equal(v: Pep440Version, spec: Specifier, bound: Pep440Version): boolean {
  if (spec.wildcard) return prefixMatch(v, bound);
  // A bound without a local label ignores the candidate's ("==2.7.1" matches "2.7.1+cu126").
  return comparePep440(v, bound, bound.local === null) === 0;
}

/** PEP 440: <V excludes pre-releases of V's own release unless V is one. */
function lessThan(v: Pep440Version, bound: Pep440Version): boolean {
  if (comparePep440(v, bound) >= 0) return false;
  return isPrerelease(bound) || !isPrerelease(v) || !sameRelease(v, bound);
}

/** PEP 440: >V excludes V's post-releases (unless V is one) and V's local variants (packaging 26's reading). */
function greaterThan(v: Pep440Version, bound: Pep440Version): boolean {
  if (comparePep440(v, bound) <= 0) return false;
  if (bound.post === null && v.post !== null && comparePep440({ ...v, post: null, dev: null, local: null }, bound) === 0) return false;
  return !(v.local !== null && comparePep440(publicOf(v), bound) === 0);
}

/** Whether one version text satisfies one clause, pre-releases included (packaging's contains(prereleases=True)). */
export function clauseContains(spec: Specifier, versionText: string): boolean {
  if (spec.op === '===') return versionText.trim().toLowerCase() === spec.version.toLowerCase();
  const v = parsePep440(versionText);
  const bound = spec.parsed;
  if (!v || !bound) return false;
  switch (spec.op) {
    case '==': return equal(v, spec, bound);
    case '!=': return !equal(v, spec, bound);
    case '<=': return comparePep440(publicOf(v), bound) <= 0;
    case '>=': return comparePep440(publicOf(v), bound) >= 0;
    case '<': return lessThan(v, bound);
    case '>': return greaterThan(v, bound);
    default: return comparePep440(publicOf(v), bound) >= 0 && prefixMatch(v, bound, bound.release.slice(0, -1));
  }
}

export function setContains(set: readonly Specifier[], versionText: string): boolean {
  return set.every((clause) => clauseContains(clause, versionText));
}

/** A clause that names a pre-release (">=2.6.0rc1", "==2.6.0rc1") lets pre-releases in; "!=" and "==X.*" never do. */
function allowsPrereleases(set: readonly Specifier[]): boolean {
  return set.some((clause) => clause.op !== '!=' && clause.op !== '===' && !clause.wildcard && clause.parsed !== null && isPrerelease(clause.parsed));
}

/**
 * The versions a set admits, as pip selects them without --pre: final releases, unless the set names a pre-release or
 * only pre-releases satisfy it (PEP 440's fallback). The order of `versions` is kept.
 */
export function admittedVersions(set: readonly Specifier[], versions: readonly string[]): string[] {
  const matching = versions.filter((version) => setContains(set, version));
  if (allowsPrereleases(set)) return matching;
  const finals = matching.filter((version) => {
    const parsed = parsePep440(version);
    return parsed !== null && !isPrerelease(parsed);
  });
  return finals.length ? finals : matching;
}
