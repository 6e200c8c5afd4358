import { readFileSync } from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../appPaths.js';
import { exportedCheckScript, exportedReportScript } from '../verify/exportedScripts.js';

/** The report wrapper shipped beside the exports (packaging must include main/export/python/). */
export const reportScriptPath = path.join(packageRoot, 'main', 'export', 'python', 'dlsetup_report.py');

export interface VerifyAssets {
  /** main/verify/python/dlsetup_check.py, the same script `dlsetup verify` runs, its modules joined into one file. */
  checkScript: string;
  /** Runs the check and writes a `dlsetup verify --json`-shaped report with the host name. */
  reportScript: string;
}

/** Reads the two verification scripts every export embeds, so the exported files work without DL Setup installed. */
export function loadVerifyAssets(): VerifyAssets {
  return { checkScript: exportedCheckScript(), reportScript: exportedReportScript(readFileSync(reportScriptPath, 'utf8')) };
}
