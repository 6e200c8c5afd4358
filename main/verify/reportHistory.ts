import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locale } from '../../shared/i18n/localize.js';
import type { VerifyReport } from '../../shared/types/verify.js';
import { appDataDir } from '../appPaths.js';
import { checkSchema } from '../../shared/schema/checkSchema.js';
import { terminalSafe, terminalSafeJson } from '../../shared/text/terminalSafe.js';
import { verifyReportSchema } from '../../shared/schema/verifyReportSchema.js';
import { fingerprintId } from './machineFingerprint.js';
import { renderHtmlReport } from './renderHtmlReport.js';
import { redactSecretsIn } from '../system/redactSecrets.js';

/** appDataDir()/reports: one JSON + one HTML file per run, named by time and machine fingerprint. */
export function reportsDir(): string {
  return path.join(appDataDir(), 'reports');
}

export function reportBaseName(report: VerifyReport): string {
  const stamp = report.createdAt.replace(/[:.]/g, '-');
  return `verify-${stamp}-${fingerprintId(report.fingerprint)}`;
}

/**
 * Writes the JSON and the self-contained HTML report (its labels in `locale`, English by default) into the history
 * folder. Control and bidi characters from the machine (a GPU name, a version) are kept escaped: JSON \u escapes that
 * parse back to the same value, visible `\uXXXX` text in the HTML, never raw bytes a `cat` would send to a terminal.
 */
export async function saveReport(report: VerifyReport, options: { dir?: string; locale?: Locale } = {}): Promise<{ jsonPath: string; htmlPath: string }> {
  const dir = options.dir ?? reportsDir();
  await mkdir(dir, { recursive: true });
  const base = path.join(dir, reportBaseName(report));
  const jsonPath = `${base}.json`;
  const htmlPath = `${base}.html`;
  // A check's output may quote a token or a URL with a password: the kept report is redacted like every boundary.
  const kept = redactSecretsIn(report);
  await writeFile(jsonPath, `${terminalSafeJson(kept, 2)}\n`, 'utf8');
  await writeFile(htmlPath, terminalSafe(renderHtmlReport(kept, { locale: options.locale })), 'utf8');
  return { jsonPath, htmlPath };
}


/** Reports in the history folder, newest first; damaged files and ones that fail the schema are skipped, not fatal. */
export async function listReports(options: { dir?: string } = {}): Promise<{ path: string; report: VerifyReport }[]> {
  const dir = options.dir ?? reportsDir();
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const reports: { path: string; report: VerifyReport }[] = [];
  for (const name of names.filter((entry) => entry.startsWith('verify-') && entry.endsWith('.json'))) {
    const file = path.join(dir, name);
    try {
      // The folder is the user's to edit: a report read back passes the same schema as another machine's.
      const checked = checkSchema(verifyReportSchema, JSON.parse(await readFile(file, 'utf8')));
      if (checked.ok) reports.push({ path: file, report: checked.value });
    } catch {
      // A half-written or hand-edited file must not block re-verification.
    }
  }
  return reports.sort((a, b) => b.report.createdAt.localeCompare(a.report.createdAt));
}

export async function latestReport(options: { dir?: string } = {}): Promise<VerifyReport | null> {
  return (await listReports(options))[0]?.report ?? null;
}

export interface DriverChange {
  changed: boolean;
  previousDriver: string | null;
  currentDriver: string | null;
  lastReportAt: string;
}

/**
 * For the app's start-up offer to re-verify: compares the detected driver with the one in the latest report.
 * Null when there is no earlier report (nothing to re-verify against).
 */
export async function driverChangedSinceLastReport(currentDriver: string | null, options: { dir?: string } = {}): Promise<DriverChange | null> {
  const last = await latestReport(options);
  if (!last) return null;
  const previousDriver = last.fingerprint.driver ?? null;
  return { changed: previousDriver !== currentDriver, previousDriver, currentDriver, lastReportAt: last.createdAt };
}
