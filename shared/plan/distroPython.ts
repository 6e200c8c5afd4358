// A venv plan on Linux installs python3.X-venv from the distribution; data/distro-pythons.json says which X a release has.
import type { Plan, PlanRequest, PlanStep } from '../types/plan.js';
import type { DistroPython, DistroPythonRelease } from './compatData.js';
import { majorMinor, majorMinorParts } from './majorMinor.js';
import { blockedPlan } from './planBlockers.js';
import { pythonReason } from './planReasons.js';
import type { PlanSay } from './planText.js';
import { inRange } from './pythonRange.js';
import type { Context, ReleaseGroup } from './resolverTypes.js';

/** What the release offers for a plan whose Python the distribution must install. */
export type DistroPythonChoice =
  | { kind: 'packaged'; python: DistroPython }
  | { kind: 'other'; python: DistroPython }
  | { kind: 'asked-not-packaged'; instead?: DistroPython }
  | { kind: 'none-fits' };

/** The release row of the plan's machine, or undefined where the table does not list it (then nothing is said). */
export function distroRelease(ctx: Pick<Context, 'data' | 'profile'>): DistroPythonRelease | undefined {
  const id = ctx.profile.linuxRepo;
  return id ? ctx.data.distroPythons?.releases.find((row) => row.distro === id) : undefined;
}

/** The newest Python the release packages inside the framework release's stable range. */
function newestPackagedInRange(release: DistroPythonRelease, group: ReleaseGroup): DistroPython | undefined {
  const fits = release.pythons.filter((row) => inRange(row.python, group.python));
  const parts = (row: DistroPython) => majorMinorParts(row.python);
  fits.sort((a, b) => parts(b)[0] - parts(a)[0] || parts(b)[1] - parts(a)[1]);
  return fits[0];
}

/** The rules: the planned Python when packaged; else, unless the person asked for it, the newest packaged one in range; else none fits. */
export function chooseDistroPython(release: DistroPythonRelease, group: ReleaseGroup, python: string, requested: string | undefined): DistroPythonChoice {
  const packaged = release.pythons.find((row) => row.python === majorMinor(python));
  if (packaged) return { kind: 'packaged', python: packaged };
  const instead = newestPackagedInRange(release, group);
  if (requested) return instead ? { kind: 'asked-not-packaged', instead } : { kind: 'asked-not-packaged' };
  return instead ? { kind: 'other', python: instead } : { kind: 'none-fits' };
}

/** "3.10, 3.11 (universe)": every Python the release packages, with its component where it is not main. */
export function packagedList(release: DistroPythonRelease, say: PlanSay): string {
  return release.pythons
    .map((row) => (row.component === 'main' ? row.python : say('python.inComponent', { python: row.python, component: row.component })))
    .join(say('python.listSeparator'));
}

/** The plan's steps and sentences with another Python: the system-python step only where the machine lacks it or its venv. */
function withPython(plan: Plan, ctx: Context, group: ReleaseGroup, row: DistroPython, release: DistroPythonRelease): Plan {
  const { profile, request, say } = ctx;
  const old = plan.python.version;
  const python = row.python;
  const needsSystemPython = !(profile.pythonVersions ?? []).includes(python) || (profile.pythonsWithoutVenv ?? []).includes(python);
  const steps: PlanStep[] = [];
  for (const step of plan.steps) {
    if (step.kind === 'system-python') {
      if (needsSystemPython) steps.push({ ...step, title: say('step.systemPython', { python }), params: { ...step.params, python } });
    } else if (step.kind === 'python-env' && step.params.manager === 'venv') {
      const name = String(step.params.name);
      steps.push({ ...step, title: say('step.pythonEnv.venv', { name, python }), params: { ...step.params, python } });
    } else {
      steps.push(step);
    }
  }
  const range = { min: group.python.min, max: group.python.max };
  const because = say('python.distroPackaged', { python, distro: release.name, packaged: packagedList(release, say), wanted: old, min: range.min, max: range.max });
  const index = plan.reasons.indexOf(pythonReason(old, range, request, profile, say));
  const reasons = index >= 0 ? plan.reasons.map((reason, i) => (i === index ? because : reason)) : [...plan.reasons, because];
  return withComponentReason({ ...plan, python: { ...plan.python, version: python }, steps, reasons }, row, release, say);
}

