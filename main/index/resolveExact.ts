import type { NetworkAgents, ProxySettings } from '../network/proxyAgent.js';
import { withFileSizes } from './fileSizes.js';
import { IndexError } from './indexErrors.js';
import { IndexSession } from './indexSession.js';
import type { TargetPlatform } from './platformTags.js';
import { resolveGraph, MissingDistribution, type IndexRoot } from './resolveGraph.js';
import type { ResolvedFile } from './resolvedFile.js';

export type { ResolvedFile } from './resolvedFile.js';
export type { TargetPlatform } from './platformTags.js';
export type { IndexRoot } from './resolveGraph.js';

/** Where pip looks, in pip's terms: --index-url, --extra-index-url (in order), --find-links. */
export interface IndexSources {
  indexUrl: string;
  extraIndexUrls?: string[];
  findLinks?: string[];
}

/**
 * - resolved: every root and every dependency pip would install in a fresh environment, one file each, roots first.
 *   `requests`: HTTP requests sent (a 304 revalidation counts); `fromCache`: answers the cache gave (fresh hits and
 *   304s); `newerVersions`: per root (as the caller named it), versions the sources hold that are newer than the one
 *   resolved and have a file the target can install (finals only, unless the root is a pre-release), oldest first.
 * - missing: `root` (a root, or the dependency, by its normalized name) has nothing the target can install at
 *   `version` (the root's version, or the dependency's range): why, what it would need, and what versions exist.
 * - unreachable: an index did not answer (network, HTTP status, the per-request or total time bound, cancelled).
 * - refused: an index sent what DL Setup will not use (a hostile page, a bad metadata hash, a redirect to http…), or
 *   the requirements conflict (two pins on one distribution), or the caller's input is not an index request.
 */
export type ResolveOutcome =
  | { status: 'resolved'; files: ResolvedFile[]; requests: number; fromCache: number; ms: number; newerVersions: Record<string, string[]> }
  | {
      status: 'missing';
      root: string;
      version: string;
      reason: { missing: 'version' | 'python' | 'platform' | 'glibc' | 'macos' | 'arch'; need?: string; available?: string[] };
      requests: number;
      ms: number;
    }
  | { status: 'unreachable' | 'refused'; detail: string; reason: IndexError['reason']; requests: number; ms: number };

export interface ResolveOptions {
  signal?: AbortSignal;
  /** The whole resolution (default 45 s). */
  timeBudgetMs?: number;
  /** One request, head and body (default 10 s). */
  requestTimeoutMs?: number;
  /** null: no cache; undefined: `<app cache>/index`. */
  cacheDir?: string | null;
  /** The caller's agents (left open), e.g. with a test's CA; otherwise made from `proxy` and closed. */
  agents?: NetworkAgents;
  proxy?: ProxySettings;
  /** Requests in flight at once (default 6). */
  concurrency?: number;
}

/**
 * Resolves the exact distributions a plan installs against the indexes it installs from, for the target machine, as
 * pip would for a fresh environment: each root at its exact version (a local version such as "+cu126" only where an
 * index carries it; a root asked as "2.7.1" on an index holding only "2.7.1+cu126" is found as that), then every
 * Requires-Dist whose marker holds on the target, recursively, pins exactly and ranges to the newest version with a
 * file the target can install. Greedy, without backtracking (see resolveGraph.ts). Never throws for what an index
 * does or fails to do: every such case is an outcome.
 */
export async function resolveExact(
  roots: IndexRoot[],
  sources: IndexSources,
  target: TargetPlatform,
  options: ResolveOptions = {},
): Promise<ResolveOutcome> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  const session = new IndexSession(options);
  try {
    const { files: resolved, newerVersions } = await resolveGraph(session, roots, sources, target);
    const files = await withFileSizes(session, resolved);
    return { status: 'resolved', files, requests: session.requests, fromCache: session.fromCache, ms: ms(), newerVersions };
  } catch (error) {
    if (error instanceof MissingDistribution) {
      return { status: 'missing', root: error.root, version: error.version, reason: error.reason, requests: session.requests, ms: ms() };
    }
    if (error instanceof IndexError) return { status: error.kind, detail: error.message, reason: error.reason, requests: session.requests, ms: ms() };
    throw error;
  } finally {
    await session.close();
  }
}
