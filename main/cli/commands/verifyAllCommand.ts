import type { Locale } from '../../../shared/i18n/localize.js';
import type { CliIo } from '../cliCommand.js';
import { flagValues, usageError, type ParsedArgs } from '../parseArgs.js';
import { certainlyNoNvidiaGpu } from '../../verify/noNvidiaGpu.js';
import { addedEnvironment } from '../../verify/environments/addedEnvironment.js';
import { environmentsText } from '../../verify/environments/environmentsText.js';
import { recordEnvironmentsRun } from '../../verify/environments/environmentsHistory.js';
import { checkWords, formatEnvironments } from '../../verify/environments/formatEnvironments.js';
import { defaultParallelChecks, runEnvironmentChecks } from '../../verify/environments/runEnvironmentChecks.js';
import { verifyAllEnvironments } from '../../verify/environments/verifyAllEnvironments.js';

const MAX_ADDED = 32;

/** `dlsetup verify --all [--run] [--env PATH]…`: every environment's verdict, kept in history with what changed since. */
export async function verifyAll(flags: ParsedArgs['flags'], locale: Locale, io: CliIo): Promise<number> {
  const say = environmentsText(locale);
  const added = flagValues(flags.env);
  if (added.length > MAX_ADDED) throw usageError('usage.notOneOf', { option: '--env', values: `1-${MAX_ADDED}` });
  const parallel = flags.parallel === undefined ? undefined : Number(flags.parallel);
  if (parallel !== undefined && !(Number.isInteger(parallel) && parallel >= 1 && parallel <= 8)) throw usageError('usage.notOneOf', { option: '--parallel', values: '1-8' });
  for (const folder of added) if (!(await addedEnvironment(folder))) io.err(`${say('addedSkipped', { path: folder })}\n`);
  let report = await verifyAllEnvironments({ locale, extraEnvironments: added });
  if (flags.run) {
    const gpus = report.gpu ? 1 : 0;
    const at = parallel ?? defaultParallelChecks(gpus);
    const total = report.environments.filter((env) => env.frameworks.length > 0).length;
    io.err(`${say('running', { total, parallel: at })}\n`);
    const environments = await runEnvironmentChecks(report.environments, {
      parallel: at,
      locale,
      noNvidiaGpu: report.gpu === null && (await certainlyNoNvidiaGpu(0)),
      onProgress: (done, count, row, check) => io.err(`${say('progress', { done, total: count, env: row.name, outcome: checkWords(check, say) })}\n`),
    });
    report = { ...report, environments };
  }
  const { report: kept, savedPath } = await recordEnvironmentsRun(report);
  io.out(flags.json ? `${JSON.stringify(kept, null, 2)}\n` : `${formatEnvironments(kept, { locale })}${say('saved', { path: savedPath })}\n`);
  const failing = kept.environments.some((env) => (env.verdict !== null && env.verdict !== 'works') || (env.check?.failed ?? 0) > 0);
  return failing ? 1 : 0;
}
