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

/** Worst first: the row's verdict is the first of these any of its frameworks has. */
const SEVERITY: readonly EnvironmentVerdict[] = ['broken', 'noKernels', 'needsDriver', 'cpuOnly', 'unknown', 'works'];

/** "~/miniconda3/envs/llm-train/bin/python" → "llm-train"; a system interpreter keeps its path. */
function environmentName(env: Pick<PythonEnv, 'path' | 'kind'>): string {
  if (env.kind === 'system') return env.path;
  const prefix = path.dirname(path.dirname(env.path));
  return path.basename(prefix);
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
}

/**
 * Every environment detection finds, each judged from its installed metadata against this machine's GPU and driver:
 * no interpreter is started and nothing is imported, so a machine with 20 environments answers in well under a second.
 */
export async function verifyAllEnvironments(options: VerifyAllOptions = {}): Promise<EnvironmentsReport> {
  const started = performance.now();
  const data = loadCompatData();
  const report = options.report ?? (await detectHardware({ locale: options.locale }));
  const profile = profileFromReport(report, data.gpus.gpus);
  const environments = await Promise.all(report.pythons.map((env) => environmentRow(data, profile, env)));
  const nvidia = report.gpus.find((gpu) => gpu.vendor === 'nvidia' && gpu.name === profile.gpuName) ?? report.gpus.find((gpu) => gpu.vendor === 'nvidia');
  return {
    gpu: nvidia ? { name: nvidia.name, computeCapability: profile.computeCapability ?? null } : null,
    driver: profile.driverVersion,
    environments,
    durationMs: Math.round(performance.now() - started),
  };
}
