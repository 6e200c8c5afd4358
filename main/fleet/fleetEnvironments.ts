import type { Locale } from '../../shared/i18n/localize.js';
import { displayWidth, padEndToWidth } from '../../shared/text/displayWidth.js';
import { escapeHtml } from '../../shared/text/escapeHtml.js';
import type { EnvironmentVerdict, EnvironmentsReport } from '../../shared/types/environments.js';
import { FRAMEWORK_NAMES } from '../../shared/plan/frameworkNames.js';
import { environmentsText } from '../verify/environments/environmentsText.js';
import { verdictWords } from '../verify/environments/formatEnvironments.js';
import { fleetHost } from './fleetHost.js';

/** `dlsetup fleet report DIR` also reads `dlsetup verify --all --json` files (issue 20): one table, environments × machines. */
export interface FleetEnvironmentsInput {
  source: string;
  report: EnvironmentsReport;
}

export interface FleetEnvironmentCell {
  verdict: EnvironmentVerdict | null;
  /** "PyTorch 2.1.2+cu121"; empty when the environment has no framework. */
  builds: string;
  /** The verdict in words ("needs driver ≥ 525.60.13"); a failed quick check is said instead. */
  words: string;
}

export interface FleetEnvironments {
  /** Machines, in name order, with the GPU and driver each report was read on. */
  hosts: { host: string; gpu: string | null; driver: string | null; createdAt: string | null }[];
  /** One row per environment name; a machine without that environment has no cell. */
  rows: { environment: string; cells: Record<string, FleetEnvironmentCell> }[];
}

/** The fields every environments report has; anything else in the folder is for the verify-report reader. */
export function isEnvironmentsReport(value: unknown): boolean {
  const record = value as Partial<EnvironmentsReport> | null;
  return !!record && typeof record === 'object' && Array.isArray(record.environments) && typeof record.durationMs === 'number' && 'driver' in record;
}

function hostOf(input: FleetEnvironmentsInput): string {
  return fleetHost(input.source, input.report.host);
}

/** The newest report per machine, pivoted to environments × machines. */
export function buildFleetEnvironments(inputs: readonly FleetEnvironmentsInput[], options: { locale?: Locale } = {}): FleetEnvironments {
  const say = environmentsText(options.locale);
  const newest = new Map<string, EnvironmentsReport>();
  for (const input of inputs) {
    const host = hostOf(input);
    const kept = newest.get(host);
    if (!kept || (input.report.createdAt ?? '') > (kept.createdAt ?? '')) newest.set(host, input.report);
  }
  const hosts = [...newest.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([host, report]) => ({ host, gpu: report.gpu?.name ?? null, driver: report.driver, createdAt: report.createdAt ?? null }));
  const rows = new Map<string, Record<string, FleetEnvironmentCell>>();
  for (const { host } of hosts) {
    for (const env of newest.get(host)!.environments) {
      const builds = env.frameworks.map((fw) => `${FRAMEWORK_NAMES[fw.framework]} ${fw.version}`).join(', ');
      const worst = env.frameworks.find((fw) => fw.verdict === env.verdict);
      const words = env.check && env.check.failed > 0 ? say('state.checkFailed') : worst ? verdictWords(worst, say) : say('noFramework');
      rows.set(env.name, { ...(rows.get(env.name) ?? {}), [host]: { verdict: env.verdict, builds, words } });
    }
  }
  return { hosts, rows: [...rows.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([environment, cells]) => ({ environment, cells })) };
}

/** The terminal table: environment, then per machine its build and verdict ("PyTorch 2.1.2: needs driver ≥ …"). */
export function formatFleetEnvironments(table: FleetEnvironments, options: { locale?: Locale } = {}): string {
  const say = environmentsText(options.locale);
  if (table.hosts.length === 0) return '';
  const header = [say('column.environment'), ...table.hosts.map((host) => `${host.host} (${host.driver ?? '-'})`)];
  const rows = table.rows.map((row) => [row.environment, ...table.hosts.map(({ host }) => (row.cells[host] ? `${row.cells[host]!.builds}${row.cells[host]!.builds ? ': ' : ''}${row.cells[host]!.words}` : '—'))]);
  const widths = header.map((cell, at) => Math.max(displayWidth(cell), ...rows.map((row) => displayWidth(row[at]!))));
  const line = (cells: string[]) => cells.map((cell, at) => (at === cells.length - 1 ? cell : padEndToWidth(cell, widths[at]! + 2))).join('').trimEnd();
  return `\n${say('fleet.heading')}\n${line(header)}\n${rows.map(line).join('\n')}\n`;
}

/** The same table for the fleet HTML page, every text escaped. */
export function renderFleetEnvironmentsHtml(table: FleetEnvironments, options: { locale?: Locale } = {}): string {
  if (table.hosts.length === 0) return '';
  const say = environmentsText(options.locale);
  const e = escapeHtml;
  const head = `<tr><th>${e(say('column.environment'))}</th>${table.hosts.map((host) => `<th>${e(host.host)}<br><small>${e(host.gpu ?? '—')}, ${e(host.driver ?? '—')}</small></th>`).join('')}</tr>`;
  const body = table.rows.map(
    (row) => `<tr><td>${e(row.environment)}</td>${table.hosts.map(({ host }) => { const cell = row.cells[host]; return `<td${cell && cell.verdict !== 'works' && cell.verdict !== null ? ' class="warn"' : ''}>${cell ? `${e(cell.builds)}<br><small>${e(cell.words)}</small>` : '—'}</td>`; }).join('')}</tr>`,
  );
  return `<h2>${e(say('fleet.heading'))}</h2>\n<table><thead>${head}</thead><tbody>${body.join('\n')}</tbody></table>`;
}
