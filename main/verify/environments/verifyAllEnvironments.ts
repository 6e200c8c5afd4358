import os from 'node:os';
import path from 'node:path';
import type { CompatData } from '../../../shared/plan/compatData.js';
import type { EnvironmentNotChecked, EnvironmentRow, EnvironmentVerdict, EnvironmentsReport, InstalledFramework } from '../../../shared/types/environments.js';
import type { HardwareReport, NotCheckedPython, PythonEnv } from '../../../shared/types/hardware.js';
import type { HardwareProfile } from '../../../shared/types/plan.js';
import type { Locale } from '../../../shared/i18n/localize.js';
import { detectHardware } from '../../detect/detectHardware.js';
import { loadCompatData } from '../../plan/loadCompatData.js';
import { profileFromReport } from '../../plan/profileFromReport.js';
import { bundledLibraries, buildEvidence } from './buildEvidence.js';
import { fixingRequest, judgeBuild } from './environmentVerdict.js';
import { readDistributions } from './readDistributions.js';
import { addedEnvironment } from './addedEnvironment.js';
import { ReadBudget } from '../../detect/readEnvironmentFiles.js';
import { askPython } from '../../detect/probes/probePythons.js';
import { saveProbeRunCache } from '../../detect/probeRunCache.js';
import { sysrootPath } from '../../system/sysroot.js';

/** Worst first: the row's verdict is the first of these any of its frameworks has. */
const SEVERITY: readonly EnvironmentVerdict[] = ['broken', 'noKernels', 'needsDriver', 'cpuOnly', 'unknown', 'works'];

/** "~/miniconda3/envs/llm-train/bin/python" → "llm-train"; a system interpreter keeps its path. */
function environmentName(env: Pick<PythonEnv, 'path' | 'kind'>): string {
  if (env.kind === 'system') return env.path;
  const prefix = path.dirname(path.dirname(env.path));
  // A project's ".venv" says little alone: "proj/.venv".
  return path.basename(prefix).startsWith('.') ? `${path.basename(path.dirname(prefix))}/${path.basename(prefix)}` : path.basename(prefix);
}

/** A row for an environment that was found but not judged: no frameworks, no verdict, and why. */
function notCheckedRow(env: Pick<PythonEnv, 'path' | 'kind'> & { version?: string }, kind: EnvironmentRow['kind'], reason: EnvironmentNotChecked): EnvironmentRow {
  return { path: env.path, name: environmentName(env), kind, python: env.version ?? '', frameworks: [], bundled: {}, verdict: null, notChecked: reason };
}

export async function environmentRow(
  data: CompatData,
  profile: HardwareProfile,
  env: PythonEnv,
  kind: EnvironmentRow['kind'] = env.kind,
  budget: ReadBudget = new ReadBudget(),
): Promise<EnvironmentRow> {
  const { dists, overLimits } = await readDistributions(env.sitePackages ?? [], budget);
  // A verdict from part of the metadata would be a guess: the row says the limits stopped it instead.
  if (overLimits) return notCheckedRow(env, kind, 'overLimits');
  const frameworks: InstalledFramework[] = (await buildEvidence(dists)).map((evidence) => {
    const verdict = judgeBuild(data, profile, evidence);
    // The variant the data resolved (PyPI's torch 2.1.2 is cu121), so the plan keeps the very build.
    const request = fixingRequest({ ...evidence, variant: verdict.variant ?? evidence.variant }, verdict.verdict, env.version);
    return {
      framework: evidence.framework,
      distribution: evidence.distribution,
      version: evidence.version,
      ...verdict,
      ...(request ? { action: { request, environment: env.path } } : {}),
    };
  });
  const verdict = SEVERITY.find((kind) => frameworks.some((fw) => fw.verdict === kind)) ?? null;
  return { path: env.path, name: environmentName(env), kind, python: env.version, frameworks, bundled: bundledLibraries(dists), verdict };
}

/** `--run` only: may this interpreter be started, and what to say before it is (issue 27 item 3: said and asked for). */
export interface StartUnreadable {
  /** `executable`: the file that would run (here the sysroot's, on a simulated host); its owner is what is checked. */
  mayStart(interpreter: string, executable?: string): Promise<boolean>;
  onStarting?(interpreter: string): void;
}

