import type { environmentsText } from './environmentsText.js';
import type { EnvironmentChange, EnvironmentCheck, EnvironmentsReport, InstalledFramework } from '../types/environments.js';

/** One language's sentences of the environments catalog. */
export type EnvironmentsSay = ReturnType<typeof environmentsText>;

/** A build's verdict in words: "needs driver ≥ 525.60.13", "works on the CPU". */
export function verdictWords(fw: Pick<InstalledFramework, 'verdict' | 'driverFloor' | 'kind'>, say: EnvironmentsSay): string {
  if (fw.verdict === 'needsDriver') return say('verdict.needsDriver', { floor: String(fw.driverFloor) });
  // A CPU build only "works" on a machine without an NVIDIA GPU: say where it runs.
  return fw.verdict === 'works' && fw.kind === 'cpu' ? say('verdict.worksOnCpu') : say(`verdict.${fw.verdict}`);
}

/** A quick check's outcome in one cell: "passed (6 checks)" or its first failure. */
export function checkWords(check: EnvironmentCheck, say: EnvironmentsSay): string {
  return check.firstFailure ? say('check.failed', { id: check.firstFailure.id, reason: check.firstFailure.reason }) : say('check.passed', { passed: check.passed });
}

/** One side of a change, or an environment's state now: "works", "needs driver ≥ 570.26", "not there". */
export function stateWords(state: EnvironmentChange['from'], floor: string | undefined, say: EnvironmentsSay): string {
  if (state === null) return say('state.none');
  if (state === 'checkFailed' || state === 'absent') return say(`state.${state}`);
  return say(`verdict.${state}`, { floor: floor ?? '?' });
}

/** The line under the table: how many environments were read, and in how many the quick check ran (`--run`). */
export function summaryWords(report: Pick<EnvironmentsReport, 'environments' | 'durationMs'>, say: EnvironmentsSay): string {
  const count = report.environments.length;
  const checked = report.environments.filter((env) => env.check).length;
  return checked > 0 ? say('summaryChecked', { count, ms: report.durationMs, checked }) : say('summary', { count, ms: report.durationMs });
}

/** The minute a run was kept, as both the terminal and the wizard show it. */
export function sinceDate(since: NonNullable<EnvironmentsReport['since']>): string {
  return since.createdAt.slice(0, 16).replace('T', ' ');
}

/** One environment's change in words, with its cause when known: "llm-train: needs driver ≥ 570.26 → works, because of the new driver". */
export function changeWords(change: EnvironmentChange, say: EnvironmentsSay): string {
  const params = { env: change.name, from: stateWords(change.from, change.fromFloor, say), to: stateWords(change.to, change.toFloor, say) };
  if (change.cause === 'driver') return say('change.byDriver', params);
  if (change.cause === 'packages') return say('change.byPackages', params);
  return say('change', params).trim();
}
