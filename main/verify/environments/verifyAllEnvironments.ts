import os from 'node:os';
import path from 'node:path';
import type { CompatData } from '../../../shared/plan/compatData.js';
import type { EnvironmentRow, EnvironmentVerdict, EnvironmentsReport, InstalledFramework } from '../../../shared/types/environments.js';
import type { HardwareReport, PythonEnv } from '../../../shared/types/hardware.js';
import type { HardwareProfile } from '../../../shared/types/plan.js';
import type { Locale } from '../../../shared/i18n/localize.js';
import { detectHardware } from '../../detect/detectHardware.js';
import { loadCompatData } from '../../plan/loadCompatData.js';
import { profileFromReport } from '../../plan/profileFromReport.js';
import { bundledLibraries, buildEvidence } from './buildEvidence.js';
import { fixingRequest, judgeBuild } from './environmentVerdict.js';
import { readDistributions } from './readDistributions.js';
import { addedEnvironment } from './addedEnvironment.js';

/** Worst first: the row's verdict is the first of these any of its frameworks has. */
const SEVERITY: readonly EnvironmentVerdict[] = ['broken', 'noKernels', 'needsDriver', 'cpuOnly', 'unknown', 'works'];

/** "~/miniconda3/envs/llm-train/bin/python" → "llm-train"; a system interpreter keeps its path. */
function environmentName(env: Pick<PythonEnv, 'path' | 'kind'>): string {
  if (env.kind === 'system') return env.path;
  const prefix = path.dirname(path.dirname(env.path));
  // A project's ".venv" says little alone: "proj/.venv".
  return path.basename(prefix).startsWith('.') ? `${path.basename(path.dirname(prefix))}/${path.basename(prefix)}` : path.basename(prefix);
}

export async function environmentRow(data: CompatData, profile: HardwareProfile, env: PythonEnv, kind: EnvironmentRow['kind'] = env.kind): Promise<EnvironmentRow> {
  const dists = await readDistributions(env.sitePackages ?? []);
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

export interface VerifyAllOptions {
  locale?: Locale;
  /** A detection report to use instead of detecting now (the wizard passes the one it has). */
  report?: HardwareReport;
  /** Environment folders the user adds (`--env`, the wizard's input); ones that hold no environment are skipped. */
  extraEnvironments?: readonly string[];
}

/** Bounded: a list of added folders is the user's, not a scan. */
const MAX_ADDED = 32;

/**
 * Every environment detection finds, each judged from its installed metadata against this machine's GPU and driver:
 * no interpreter is started and nothing is imported, so a machine with 20 environments answers in well under a second.
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
  const environments = await Promise.all([
    ...report.pythons.map((env) => environmentRow(data, profile, env)),
    ...added.map((env) => environmentRow(data, profile, env, 'added')),
  ]);
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
