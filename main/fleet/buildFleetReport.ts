import semverLessThan from 'semver/functions/lt.js';
import semverValid from 'semver/functions/valid.js';
import { lookupGpu, type GpuRow } from '../../shared/gpus/lookupGpu.js';
import type { MatmulResult, VerifyChange, VerifyReport } from '../../shared/types/verify.js';
import { applySpecPeaks, LOW_EFFICIENCY } from '../verify/specEfficiency.js';
import { compareReports } from '../verify/compareReports.js';
import { fleetHost } from './fleetHost.js';
import type { Locale } from '../../shared/i18n/localize.js';
import { failureWords, newestFailures, type FleetFailureInput, type RunFailure } from './runFailures.js';

/** A host whose best throughput is below this share of its GPU model's fleet median is flagged. */
export const BELOW_PEERS_RATIO = 0.8;

export type FleetFlagCode = 'RUN_FAILED' | 'CHECKS_FAILED' | 'LOW_EFFICIENCY' | 'BELOW_PEERS' | 'DRIVER_DIFFERS' | 'OLDER_DLSETUP';

export interface FleetFlag {
  code: FleetFlagCode;
  message: string;
}

export interface FleetRow {
  host: string;
  /** The report file the row's latest result came from. */
  source: string;
  createdAt: string;
  gpu: string | null;
  driver: string | null;
  framework: string | null;
  /** The DL Setup that made the latest report (semver), null where an exported script made it. */
  dlsetupVersion: string | null;
  checks: { passed: number; failed: number; skipped: number; total: number };
  failedChecks: string[];
  /** The highest GPU matmul throughput, with its precision and share of the spec peak where known. */
  best: { dtype: string; tflops: number; peakTflops?: number; efficiency?: number } | null;
  /** How many reports this host has in the folder. */
  reports: number;
  previousCreatedAt: string | null;
  /** What changed since the host's previous report (compareReports). */
  changes: VerifyChange[];
  flags: FleetFlag[];
  /** The host's last run stopped after its latest report (or before any): the step and DL Setup's code for it. */
  failure: { code: string; task: string; createdAt: string } | null;
}

export interface FleetGroup {
  gpu: string;
  hosts: number;
  medianEfficiency: number | null;
  majorityDriver: string | null;
}

export interface FleetReport {
  generatedAt: string;
  hosts: number;
  outliers: number;
  rows: FleetRow[];
  groups: FleetGroup[];
}

export interface FleetInput {
  /** Where the report came from (a path relative to the folder); names the host when the report does not. */
  source: string;
  report: VerifyReport;
}

/** The folder a fetch put the report in (ansible: <host>/verify-….json), else the report's own host name, else the file name. */
export function hostOf(input: FleetInput): string {
  const report = input.report as VerifyReport & { host?: unknown; hostname?: unknown };
  const own = [report.host, report.hostname, report.fingerprint?.hostname, report.fingerprint?.host].find((value): value is string => typeof value === 'string' && value.trim() !== '');
  return fleetHost(input.source, own);
}

function gpuOf(report: VerifyReport): string | null {
  const name = report.spec?.name ?? report.devices?.[0]?.name ?? report.fingerprint?.gpus?.split(',')[0];
  return name?.trim() || null;
}

function frameworkOf(report: VerifyReport): string | null {
  const fw = report.framework;
  if (!fw) return report.fingerprint?.framework ?? null;
  const cuda = fw.build?.cuda ? ` (CUDA ${fw.build.cuda})` : fw.build?.rocm ? ` (ROCm ${fw.build.rocm})` : '';
  return `${fw.name} ${fw.version}${cuda}`;
}