/** A Python outside main (Ubuntu's universe) is said: the step needs that component in apt's sources. */
function withComponentReason(plan: Plan, row: DistroPython, release: DistroPythonRelease, say: PlanSay): Plan {
  if (row.component === 'main' || !plan.steps.some((step) => step.kind === 'system-python')) return plan;
  return { ...plan, reasons: [...plan.reasons, say('python.distroComponent', { python: row.python, distro: release.name, component: row.component })] };
}

/** The blocked form of a venv plan the release has no Python for; `alternative` is the request that works. */
function notPackaged(plan: Plan, group: ReleaseGroup, message: string, alternative: PlanRequest): Plan {
  const base = { request: plan.request, profile: plan.profile, gpu: plan.gpu, dataReviewedAt: plan.dataReviewedAt };
  // Only the machine's description stays: the other reasons explain steps the blocked plan no longer has.
  return blockedPlan(base, plan.reasons.slice(0, 1), plan.warnings, { code: 'PYTHON_NOT_PACKAGED', message, alternative }, group);
}

/**
 * Checks a venv plan's distribution Python against data/distro-pythons.json before it is offered. `replan` resolves
 * another request for the same machine (the conda plan when no distribution Python fits and no method was asked for);
 * `replanned` says the plan came from it, finished already.
 */
export function withDistroPython(plan: Plan, ctx: Context, groups: readonly ReleaseGroup[], fw: string, replan: (request: PlanRequest) => Plan): { plan: Plan; replanned: boolean } {
  const unchanged = { plan, replanned: false };
  if (plan.status !== 'ok' || plan.method === 'conda' || !plan.steps.some((step) => step.kind === 'system-python')) return unchanged;
  const release = distroRelease(ctx);
  const version = plan.framework.version;
  const group = groups.find((g) => g.builds[0]!.version === version || g.builds[0]!.patches.includes(version));
  if (!release || !group) return unchanged;
  const { request, say } = ctx;
  const choice = chooseDistroPython(release, group, plan.python.version, request.python);
  if (choice.kind === 'packaged') return { plan: withComponentReason(plan, choice.python, release, say), replanned: false };
  if (choice.kind === 'other') return { plan: withPython(plan, ctx, group, choice.python, release), replanned: false };
  const packaged = packagedList(release, say);
  const python = plan.python.version;
  if (choice.kind === 'asked-not-packaged') {
    const instead = choice.instead?.python;
    const message = instead
      ? say('blocker.pythonNotPackaged.other', { distro: release.name, python, packaged, instead })
      : say('blocker.pythonNotPackaged.conda', { distro: release.name, python, packaged });
    return { plan: notPackaged(plan, group, message, instead ? { ...request, python: instead } : { ...request, method: 'conda' }), replanned: false };
  }
  const range = { fw, version, min: group.python.min, max: group.python.max, distro: release.name, packaged };
  const conda = request.method === undefined ? replan({ ...request, method: 'conda' }) : undefined;
  if (conda?.status === 'ok') {
    const why = say(ctx.profile.condaFound ? 'python.distroNoneFits.condaHere' : 'python.distroNoneFits.conda', range);
    // After the machine's description, before the conda plan's own reasons.
    return { plan: { ...conda, reasons: [...conda.reasons.slice(0, 1), why, ...conda.reasons.slice(1)] }, replanned: true };
  }
  return { plan: notPackaged(plan, group, say('blocker.pythonNoneFits', range), { ...request, method: 'conda' }), replanned: false };
}
