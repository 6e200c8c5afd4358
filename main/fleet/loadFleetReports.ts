import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { errorText } from '../../shared/errorText.js';
import type { VerifyReport } from '../../shared/types/verify.js';
import type { FleetInput } from './buildFleetReport.js';
import { checkSchema } from '../../shared/schema/checkSchema.js';
import { verifyReportSchema } from '../../shared/schema/verifyReportSchema.js';
import { readUntrustedFile } from '../system/readUntrustedFile.js';
import { environmentsReportSchema } from '../../shared/schema/environmentsReportSchema.js';
import type { EnvironmentsReport } from '../../shared/types/environments.js';
import { isEnvironmentsReport, type FleetEnvironmentsInput } from './fleetEnvironments.js';
import { isRunFailure, runFailureSchema, type FleetFailureInput } from './runFailures.js';

/** A verify report is tens of KB; a file far larger is not one, and is not read whole. */
const REPORT_MAX_BYTES = 16 * 1024 * 1024;

/** The fields every verify report has; JSON without them is something else (an inventory, a plan), not a damaged report. */
export function isVerifyReport(value: unknown): value is VerifyReport {
  const record = value as Partial<VerifyReport> | null;
  return (
    !!record &&
    typeof record === 'object' &&
    typeof record.createdAt === 'string' &&
    Array.isArray(record.checks) &&
    Array.isArray(record.matmul) &&
    !!record.summary &&
    typeof record.summary === 'object' &&
    !!record.fingerprint &&
    typeof record.fingerprint === 'object'
  );
}

async function jsonFiles(root: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(root, { withFileTypes: true });
  } catch (error) {
    throw errorText.error('NOT_FOUND', 'fleet.cannotReadFolder', { folder: root, reason: (error as NodeJS.ErrnoException).code ?? (error as Error).message }, { cause: error });
  }
  const files: string[] = [];
  for (const entry of entries) {
    if (entry.isFile() && entry.name.endsWith('.json')) files.push(entry.name);
    else if (entry.isDirectory()) {
      // One level down: ansible's fetch puts each host's reports in <dir>/<host>/.
      const inner = await readdir(path.join(root, entry.name), { withFileTypes: true }).catch(() => []);
      for (const file of inner) if (file.isFile() && file.name.endsWith('.json')) files.push(path.join(entry.name, file.name));
    }
  }
  return files.sort();
}

export interface FleetFiles {
  reports: FleetInput[];
  warnings: string[];
  environments: FleetEnvironmentsInput[];
  /** Hosts whose run stopped (the exported role's failed-*.json). */
  failures: FleetFailureInput[];
}

/** Reads every verify report in `dir` (and its direct subfolders); other or damaged JSON becomes a warning, never a crash. */
export async function loadFleetReports(dir: string, options: { concurrency?: number } = {}): Promise<FleetFiles> {
  const root = path.resolve(dir);
  const files = await jsonFiles(root);
  const reports: (FleetInput | null)[] = new Array(files.length).fill(null);
  const warnings: (string | null)[] = new Array(files.length).fill(null);
  const environments: (FleetEnvironmentsInput | null)[] = new Array(files.length).fill(null);
  const failures: (FleetFailureInput | null)[] = new Array(files.length).fill(null);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < files.length; index = next++) {
      const source = files[index]!;
      try {
        const parsed: unknown = JSON.parse(await readUntrustedFile(path.join(root, source), { maxBytes: REPORT_MAX_BYTES, utf8: 'strict' }));
        if (isRunFailure(parsed)) {
          const checked = checkSchema(runFailureSchema, parsed);
          if (checked.ok) failures[index] = { source, failure: checked.value };
          else warnings[index] = `Skipped ${source}: ${checked.error.message}`;
          continue;
        }
        if (isEnvironmentsReport(parsed)) {
          // `dlsetup verify --all --json` from that machine: as untrusted as its verify report.
          const checked = checkSchema(environmentsReportSchema, parsed);
          if (checked.ok) environments[index] = { source, report: checked.value as EnvironmentsReport };
          else warnings[index] = `Skipped ${source}: ${checked.error.message}`;
          continue;
        }
        if (!isVerifyReport(parsed)) {
          warnings[index] = `Skipped ${source}: it is not a DL Setup verify report.`;
          continue;
        }
        // Another machine's report: every field is checked before it reaches the table, the HTML or a terminal.
        const checked = checkSchema(verifyReportSchema, parsed);
        if (checked.ok) reports[index] = { source, report: checked.value };
        else warnings[index] = `Skipped ${source}: ${checked.error.message}`;
      } catch (error) {
        warnings[index] = `Skipped ${source}: ${error instanceof SyntaxError ? 'not valid JSON' : (error as Error).message.replace(/\.$/, '')}.`;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 32, Math.max(files.length, 1)) }, worker));
  return {
    reports: reports.filter((entry): entry is FleetInput => entry !== null),
    warnings: warnings.filter((entry): entry is string => entry !== null),
    environments: environments.filter((entry): entry is FleetEnvironmentsInput => entry !== null),
    failures: failures.filter((entry): entry is FleetFailureInput => entry !== null),
  };
}
