import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { checkSchema } from '../../../shared/schema/checkSchema.js';
import { environmentsReportSchema } from '../../../shared/schema/environmentsReportSchema.js';
import { terminalSafeJson } from '../../../shared/text/terminalSafe.js';
import type { EnvironmentsReport } from '../../../shared/types/environments.js';
import { reportsDir } from '../reportHistory.js';
import { compareEnvironments } from './compareEnvironments.js';

/** Beside the verify reports (appDataDir()/reports): one JSON per `verify --all` run, named by time. */
const PREFIX = 'environments-';
/** The folder is the user's: reading stops after this many files, newest names first. */
const MAX_READ = 200;

function fileName(report: EnvironmentsReport): string {
  return `${PREFIX}${(report.createdAt ?? new Date().toISOString()).replace(/[:.]/g, '-')}.json`;
}

/** The newest earlier run that passes the schema; damaged or hand-edited files are skipped, not fatal. */
export async function latestEnvironmentsReport(dir = reportsDir()): Promise<EnvironmentsReport | null> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.startsWith(PREFIX) && name.endsWith('.json'));
  } catch {
    return null;
  }
  for (const name of names.sort().reverse().slice(0, MAX_READ)) {
    try {
      const checked = checkSchema(environmentsReportSchema, JSON.parse(await readFile(path.join(dir, name), 'utf8')));
      if (checked.ok) return checked.value as EnvironmentsReport;
    } catch {
      // A half-written file must not block the next run.
    }
  }
  return null;
}

/** The report with `since`: what changed per environment against the last run kept (unchanged when there is none). */
export async function sinceLastRun(report: EnvironmentsReport, dir = reportsDir()): Promise<EnvironmentsReport> {
  const previous = await latestEnvironmentsReport(dir);
  const { since: _dropped, ...plain } = report;
  return previous?.createdAt ? { ...plain, since: { createdAt: previous.createdAt, driver: previous.driver, changes: compareEnvironments(previous, plain) } } : plain;
}

/**
 * Compares with the last run kept, then keeps this one: the report comes back with `since` when there was one. Folder
 * names and METADATA versions are outside input: the file holds their control and bidi characters as JSON \u escapes.
 */
export async function recordEnvironmentsRun(report: EnvironmentsReport, dir = reportsDir()): Promise<{ report: EnvironmentsReport; savedPath: string }> {
  const withSince = await sinceLastRun(report, dir);
  await mkdir(dir, { recursive: true });
  const savedPath = path.join(dir, fileName(withSince));
  await writeFile(savedPath, `${terminalSafeJson(withSince, 2)}\n`, 'utf8');
  return { report: withSince, savedPath };
}
