import type { VersionScheme } from './versionScheme.js';

/** A parsed PEP 440 version: "2.5.1+cu124", "2.0.0rc1", "1!2.0.post1.dev3". */
export interface Pep440Version {
  epoch: number;
  release: number[];
  pre: { kind: 'a' | 'b' | 'rc'; number: number } | null;
  post: number | null;
  dev: number | null;
  local: string | null;
}

const PATTERN =
  /^v?(?:(\d+)!)?(\d+(?:\.\d+)*)(?:[-_.]?(a|alpha|b|beta|c|rc|pre|preview)[-_.]?(\d*))?(?:(?:-(\d+))|(?:[-_.]?(?:post|rev|r)[-_.]?(\d*)))?(?:[-_.]?dev[-_.]?(\d*))?(?:\+([a-z0-9]+(?:[-_.][a-z0-9]+)*))?$/i;

function preKind(text: string): 'a' | 'b' | 'rc' {
  const lower = text.toLowerCase();
  if (lower === 'a' || lower === 'alpha') return 'a';
  if (lower === 'b' || lower === 'beta') return 'b';
  return 'rc';
}

export function parsePep440(text: string): Pep440Version | null {
  const match = PATTERN.exec(text.trim());
  if (!match) return null;
  const [, epoch, release, pre, preN, postImplicit, postN, dev, local] = match;
  return {
    epoch: epoch ? Number(epoch) : 0,
    release: release!.split('.').map(Number),
    pre: pre ? { kind: preKind(pre), number: Number(preN || 0) } : null,
    post: postImplicit !== undefined ? Number(postImplicit) : postN !== undefined ? Number(postN || 0) : null,
    dev: dev !== undefined ? Number(dev || 0) : null,
    local: local ? local.toLowerCase().replace(/[-_]/g, '.') : null,
  };
}

function compareRelease(a: number[], b: number[]): number {
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const diff = (a[i] ?? 0) - (b[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

const PRE_ORDER = { a: 0, b: 1, rc: 2 } as const;

/** Orders the pre/post/dev tail: 1.0.dev0 < 1.0a1 < 1.0rc1 < 1.0 < 1.0.post1. */
function tailKey(v: Pep440Version): number[] {
  // A bare dev release sorts before any pre-release of the same release.
  const pre = v.pre ? [PRE_ORDER[v.pre.kind], v.pre.number] : v.dev !== null && v.post === null ? [-1, 0] : [3, 0];
  const post = v.post === null ? -1 : v.post;
  const dev = v.dev === null ? Number.POSITIVE_INFINITY : v.dev;
  return [...pre, post, dev];
}

function compareLocal(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  const pa = a.split('.');
  const pb = b.split('.');
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i];
    const y = pb[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const xNum = /^\d+$/.test(x);
    const yNum = /^\d+$/.test(y);
    // PEP 440: numeric segments sort after alphanumeric ones and compare as numbers.
    if (xNum && yNum) {
      const diff = Number(x) - Number(y);
      if (diff !== 0) return diff;
    } else if (xNum !== yNum) {
      return xNum ? 1 : -1;
    } else if (x !== y) {
      return x < y ? -1 : 1;
    }
  }
  return 0;
}

export function comparePep440(a: Pep440Version, b: Pep440Version, ignoreLocal = false): number {
  if (a.epoch !== b.epoch) return a.epoch - b.epoch;
  const release = compareRelease(a.release, b.release);
  if (release !== 0) return release;
  const ta = tailKey(a);
  const tb = tailKey(b);
  for (let i = 0; i < ta.length; i++) {
    if (ta[i] !== tb[i]) return ta[i]! < tb[i]! ? -1 : 1;
  }
  return ignoreLocal ? 0 : compareLocal(a.local, b.local);
}

function mustParse(text: string): Pep440Version {
  const parsed = parsePep440(text);
  // Invariant: mustParse is for versions the caller already trusts (data/, schema-checked input); others use parsePep440, which returns null.
  if (!parsed) throw new Error(`"${text}" is not a PEP 440 version`);
  return parsed;
}

const SPECIFIER = /^(~=|===|==|!=|<=|>=|<|>)\s*(.+)$/;

function matchesSpecifier(version: Pep440Version, versionText: string, specifier: string): boolean {
  const match = SPECIFIER.exec(specifier.trim());
  // Invariant: specifiers come from data/ files, checked by their tests, never from user input.
  if (!match) throw new Error(`"${specifier}" is not a PEP 440 specifier`);
  const [, op, boundText] = match as unknown as [string, string, string];
  if (op === '===') return versionText.trim() === boundText.trim();
  if ((op === '==' || op === '!=') && boundText.endsWith('.*')) {
    const prefix = mustParse(boundText.slice(0, -2));
    const equal = version.epoch === prefix.epoch && prefix.release.every((part, i) => (version.release[i] ?? 0) === part);
    return op === '==' ? equal : !equal;
  }
  const bound = mustParse(boundText);
  // A specifier without a local label ignores the candidate's local label ("==2.5.1" matches "2.5.1+cu124").
  const cmp = comparePep440(version, bound, bound.local === null);
  switch (op) {
    case '==': return cmp === 0;
    case '!=': return cmp !== 0;
    case '<=': return cmp <= 0;
    case '>=': return cmp >= 0;
    case '<': return cmp < 0;
    case '>': return cmp > 0;
    default: {
      // ~=2.5.1 means >=2.5.1, ==2.5.*
      // Invariant: specifiers come from data/ files, checked by their tests, never from user input.
      if (bound.release.length < 2) throw new Error(`"${specifier}": ~= needs at least two release parts`);
      const prefix = bound.release.slice(0, -1);
      return cmp >= 0 && prefix.every((part, i) => (version.release[i] ?? 0) === part);
    }
  }
}

/** PEP 440 versions and specifier sets (">=3.9,<3.14", "==2.5.*", "~=2.5"). */
export const pep440: VersionScheme<Pep440Version> = {
  name: 'PEP 440',
  parse: parsePep440,
  compare: (a, b) => comparePep440(mustParse(a), mustParse(b)),
  satisfies: (versionText, range) => {
    const version = mustParse(versionText);
    return range
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .every((specifier) => matchesSpecifier(version, versionText, specifier));
  },
};
