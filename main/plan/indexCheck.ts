/*
 * The plan's packages looked up on the index they install from (issue 32): exact files, sizes and hashes for this
 * machine's Python, platform and C library, news of releases the data does not know, and a missing wheel found before
 * pip would stop on it. Bounded in time; offline, a what-if or an unreachable index leaves the plan on data/ alone.
 */
import { mirrorTableSchema } from '../../shared/data/mirrorsSchema.js';
import { presetsByIdOnly, resolvePipIndexes } from '../../shared/mirrors/pipIndexes.js';
import type { CompatData } from '../../shared/plan/compatData.js';
import { frameworkBuilds } from '../../shared/plan/frameworkBuilds.js';
import { comparePep440, parsePep440 } from '../../shared/versions/pep440.js';
import type { IndexCheck, Plan } from '../../shared/types/plan.js';
import { withoutUserinfo } from '../../shared/text/urlUserinfo.js';
import { loadDataTable } from '../data/loadDataTable.js';
import { NO_PIP_CONFIG, pipSources, type PipIndexConfig } from '../index/pipIndexConfig.js';
import { hostGlibcVersion } from '../index/glibcVersion.js';
import { defaultIndexCacheDir } from '../index/indexCache.js';
import { resolveExact, type IndexRoot, type IndexSources, type ResolveOutcome, type TargetPlatform } from '../index/resolveExact.js';

export const DEFAULT_INDEX = 'https://pypi.org/simple';
/** A plan waits at most this long for the index: the answer is worth a second, not a minute. */
export const PLAN_INDEX_BUDGET_MS = 4_000;

export interface IndexCheckOptions {
  pypiMirror?: string;
  pytorchMirror?: string;
  /** This machine's C library ("2.36"); looked up when absent and the plan is for this machine. */
  glibc?: string | null;
  timeBudgetMs?: number;
  cacheDir?: string | null;
  /** The user's pip configuration (pip.conf, PIP_*), which adds to or replaces the indexes the install reads. */
  pipConfig?: PipIndexConfig;
  /** That configuration names sources pip reads and DL Setup does not: the plan stays on data/ (planPipConfig.ts). */
  pipConfigUnreadable?: boolean;
}

/** "jax[cuda12]==0.4.30" → { name: "jax", version: "0.4.30", extras: ["cuda12"] }; null for anything but an exact pin. */
export function indexRoot(requirement: string): IndexRoot | null {
  const match = /^([A-Za-z0-9][A-Za-z0-9._-]{0,99})(?:\[([A-Za-z0-9_,. -]{1,200})\])?==([0-9][0-9A-Za-z.+!_-]{0,63})$/.exec(requirement.trim());
  if (!match) return null;
  const extras = match[2]?.split(',').map((extra) => extra.trim()).filter(Boolean);
  return { name: match[1]!, version: match[3]!, ...(extras?.length ? { extras } : {}) };
}

/** The indexes pip will read for this plan, as the install computes them from the same mirrors and pip's own configuration; null: none (no-index). */
export function planIndexSources(plan: Plan, options: Pick<IndexCheckOptions, 'pypiMirror' | 'pytorchMirror' | 'pipConfig'>): IndexSources | null {
  const presets = presetsByIdOnly(loadDataTable('mirrors', mirrorTableSchema).mirrors);
  const resolved = resolvePipIndexes(presets, plan.framework.indexUrl, options.pypiMirror, options.pytorchMirror);
  const step = {
    ...(resolved.indexUrl ? { indexUrl: resolved.indexUrl } : {}),
    extraIndexUrls: [...resolved.extraIndexUrls, ...(plan.framework.extraIndexUrl ? [plan.framework.extraIndexUrl] : [])],
    findLinks: [...resolved.findLinks, ...(plan.framework.findLinks ? [plan.framework.findLinks] : [])],
  };
  const { indexUrls, findLinks } = pipSources(step, options.pipConfig ?? NO_PIP_CONFIG, DEFAULT_INDEX);
  return indexUrls.length ? { indexUrl: indexUrls[0]!, extraIndexUrls: indexUrls.slice(1), findLinks } : null;
}

function targetOf(plan: Plan, glibc: string | null): TargetPlatform {
  const { os, arch } = plan.profile;
  return { os: os === 'wsl' ? 'linux' : os, arch: arch === 'arm64' && os !== 'macos' ? 'aarch64' : arch, python: plan.python.version, ...(glibc ? { glibc } : {}) };
}

