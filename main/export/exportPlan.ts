import { errorText } from '../../shared/errorText.js';
import type { Plan } from '../../shared/types/plan.js';
import { exportAnsible } from './exportAnsible.js';
import { exportDockerfile } from './exportDockerfile.js';
import type { ExportFile } from './exportFile.js';
import { buildExportModel, type ExportOptions } from './exportModel.js';
import { exportShell } from './exportShell.js';
import { loadVerifyAssets } from './verifyAssets.js';

export type ExportFormat = 'shell' | 'ansible' | 'dockerfile';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['shell', 'ansible', 'dockerfile'];

// Also here for code that takes the type with exportPlan (writeExportFiles, the tests).
export type { ExportFile } from './exportFile.js';

export interface ExportResult {
  format: ExportFormat;
  /** The file printed when there is no --out (install.sh, site.yml, Dockerfile). */
  mainFile: string;
  files: ExportFile[];
}

export type { ExportOptions } from './exportModel.js';

/** `dlsetup export`: the plan as a POSIX shell script, an Ansible role, or a Dockerfile, each carrying the verification. */
export function exportPlan(plan: Plan, format: ExportFormat, options: ExportOptions = {}): ExportResult {
  if (!EXPORT_FORMATS.includes(format)) throw errorText.error('INVALID_ARGUMENT', 'export.unknownFormat', { format: JSON.stringify(String(format)).slice(0, 80), formats: EXPORT_FORMATS.join(', ') });
  const model = buildExportModel(plan, options);
  const assets = loadVerifyAssets();
  switch (format) {
    case 'shell':
      return { format, mainFile: 'install.sh', files: exportShell(model, assets) };
    case 'ansible':
      return { format, mainFile: 'site.yml', files: exportAnsible(model, assets) };
    case 'dockerfile':
      return { format, mainFile: 'Dockerfile', files: exportDockerfile(model, assets) };
  }
}
