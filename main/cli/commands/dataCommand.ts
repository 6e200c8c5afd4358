import { dataDir } from '../../appPaths.js';
import { checkFreshness, readDataTables, STALE_AFTER_DAYS, type TableFreshness } from '../../data/dataFreshness.js';
import { JSON_FLAG, LANG_FLAG, type CliCommand } from '../cliCommand.js';
import { commandLocale } from '../cliLocale.js';
import { cliText } from '../cliText.js';
import { usageError } from '../parseArgs.js';

/** Exit code when a table is older than the limit: not a failure of the command (1) nor a usage error (2). */
export const EXIT_STALE = 3;

/** `dlsetup data check`: which data tables are older than 90 days, and the pages to re-read. The clock and folder are injectable for tests. */
export function makeDataCommand(options: { today?: () => Date; dir?: string } = {}): CliCommand {
  return {
    positionals: 'check',
    maxPositionals: 1,
    flags: { lang: LANG_FLAG, json: JSON_FLAG },
    async run({ flags, positionals }, io) {
      if (positionals[0] !== 'check') throw usageError('usage.dataCheck');
      const today = (options.today ?? (() => new Date()))();
      const tables = checkFreshness(readDataTables(options.dir ?? dataDir), today);
      const stale = tables.filter((row) => row.stale);
      const day = today.toISOString().slice(0, 10);
      if (flags.json) {
        io.out(`${JSON.stringify({ today: day, staleAfterDays: STALE_AFTER_DAYS, stale: stale.length > 0, tables }, null, 2)}\n`);
      } else {
        const say = cliText(commandLocale(flags, process.env));
        const counts = { total: tables.length, count: stale.length, days: STALE_AFTER_DAYS, today: day };
        io.out(`${stale.length === 0 ? say('data.allFresh', counts) : [say('data.stale', counts), ...stale.flatMap((row) => staleLines(row, say))].join('\n')}\n`);
      }
      return stale.length === 0 ? 0 : EXIT_STALE;
    },
  };
}

function staleLines(row: TableFreshness, say: ReturnType<typeof cliText>): string[] {
  const head =
    row.reviewedAt === null ? say('data.neverReviewed', { table: row.table }) : say('data.staleTable', { table: row.table, reviewedAt: row.reviewedAt, age: row.ageDays ?? 0 });
  return ['', head, ...(row.sources.length ? row.sources.map((link) => `  ${link}`) : [`  ${say('data.noSources')}`])];
}

export const dataCommand = makeDataCommand();
