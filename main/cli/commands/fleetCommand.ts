import type { GpuRow, GpuTable } from '../../../shared/gpus/lookupGpu.js';
import { loadDataTable } from '../../data/loadDataTable.js';
import { buildFleetReport } from '../../fleet/buildFleetReport.js';
import { formatFleetReport } from '../../fleet/formatFleetReport.js';
import { loadFleetReports } from '../../fleet/loadFleetReports.js';
import { renderFleetHtml } from '../../fleet/renderFleetHtml.js';
import { writeOutputFile } from '../../system/outputPath.js';
import { JSON_FLAG, type CliCommand } from '../cliCommand.js';
import { commandLocale } from '../cliLocale.js';
import { usageError } from '../parseArgs.js';

function gpuSpecs(): GpuRow[] | undefined {
  try {
    return loadDataTable<GpuTable>('gpus').gpus;
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
    html: { type: 'string', valueName: 'FILE', description: 'also write a self-contained HTML report' },
  },
  async run({ flags, positionals }, io) {
    const [action, dir] = positionals;
    if (action !== 'report' || !dir) throw usageError('usage.fleet');
    const { reports, warnings } = await loadFleetReports(dir);
    for (const warning of warnings) io.err(`Warning: ${warning}\n`);
    if (reports.length === 0) {
      io.err(`No DL Setup verify reports in ${dir} (looked at *.json and <host>/*.json).\n`);
      return 1;
    }
    const report = buildFleetReport(reports, { specs: gpuSpecs() });
    if (typeof flags.html === 'string') {
      // A FIFO, a folder or a path in /proc named by --html is refused instead of blocking or failing half-way.
      await writeOutputFile(flags.html, renderFleetHtml(report), { locale: commandLocale(flags, process.env) });
      io.err(`Wrote ${flags.html}\n`);
    }
    io.out(flags.json ? `${JSON.stringify({ ...report, warnings }, null, 2)}\n` : formatFleetReport(report, { color: io.color }));
    return 0;
  },
};
