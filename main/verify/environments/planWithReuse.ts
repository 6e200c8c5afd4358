/*
 * A plan for this machine, with the environments already on it that satisfy the request (issue 30): a student with a
 * working conda env is told so before DL Setup installs a second one. Judged from installed metadata, as `verify --all`.
 */
import type { PlanResolveRequest } from '../../../shared/ipc/contract.js';
import { compareDotted, parseDotted } from '../../../shared/versions/dottedVersion.js';
import type { EnvironmentRow, InstalledFramework } from '../../../shared/types/environments.js';
import type { HardwareReport } from '../../../shared/types/hardware.js';
import type { HardwareProfile, Plan, ReusableEnvironment } from '../../../shared/types/plan.js';
import { ReadBudget } from '../../detect/readEnvironmentFiles.js';
import { isWhatIf } from '../../plan/applyProfileOverrides.js';
import { lastDetection } from '../../plan/lastDetection.js';
import { loadCompatData } from '../../plan/loadCompatData.js';
import { planForMachine } from '../../plan/planForMachine.js';
import { profileFromReport } from '../../plan/profileFromReport.js';
import { environmentRow } from './verifyAllEnvironments.js';

/** Rows per detection report: choosing a framework or version again re-plans without reading every environment again. */
const rowsByReport = new WeakMap<HardwareReport, Promise<{ profile: HardwareProfile; rows: EnvironmentRow[] }>>();
const MAX_OFFERED = 8;

function environmentRows(report: HardwareReport): Promise<{ profile: HardwareProfile; rows: EnvironmentRow[] }> {
  let kept = rowsByReport.get(report);
  if (!kept) {
    kept = (async () => {
      const data = loadCompatData();
      const profile = profileFromReport(report, data.gpus.gpus);
      const budget = new ReadBudget();
      const rows: EnvironmentRow[] = [];
      // One at a time: a plan is not worth filling the disk queue for, and rows are few.
      for (const env of report.pythons) rows.push(await environmentRow(data, profile, env, env.kind, budget));
      return { profile, rows };
    })();
    rowsByReport.set(report, kept);
  }
  return kept;
}

/** The build kind the plan installs: an environment is offered only when its build is that kind and runs. */
function planKind(plan: Plan): InstalledFramework['kind'] {
  return plan.framework.cuda ? 'cuda' : plan.framework.rocm ? 'rocm' : 'cpu';
}

/** "2.5" asks for any 2.5.x; "2.5.1+cu124" for that release (its variant is checked by the kind). */
function matchesPin(installed: string, pin: string | undefined): boolean {
  if (!pin) return true;
  const bare = installed.split('+')[0]!;
  const wanted = pin.split('+')[0]!;
  return bare === wanted || bare.startsWith(`${wanted}.`);
}

/** Whether "works" can be trusted here: for a CUDA build, the GPU's capability and the driver must be known. */
function knownEnough(profile: HardwareProfile, kind: InstalledFramework['kind']): boolean {
  return kind !== 'cuda' || (profile.computeCapability !== undefined && profile.driverVersion !== null);
}

export function reusableFrom(plan: Plan, profile: HardwareProfile, rows: readonly EnvironmentRow[]): ReusableEnvironment[] {
  const kind = planKind(plan);
  if (!knownEnough(profile, kind)) return [];
  const offered: ReusableEnvironment[] = [];
  for (const row of rows) {
    if (row.kind === 'added' || row.notChecked) continue;
    const build = row.frameworks.find(
      (fw) => fw.framework === plan.request.framework && fw.verdict === 'works' && fw.kind === kind && matchesPin(fw.version, plan.request.frameworkVersion),
    );
    if (build) offered.push({ name: row.name, path: row.path, kind: row.kind, python: row.python, version: build.version, ...(build.variant ? { variant: build.variant } : {}) });
  }
  // Newest build first.
  const parts = (env: ReusableEnvironment) => parseDotted(env.version.split('+')[0]!.replace(/[^\d.].*$/, '')) ?? [0];
  return offered.sort((a, b) => compareDotted(parts(b), parts(a))).slice(0, MAX_OFFERED);
}

/** `dlsetup plan` and plan:resolve for this machine: the plan, and what already satisfies it (never for a what-if or a picked GPU). */
export async function planWithReuse(request: PlanResolveRequest, options: { report?: HardwareReport; redetect?: boolean } = {}): Promise<Plan> {
  const forThisMachine = !isWhatIf(request.overrides ?? {}) && request.gpuChoice === undefined;
  const report = forThisMachine ? (options.report ?? (await lastDetection.report({ redetect: options.redetect }))) : options.report;
  const plan = await planForMachine(request, { ...options, report });
  // An unknown GPU is never called "works" (issue 28): nothing is offered on it.
  const gpuUnknown = plan.missingPrerequisites?.some((missing) => missing.code === 'GPU_UNKNOWN') ?? false;
  if (!forThisMachine || !report || plan.status !== 'ok' || gpuUnknown) return plan;
  const { profile, rows } = await environmentRows(report);
  const reuse = reusableFrom(plan, profile, rows);
  return reuse.length > 0 ? { ...plan, reuse } : plan;
}
