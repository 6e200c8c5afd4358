import { readFileSync } from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../appPaths.js';
import { frameworkCheckScript } from '../verify/runFrameworkCheck.js';

/** The report wrapper shipped beside the exports (packaging must include main/export/python/). */
export const reportScriptPath = path.join(packageRoot, 'main', 'export', 'python', 'dlsetup_report.py');

export interface VerifyAssets {
  /** main/verify/python/dlsetup_check.py, the same script `dlsetup verify` runs. */
  checkScript: string;
  /** Runs the check and writes a `dlsetup verify --json`-shaped report with the host name. */
  reportScript: string;
}

/** Reads the two verification scripts every export embeds, so the exported files work without DL Setup installed. */
export function loadVerifyAssets(): VerifyAssets {
  return { checkScript: readFileSync(frameworkCheckScript, 'utf8'), reportScript: readFileSync(reportScriptPath, 'utf8') };
}
