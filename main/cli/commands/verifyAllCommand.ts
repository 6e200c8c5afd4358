import type { Locale } from '../../../shared/i18n/localize.js';
import type { CliIo } from '../cliCommand.js';
import { flagValues, usageError, type ParsedArgs } from '../parseArgs.js';
import { addedEnvironment } from '../../verify/environments/addedEnvironment.js';
import { environmentsText } from '../../verify/environments/environmentsText.js';
import { recordEnvironmentsRun } from '../../verify/environments/environmentsHistory.js';
import { checkWords, formatEnvironments } from '../../verify/environments/formatEnvironments.js';
import { verifyEnvironmentsRun } from '../../verify/environments/verifyEnvironmentsRun.js';

const MAX_ADDED = 32;

/** `dlsetup verify --all [--run] [--env PATH]…`: every environment's verdict, kept in history with what changed since. */
export async function verifyAll(flags: ParsedArgs['flags'], locale: Locale, io: CliIo): Promise<number> {
  const say = environmentsText(locale);
  const added = flagValues(flags.env);
  if (added.length > MAX_ADDED) throw usageError('usage.notOneOf', { option: '--env', values: `1-${MAX_ADDED}` });
  const parallel = flags.parallel === undefined ? undefined : Number(flags.parallel);
  if (parallel !== undefined && !(Number.isInteger(parallel) && parallel >= 1 && parallel <= 8)) throw usageError('usage.notOneOf', { option: '--parallel', values: '1-8' });
  for (const folder of added) if (!(await addedEnvironment(folder))) io.err(`${say('addedSkipped', { path: folder })}\n`);
  const report = await verifyEnvironmentsRun({
    locale,
    extraEnvironments: added,
    check: Boolean(flags.run),
    parallel,
    onChecksStarting: (rows, at) => io.err(`${say('running', { total: rows.length, parallel: at })}\n`),
    onCheckFinished: (done, count, row, check) => io.err(`${say('progress', { done, total: count, env: row.name, outcome: checkWords(check, say) })}\n`),
    // Said before it happens: an environment whose layout could not be read is started only under --run.
    onStartingUnreadable: (interpreter) => io.err(`${say('startingUnreadable', { path: interpreter })}\n`),
  });
  const { report: kept, savedPath } = await recordEnvironmentsRun(report);
  io.out(flags.json ? `${JSON.stringify(kept, null, 2)}\n` : `${formatEnvironments(kept, { locale })}${say('saved', { path: savedPath })}\n`);
  const failing = kept.environments.some((env) => (env.verdict !== null && env.verdict !== 'works') || (env.check?.failed ?? 0) > 0);
  return failing ? 1 : 0;
}
