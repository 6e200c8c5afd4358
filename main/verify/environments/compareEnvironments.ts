import type { EnvironmentChange, EnvironmentRow, EnvironmentsReport } from '../../../shared/types/environments.js';

type Side = EnvironmentChange['from'];

/** A row's state for comparing: a failed quick check outranks the offline verdict (the check saw the GPU). */
function stateOf(row: EnvironmentRow | undefined): Side {
  if (!row) return 'absent';
  return row.check && row.check.failed > 0 ? 'checkFailed' : row.verdict;
}

/** The highest driver floor among the row's frameworks that need a newer driver. */
function floorOf(row: EnvironmentRow | undefined): string | undefined {
  const floors = (row?.frameworks ?? []).flatMap((fw) => (fw.verdict === 'needsDriver' && fw.driverFloor ? [fw.driverFloor] : []));
  return floors.sort((a, b) => a.localeCompare(b, 'en', { numeric: true })).at(-1);
}

function unread(row: EnvironmentRow | undefined): boolean {
  return row?.notChecked !== undefined && row.frameworks.length === 0;
}

/** The builds installed in an environment, as one comparable text ("torch==2.1.2+cu118"). */
function buildsOf(row: EnvironmentRow): string {
  return row.frameworks.map((fw) => `${fw.distribution}==${fw.version}`).sort().join(' ');
}

/** Why a verdict changed, where it can be told: other builds installed, else the same builds under another driver. */
function causeOf(was: EnvironmentRow | undefined, now: EnvironmentRow | undefined, driverChanged: boolean): EnvironmentChange['cause'] {
  if (!was || !now) return undefined;
  if (buildsOf(was) !== buildsOf(now)) return 'packages';
  return driverChanged ? 'driver' : undefined;
}

/** Per environment (by interpreter path), what changed between two runs: verdicts, check outcomes, added and gone, and why when it can be told. */
export function compareEnvironments(previous: EnvironmentsReport, current: EnvironmentsReport): EnvironmentChange[] {
  const before = new Map(previous.environments.map((row) => [row.path, row]));
  const after = new Map(current.environments.map((row) => [row.path, row]));
  const changes: EnvironmentChange[] = [];
  const driverChanged = previous.driver !== current.driver;
  for (const path of new Set([...before.keys(), ...after.keys()])) {
    const was = before.get(path);
    const now = after.get(path);
    // A row that was not read has no verdict to compare: "works → no framework" would be a claim nobody checked.
    if (unread(was) || unread(now)) continue;
    // A run without --run says nothing about the check: compare offline verdicts only, unless both ran the check.
    const bothChecked = Boolean(was?.check && now?.check);
    const from = bothChecked || !was || !now ? stateOf(was) : was.verdict;
    const to = bothChecked || !was || !now ? stateOf(now) : now.verdict;
    const fromFloor = from === 'needsDriver' ? floorOf(was) : undefined;
    const toFloor = to === 'needsDriver' ? floorOf(now) : undefined;
    if (from === to && fromFloor === toFloor) continue;
    const cause = causeOf(was, now, driverChanged);
    changes.push({ path, name: (now ?? was)!.name, from, to, ...(fromFloor ? { fromFloor } : {}), ...(toFloor ? { toFloor } : {}), ...(cause ? { cause } : {}) });
  }
  return changes;
}
