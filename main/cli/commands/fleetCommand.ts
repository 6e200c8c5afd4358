import type { GpuRow } from '../../../shared/gpus/lookupGpu.js';
import { loadDataTable } from '../../data/loadDataTable.js';
import { gpuTableSchema } from '../../../shared/data/gpusSchema.js';
import { buildFleetReport } from '../../fleet/buildFleetReport.js';
import { formatFleetReport } from '../../fleet/formatFleetReport.js';
import { loadFleetReports } from '../../fleet/loadFleetReports.js';
import { renderFleetHtml } from '../../fleet/renderFleetHtml.js';
import { buildFleetEnvironments, formatFleetEnvironments, renderFleetEnvironmentsHtml } from '../../fleet/fleetEnvironments.js';
import { writeOutputFile } from '../../system/outputPath.js';
import { JSON_FLAG, LANG_FLAG, type CliCommand } from '../cliCommand.js';
import { commandLocale } from '../cliLocale.js';
import { usageError } from '../parseArgs.js';

function gpuSpecs(): GpuRow[] | undefined {
  try {
    return loadDataTable('gpus', gpuTableSchema).gpus;
  } catch {
    // Without the table, reports keep the efficiency they carry.
    return undefined;
  }
}

/** `dlsetup fleet report DIR [--html FILE] [--json]`: many hosts' verify reports in one table, outliers flagged. */
export const fleetCommand: CliCommand = {
  positionals: 'report DIR',
  maxPositionals: 2,
  flags: {
    json: JSON_FLAG,
    lang: LANG_FLAG,
    html: { type: 'string', valueName: 'FILE', description: 'also write a self-contained HTML report' },
  },
  async run({ flags, positionals }, io) {
    const [action, dir] = positionals;
    if (action !== 'report' || !dir) throw usageError('usage.fleet');
    const { reports, warnings, environments, failures } = await loadFleetReports(dir);
    const locale = commandLocale(flags, process.env);
    for (const warning of warnings) io.err(`Warning: ${warning}\n`);
    if (reports.length === 0 && environments.length === 0 && failures.length === 0) {
      io.err(`No DL Setup verify reports in ${dir} (looked at *.json and <host>/*.json).\n`);
      return 1;
    }
    // A host whose run stopped (the exported role's failure record) is a row too, flagged with why in the reader's language.
    const report = buildFleetReport(reports, { specs: gpuSpecs(), failures, locale });
    // `verify --all --json` files: the per-environment table across machines (issue 20).
    const perEnvironment = buildFleetEnvironments(environments, { locale });
    if (typeof flags.html === 'string') {
      // A FIFO, a folder or a path in /proc named by --html is refused instead of blocking or failing half-way.
      const html = renderFleetHtml(report).replace('</body>', `${renderFleetEnvironmentsHtml(perEnvironment, { locale })}\n</body>`);
      await writeOutputFile(flags.html, html, { locale });
      io.err(`Wrote ${flags.html}\n`);
    }
    if (flags.json) io.out(`${JSON.stringify({ ...report, environments: perEnvironment, warnings }, null, 2)}\n`);
    else io.out(`${report.rows.length ? formatFleetReport(report, { color: io.color }) : ''}${formatFleetEnvironments(perEnvironment, { locale })}`);
    return 0;
  },
};
