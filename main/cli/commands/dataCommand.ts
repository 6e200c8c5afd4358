import { dataDir } from '../../appPaths.js';
import { checkFreshness, readDataTables, STALE_AFTER_DAYS, type TableFreshness } from '../../data/dataFreshness.js';
import { JSON_FLAG, LANG_FLAG, type CliCommand } from '../cliCommand.js';
import { commandLocale } from '../cliLocale.js';
import { cliText } from '../cliText.js';
import { usageError } from '../parseArgs.js';
import { FRAMEWORK_NAMES } from '../../../shared/plan/frameworkNames.js';
import { loadCompatData } from '../../plan/loadCompatData.js';
import { releaseNews, type ReleaseNews } from '../../plan/releaseNews.js';

/** Exit code when a table is older than the limit: not a failure of the command (1) nor a usage error (2). */
export const EXIT_STALE = 3;

/** `dlsetup data check`: which data tables are older than 90 days, and the pages to re-read. The clock and folder are injectable for tests. */
export function makeDataCommand(options: { today?: () => Date; dir?: string; news?: () => Promise<ReleaseNews> } = {}): CliCommand {
  return {
    positionals: 'check',
    maxPositionals: 1,
    flags: { lang: LANG_FLAG, json: JSON_FLAG, offline: { type: 'boolean', description: 'do not ask the package index for releases newer than the data' } },
    async run({ flags, positionals }, io) {
      if (positionals[0] !== 'check') throw usageError('usage.dataCheck');
      const today = (options.today ?? (() => new Date()))();
      const tables = checkFreshness(readDataTables(options.dir ?? dataDir), today);
      const stale = tables.filter((row) => row.stale);
      const day = today.toISOString().slice(0, 10);
      // Releases the data does not describe yet (issue 32): news, not staleness, so the exit code stays the tables'.
      const news = flags.offline ? null : await (options.news ?? (() => releaseNews(loadCompatData())))();
      if (flags.json) {
        io.out(`${JSON.stringify({ today: day, staleAfterDays: STALE_AFTER_DAYS, stale: stale.length > 0, tables, ...(news ? { news } : {}) }, null, 2)}\n`);
      } else {
        const say = cliText(commandLocale(flags, process.env));
        const counts = { total: tables.length, count: stale.length, days: STALE_AFTER_DAYS, today: day };
        io.out(`${stale.length === 0 ? say('data.allFresh', counts) : [say('data.stale', counts), ...stale.flatMap((row) => staleLines(row, say))].join('\n')}\n`);
        if (news) io.out(`${newsLines(news, say).join('\n')}\n`);
      }
      return stale.length === 0 ? 0 : EXIT_STALE;
    },
  };
}

function newsLines(news: ReleaseNews, say: ReturnType<typeof cliText>): string[] {
  if (news.status !== 'checked') return ['', say('data.newsUnreachable', { index: news.index, reason: news.reason })];
  if (news.news.length === 0) return ['', say('data.noNews', { index: news.index })];
  return ['', ...news.news.map((row) => say('data.news', { index: news.index, fw: FRAMEWORK_NAMES[row.framework], versions: row.newer.join(', '), known: row.known }))];
}

function staleLines(row: TableFreshness, say: ReturnType<typeof cliText>): string[] {
  const head =
    row.reviewedAt === null ? say('data.neverReviewed', { table: row.table }) : say('data.staleTable', { table: row.table, reviewedAt: row.reviewedAt, age: row.ageDays ?? 0 });
  return ['', head, ...(row.sources.length ? row.sources.map((link) => `  ${link}`) : [`  ${say('data.noSources')}`])];
}

export const dataCommand = makeDataCommand();