/** Releases on the index newer than every release in DL Setup's data: news the plan reports, never plans. */
function newsOf(data: CompatData, plan: Plan, outcome: Extract<ResolveOutcome, { status: 'resolved' }>, rootName: string): string[] {
  const newestKnown = frameworkBuilds(data, plan.framework.name, plan.profile)[0]?.[0]?.version;
  const known = newestKnown ? parsePep440(newestKnown) : null;
  const versions = new Set<string>();
  for (const version of outcome.newerVersions[rootName] ?? []) {
    const parsed = parsePep440(version);
    if (parsed && known && comparePep440(parsed, known, true) > 0) versions.add(version.split('+')[0]!);
  }
  return [...versions].reverse().slice(0, 5);
}

/** The indexes as a plan shows them: no credentials, and at most as many as a plan file carries (all are asked). */
function shown(sources: IndexSources): string[] {
  return [...(sources.findLinks ?? []), sources.indexUrl, ...(sources.extraIndexUrls ?? [])].map(withoutUserinfo).slice(0, 8);
}

/** The index's answer for a plan with a framework step; undefined when nothing is installed with pip. */
export async function checkPlanIndex(data: CompatData, plan: Plan, options: IndexCheckOptions = {}): Promise<IndexCheck | undefined> {
  const step = plan.steps.find((candidate) => candidate.kind === 'framework');
  if (plan.status !== 'ok' || !step || (step.params.installer !== undefined && step.params.installer !== 'pip')) return undefined;
  if (options.pipConfigUnreadable) return { status: 'dataOnly', reason: 'pipConfigUnread', indexes: [], requests: 0, ms: 0 };
  const sources = planIndexSources(plan, options);
  if (!sources) return { status: 'dataOnly', reason: 'noIndex', indexes: [], requests: 0, ms: 0 };
  // The indexes the user's pip configuration brought, said as theirs: the plan did not choose them.
  const own = planIndexSources(plan, { ...options, pipConfig: NO_PIP_CONFIG })!;
  const fromPipConfig = shown(sources).filter((url) => !shown(own).includes(url));
  const roots = plan.framework.packages.map(indexRoot);
  if (roots.some((root) => root === null)) return { status: 'dataOnly', reason: 'noPip', indexes: shown(sources), requests: 0, ms: 0 };
  const glibc = options.glibc !== undefined ? options.glibc : plan.profile.os === 'linux' || plan.profile.os === 'wsl' ? await hostGlibcVersion() : null;
  const outcome = await resolveExact(roots as IndexRoot[], sources, targetOf(plan, glibc), {
    timeBudgetMs: options.timeBudgetMs ?? PLAN_INDEX_BUDGET_MS,
    cacheDir: options.cacheDir === undefined ? defaultIndexCacheDir() : options.cacheDir,
  });
  const base = { indexes: shown(sources), ...(fromPipConfig.length ? { fromPipConfig } : {}), requests: outcome.requests, ms: outcome.ms };
  if (outcome.status === 'resolved') {
    const files = outcome.files.map(({ name, version, filename, url, size, sha256 }) => ({ name, version, filename, url, size, sha256 }));
    const newer = newsOf(data, plan, outcome, roots[0]!.name);
    return { status: 'resolved', ...base, files, fromCache: outcome.fromCache, ...(newer.length ? { newer } : {}) };
  }
  if (outcome.status === 'missing') {
    const { missing, need } = outcome.reason;
    // A C library DL Setup could not read is unknown, not old: pip in the environment will know; the plan stays on data/.
    if (missing === 'glibc' && !glibc) return { status: 'dataOnly', ...base, reason: 'glibcUnknown' };
    const available = outcome.reason.available?.slice(-5).join(', ');
    return { status: 'missing', ...base, missing: { name: outcome.root, version: outcome.version, missing, ...(need ? { need } : available ? { need: available } : {}) } };
  }
  return { status: outcome.status, ...base, reason: outcome.reason === 'redirect' || outcome.reason === 'insecureUrl' ? 'insecure' : outcome.reason === 'badPage' || outcome.reason === 'badMetadata' || outcome.reason === 'controlChar' ? 'malformed' : outcome.reason === 'metadataHash' ? 'hash' : outcome.reason };
}