/** A detected environment that was not checked: read by starting its Python when the user asked for that, else said so. */
async function notCheckedEnvironmentRow(data: CompatData, profile: HardwareProfile, entry: NotCheckedPython, budget: ReadBudget, options: VerifyAllOptions): Promise<EnvironmentRow> {
  const start = options.startUnreadable;
  if (!start || entry.reason === 'overLimits') return notCheckedRow(entry, entry.kind, entry.reason);
  if (!(await start.mayStart(entry.path, sysrootPath(entry.path)))) return notCheckedRow(entry, entry.kind, 'otherUser');
  start.onStarting?.(entry.path);
  const context = { platform: process.platform, quick: false, timeoutMs: 20_000, env: process.env, warn: () => undefined, locale: options.locale };
  const asked = await askPython(context, sysrootPath(entry.path), entry.path);
  if (!asked) return notCheckedRow(entry, entry.kind, 'unreadable');
  return environmentRow(data, profile, { path: entry.path, kind: entry.kind, version: asked.version, packages: {}, sitePackages: asked.site }, entry.kind, budget);
}

export interface VerifyAllOptions {
  locale?: Locale;
  /** A detection report to use instead of detecting now (the wizard passes the one it has). */
  report?: HardwareReport;
  /** Environment folders the user adds (`--env`, the wizard's input); ones that hold no environment are skipped. */
  extraEnvironments?: readonly string[];
  /** `--run`: environments whose layout could not be read are started to ask them (without it: reported, never started). */
  startUnreadable?: StartUnreadable;
}

/** Environments read at a time: each holds a chunk and a line, so memory stays flat however many there are. */
const READ_IN_PARALLEL = 4;

async function mapInTurns<T, R>(items: readonly T[], turns: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    for (let at = next++; at < items.length; at = next++) results[at] = await fn(items[at]!);
  };
  await Promise.all(Array.from({ length: Math.min(turns, items.length) }, worker));
  return results;
}

/** Bounded: a list of added folders is the user's, not a scan. */
const MAX_ADDED = 32;

/**
 * Every environment detection finds, each judged from its installed metadata against this machine's GPU and driver:
 * no environment's interpreter is started and nothing is imported, so a machine with 20 environments answers in well
 * under a second. Those detection could not read are rows that say so; only `startUnreadable` (--run) starts them.
 */
export async function verifyAllEnvironments(options: VerifyAllOptions = {}): Promise<EnvironmentsReport> {
  const started = performance.now();
  const data = loadCompatData();
  const report = options.report ?? (await detectHardware({ locale: options.locale }));
  const profile = profileFromReport(report, data.gpus.gpus);
  const known = new Set(report.pythons.map((env) => env.path));
  const added: PythonEnv[] = [];
  for (const env of await Promise.all((options.extraEnvironments ?? []).slice(0, MAX_ADDED).map(addedEnvironment))) {
    // One already detected, or named twice, keeps one row.
    if (!env || known.has(env.path)) continue;
    added.push(env);
    known.add(env.path);
  }
  // One budget of bytes and time for every file this run reads (docs/security.md).
  const budget = new ReadBudget();
  const notChecked = (report.pythonsNotChecked ?? []).filter((entry) => !known.has(entry.path));
  const environments = [
    ...(await mapInTurns([...report.pythons.map((env) => ({ env, kind: env.kind })), ...added.map((env) => ({ env, kind: 'added' as const }))], READ_IN_PARALLEL, ({ env, kind }) =>
      environmentRow(data, profile, env, kind, budget),
    )),
    ...(await mapInTurns(notChecked, 1, (entry) => notCheckedEnvironmentRow(data, profile, entry, budget, options))),
  ];
  if (options.startUnreadable) await saveProbeRunCache();
  const nvidia = report.gpus.find((gpu) => gpu.vendor === 'nvidia' && gpu.name === profile.gpuName) ?? report.gpus.find((gpu) => gpu.vendor === 'nvidia');
  return {
    gpu: nvidia ? { name: nvidia.name, computeCapability: profile.computeCapability ?? null } : null,
    driver: profile.driverVersion,
    environments,
    durationMs: Math.round(performance.now() - started),
    createdAt: new Date().toISOString(),
    // The fleet report's column name for this machine (the schema's host name rule; else the folder names it).
    ...(/^[A-Za-z0-9][A-Za-z0-9._-]{0,252}$/.test(os.hostname()) ? { host: os.hostname() } : {}),
  };
}