function bestMatmul(report: VerifyReport, specs: readonly GpuRow[] | undefined): FleetRow['best'] {
  let matmul: MatmulResult[] = (report.matmul ?? []).filter((entry) => entry.device !== 'cpu' && Number.isFinite(entry.tflops));
  // Reports made without DL Setup's data (exported scripts) get their peaks from data/gpus.json here.
  if (specs && matmul.some((entry) => entry.efficiency === undefined)) {
    const name = gpuOf(report);
    const spec = name ? lookupGpu(specs as GpuRow[], { name }) : undefined;
    if (spec) matmul = applySpecPeaks(matmul, spec);
  }
  const best = matmul.reduce<MatmulResult | null>((top, entry) => (top === null || entry.tflops > top.tflops ? entry : top), null);
  if (!best) return null;
  return { dtype: best.dtype, tflops: best.tflops, ...(best.peakTflops ? { peakTflops: best.peakTflops } : {}), ...(best.efficiency !== undefined ? { efficiency: best.efficiency } : {}) };
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function majority(values: string[]): string | null {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  // A tie has no majority to differ from.
  if (ranked.length === 0 || (ranked.length > 1 && ranked[0]![1] === ranked[1]![1])) return null;
  return ranked[0]![0];
}

/** The highest of semver versions (1.10.0 after 1.9.0, 1.0.0 after 1.0.0-rc.1), null for none. */
function newestVersion(versions: readonly string[]): string | null {
  return versions.reduce<string | null>((top, version) => (top === null || semverLessThan(top, version) ? version : top), null);
}

/** A host whose run stopped before it was ever verified: a row with nothing but the failure. */
function failedOnlyRow(host: string, failure: RunFailure): FleetRow {
  return {
    host,
    source: '',
    createdAt: failure.createdAt,
    gpu: null,
    driver: null,
    framework: null,
    dlsetupVersion: null,
    checks: { passed: 0, failed: 0, skipped: 0, total: 0 },
    failedChecks: [],
    best: null,
    reports: 0,
    previousCreatedAt: null,
    changes: [],
    flags: [],
    failure: null,
  };
}

const pct = (value: number) => `${Math.round(value * 100)} %`;

/**
 * One row per host (its latest report, compared with its previous one), grouped by GPU model to find the outliers:
 * failed checks, throughput under 50 % of spec, far under the median of the same GPU model, a driver that differs from
 * the one most hosts with that GPU run.
 */
export function buildFleetReport(
  inputs: readonly FleetInput[],
  options: { specs?: readonly GpuRow[]; now?: Date; failures?: readonly FleetFailureInput[]; locale?: Locale } = {},
): FleetReport {
  const byHost = new Map<string, FleetInput[]>();
  for (const input of inputs) {
    const host = hostOf(input);
    const list = byHost.get(host);
    if (list) list.push(input);
    else byHost.set(host, [input]);
  }
  const rows: FleetRow[] = [];
  for (const [host, list] of byHost) {
    list.sort((a, b) => String(a.report.createdAt).localeCompare(String(b.report.createdAt)) || a.source.localeCompare(b.source));
    const latest = list[list.length - 1]!;
    const previous = list.length > 1 ? list[list.length - 2]! : null;
    const report = latest.report;
    const checks = report.checks ?? [];
    const summary = report.summary ?? { passed: 0, failed: 0, skipped: 0 };
    rows.push({
      host,
      source: latest.source,
      createdAt: report.createdAt,
      gpu: gpuOf(report),
      driver: report.fingerprint?.driver ?? null,
      framework: frameworkOf(report),
      dlsetupVersion: semverValid(report.dlsetupVersion ?? null),
      checks: { ...summary, total: checks.length || summary.passed + summary.failed + summary.skipped },
      failedChecks: checks.filter((check) => check.status === 'fail').map((check) => check.id),
      best: bestMatmul(report, options.specs),
      reports: list.length,
      previousCreatedAt: previous?.report.createdAt ?? null,
      changes: previous ? compareReports(previous.report, report).changes : [],
      flags: [],
      failure: null,
    });
  }
  const failures = newestFailures(options.failures ?? []);
  for (const [host, failure] of failures) if (!byHost.has(host)) rows.push(failedOnlyRow(host, failure));

  const groups: FleetGroup[] = [];
  const byGpu = new Map<string, FleetRow[]>();
  for (const row of rows) {
    if (!row.gpu) continue;
    const list = byGpu.get(row.gpu);
    if (list) list.push(row);
    else byGpu.set(row.gpu, [row]);
  }
  for (const [gpu, members] of byGpu) {
    const efficiencies = members.flatMap((row) => (row.best?.efficiency !== undefined ? [row.best.efficiency] : []));
    groups.push({
      gpu,
      hosts: members.length,
      medianEfficiency: members.length >= 2 ? median(efficiencies) : null,
      majorityDriver: members.length >= 3 ? majority(members.flatMap((row) => (row.driver ? [row.driver] : []))) : null,
    });
  }
  const groupOf = new Map(groups.map((group) => [group.gpu, group]));
  const newestDlsetup = newestVersion(rows.flatMap((row) => (row.dlsetupVersion ? [row.dlsetupVersion] : [])));

  for (const row of rows) {
    const failure = failures.get(row.host);
    // A failure older than the host's latest report was fixed by the run that made that report.
    if (failure && (row.reports === 0 || Date.parse(failure.createdAt) > Date.parse(row.createdAt))) {
      row.failure = { code: failure.code, task: failure.task, createdAt: failure.createdAt };
      row.flags.push({ code: 'RUN_FAILED', message: failureWords(failure, options.locale) });
    }
    if (row.checks.failed > 0 || row.failedChecks.length > 0) {
      row.flags.push({ code: 'CHECKS_FAILED', message: `${row.checks.failed || row.failedChecks.length} check(s) failed: ${row.failedChecks.join(', ') || 'see the report'}.` });
    }
    const efficiency = row.best?.efficiency;
    if (efficiency !== undefined && efficiency < LOW_EFFICIENCY) {
      row.flags.push({ code: 'LOW_EFFICIENCY', message: `${row.best!.dtype} matmul reached ${pct(efficiency)} of the spec peak (under ${pct(LOW_EFFICIENCY)}): check clocks, power cap, PCIe link and temperature.` });
    }
    const group = row.gpu ? groupOf.get(row.gpu) : undefined;
    if (efficiency !== undefined && group?.medianEfficiency && efficiency < group.medianEfficiency * BELOW_PEERS_RATIO) {
      row.flags.push({ code: 'BELOW_PEERS', message: `${pct(efficiency)} of peak is far below the ${pct(group.medianEfficiency)} median of the ${group.hosts} hosts with a ${row.gpu}.` });
    }
    if (group?.majorityDriver && row.driver && row.driver !== group.majorityDriver) {
      row.flags.push({ code: 'DRIVER_DIFFERS', message: `Driver ${row.driver}; most hosts with a ${row.gpu} run ${group.majorityDriver}.` });
    }
  }
  for (const row of rows) {
    // An older DL Setup may check less or differently: hosts compare like with like only when verified with the same one.
    if (row.dlsetupVersion && newestDlsetup && semverLessThan(row.dlsetupVersion, newestDlsetup)) {
      row.flags.push({ code: 'OLDER_DLSETUP', message: `Verified with DL Setup ${row.dlsetupVersion}; the newest report here is from ${newestDlsetup}: verify again with it to compare like with like.` });
    }
  }
  rows.sort((a, b) => b.flags.length - a.flags.length || a.host.localeCompare(b.host, 'en', { numeric: true }));
  return {
    generatedAt: (options.now ?? new Date()).toISOString(),
    hosts: rows.length,
    outliers: rows.filter((row) => row.flags.length > 0).length,
    rows,
    groups: groups.sort((a, b) => b.hosts - a.hosts || a.gpu.localeCompare(b.gpu)),
  };
}
