import type { EnvironmentRow, EnvironmentsReport } from '../types/environments.js';
import { changeWords, sinceDate, stateWords, type EnvironmentsSay } from './environmentWords.js';

/** What changed since the last run kept: a heading and one line per environment, the same in the terminal and the wizard. */
export interface SinceWords {
  heading: string;
  items: { path: string; name: string; text: string }[];
}

/** The highest driver floor among a row's builds that need a newer driver. */
function floorOf(row: EnvironmentRow): string | undefined {
  const floors = row.frameworks.flatMap((fw) => (fw.verdict === 'needsDriver' && fw.driverFloor ? [fw.driverFloor] : []));
  return floors.sort((a, b) => a.localeCompare(b, 'en', { numeric: true })).at(-1);
}

/**
 * Against the last run kept: with the same driver, the environments whose verdict changed ("No environment changed"
 * when none did); after a driver change, the change from → to and then every environment with a framework, each said to
 * have changed because of the driver, because of its packages, or to be as before.
 */
export function sinceWords(report: Pick<EnvironmentsReport, 'driver' | 'environments' | 'since'>, say: EnvironmentsSay): SinceWords | null {
  const since = report.since;
  if (!since) return null;
  const date = sinceDate(since);
  const line = (change: (typeof since.changes)[number]) => ({ path: change.path, name: change.name, text: changeWords(change, say) });
  if (since.driver === report.driver) {
    if (since.changes.length === 0) return { heading: say('noChanges', { date }), items: [] };
    return { heading: say('since', { date, driver: since.driver ?? '-' }), items: since.changes.map(line) };
  }
  const none = say('driverNone');
  const drivers = { date, from: since.driver ?? none, to: report.driver ?? none };
  const changed = new Map(since.changes.map((change) => [change.path, change]));
  const items: SinceWords['items'] = [];
  for (const env of report.environments) {
    const change = changed.get(env.path);
    changed.delete(env.path);
    if (change) items.push(line(change));
    // Without a framework there is no verdict a driver could change; a check run now has no earlier one, so the offline verdict.
    else if (env.verdict !== null) items.push({ path: env.path, name: env.name, text: say('unchangedByDriver', { env: env.name, verdict: stateWords(env.verdict, floorOf(env), say) }) });
  }
  // Environments gone since the last run come last.
  items.push(...[...changed.values()].map(line));
  return { heading: say(items.length ? 'driverChanged' : 'driverChangedNoFramework', drivers), items };
}

/** The terminal's lines: the heading, then each environment indented by two. */
export function formatChanges(report: Pick<EnvironmentsReport, 'driver' | 'environments' | 'since'>, say: EnvironmentsSay): string[] {
  const words = sinceWords(report, say);
  return words ? [words.heading, ...words.items.map((item) => `  ${item.text}`)] : [];
}
