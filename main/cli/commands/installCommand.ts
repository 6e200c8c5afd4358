import path from 'node:path';
import { withInstallSources, type InstallSources } from '../../../shared/plan/withInstallSources.js';
import { LANG_FLAG, type CliCommand } from '../cliCommand.js';
import { commandLocale } from '../cliLocale.js';
import { cliText } from '../cliText.js';
import { readPlanFile } from '../readPlanFile.js';
import { parseSchema } from '../../../shared/schema/checkSchema.js';
import { planSchema } from '../../../shared/schema/planSchema.js';
import { proxy as proxySchema } from '../../../shared/schema/safeText.js';
import { confirm } from '../confirm.js';
import { formatDryRun, preflightNotices } from '../../install/formatDryRun.js';
import { InstallService } from '../../install/installService.js';
import { createNdjsonProgressPrinter, createTextProgressPrinter } from '../../install/progressPrinters.js';
import { usageError, type ParsedArgs } from '../parseArgs.js';
import { PLAN_BLOCKER_CODES, type PlanBlockerCode } from '../../../shared/plan/resolverTypes.js';
import { MIRROR_FLAGS, mirrorFlag } from '../mirrorFlags.js';
import { measuredSources } from './measuredSources.js';

const isBlockerCode = (code: string): code is PlanBlockerCode => (PLAN_BLOCKER_CODES as readonly string[]).includes(code);

const SOURCE_FLAGS = ['env', 'pypi-mirror', 'pytorch-mirror', 'proxy'] as const;

/** The install location and package sources the flags ask for; the engine validates URLs and paths like the wizard's. */
function installSourcesOf(flags: ParsedArgs['flags']): InstallSources {
  return {
    envPath: flags.env === undefined ? undefined : path.resolve(String(flags.env)),
    pypiMirror: mirrorFlag('pypi-mirror', flags['pypi-mirror'], 'pypi'),
    pytorchMirror: mirrorFlag('pytorch-mirror', flags['pytorch-mirror'], 'pytorch'),
    proxy: flags.proxy === undefined ? undefined : String(flags.proxy),
  };
}

export const installCommand: CliCommand = {
  positionals: '[RUN]   (with --resume)',
  maxPositionals: 1,
  flags: {
    plan: { type: 'string', valueName: 'plan.json', description: 'the plan to carry out (from dlsetup plan --json)' },
    'dry-run': { type: 'boolean', description: 'print every command that would run, marked where it needs administrator rights; change nothing' },
    yes: { type: 'boolean', description: 'do not ask; never prompt for a password (sudo -n), fail clearly instead' },
    'json-progress': { type: 'boolean', description: 'print progress events as NDJSON for other tools' },
    resume: { type: 'boolean', description: 'continue an interrupted run (the latest, or RUN)' },
    verbose: { type: 'boolean', description: 'show every log line of every step' },
    env: { type: 'string', valueName: 'DIR', description: 'create the Python environment in DIR (default: <data dir>/envs/<name>, e.g. ~/.local/share/dlsetup/envs/<name>)' },
    ...MIRROR_FLAGS,
    proxy: { type: 'string', valueName: 'URL', description: 'HTTP(S) proxy for pip and downloads; with --resume, gives a proxy password again (journals keep none)' },
    lang: LANG_FLAG,
  },
  async run({ flags, positionals }, io) {
    if (!flags.resume && !flags.plan) throw usageError('usage.planOrResume');
    if (flags.resume && flags.plan) throw usageError('usage.resumeWithPlan');
    // The proxy alone may come again on resume: the journal keeps it without its user name and password.
    if (flags.resume && SOURCE_FLAGS.some((flag) => flag !== 'proxy' && flags[flag] !== undefined)) throw usageError('usage.resumeWithSources');
    // Over SSH without a terminal no password can be typed: never let sudo wait for one.
    const nonInteractive = Boolean(flags.yes) || !process.stdin.isTTY;
    const service = new InstallService({ face: 'cli', nonInteractive });
    const locale = commandLocale(flags, process.env);
    const say = cliText(locale);
    let runId: string;
    if (flags.resume) {
      // A resumed run keeps the language it started in unless --lang asks for another.
      const proxy = flags.proxy === undefined ? undefined : parseSchema(proxySchema, String(flags.proxy), { field: '--proxy', locale });
      runId = service.resume(positionals[0], { ...(flags.lang ? { locale } : {}), ...(proxy !== undefined ? { proxy } : {}) }).runId;
    } else {
      // The source flags (--env, --pypi-mirror, --proxy) land in the plan after the file was checked: check it again.
      const planFile = await readPlanFile(String(flags.plan), say, locale);
      // In Chinese, sources nobody named are the mirror measured fastest (said on stderr, with how to choose another).
      const measured = await measuredSources(planFile, installSourcesOf(flags), locale);
      for (const line of measured.lines) io.err(`${line}\n`);
      const plan = parseSchema(planSchema, withInstallSources(planFile, measured.sources), { field: 'plan', locale });
      // A plan file's own sentences are in the language it was made in: the reader gets each blocker's kind in theirs.
      if (plan.status !== 'ok') throw say.error('PLAN_BLOCKED', 'install.planBlockedFile', { blockers: plan.blockers.map((blocker) => (isBlockerCode(blocker.code) ? say(`install.blocker.${blocker.code}`) : blocker.message)).join(say('install.blockerSeparator')) });
      if (flags['dry-run']) {
        io.out(formatDryRun(plan, {}, locale));
        return 0;
      }
      for (const { notice } of await preflightNotices(plan, {}, locale)) io.err(`${say('install.beforeYouStart', { notice })}\n`);
      if (!flags.yes && process.stdin.isTTY) {
        io.err(formatDryRun(plan, {}, locale));
        if (!(await confirm(say('install.confirm')))) {
          io.err(`${say('install.nothingChanged')}\n`);
          return 1;
        }
      }
      runId = service.start(plan, { locale }).runId;
    }
    const print = flags['json-progress'] ? createNdjsonProgressPrinter(io.out) : createTextProgressPrinter(io.err, { verbose: Boolean(flags.verbose), locale, redraw: io.redrawErr });
    const unsubscribe = service.onProgress(print);
    const cancel = () => service.cancel(runId);
    process.once('SIGINT', cancel);
    process.once('SIGTERM', cancel);
    try {
      const status = await service.wait(runId);
      if (flags['json-progress']) return status.state === 'succeeded' ? 0 : status.state === 'needs-reboot' ? 3 : 1;
      if (status.state === 'succeeded') io.out(`${say('install.succeeded', { runId })}\n`);
      else if (status.state === 'needs-reboot') io.out(`${say('install.needsReboot', { runId })}\n`);
      else {
        const detail = status.error ? say('install.errorDetail', { message: status.error.message }) : '';
        io.out(`${say(status.state === 'cancelled' ? 'install.cancelled' : 'install.failed', { detail, runId })}\n${say('install.whatNext', { runId })}\n`);
      }
      return status.state === 'succeeded' ? 0 : status.state === 'needs-reboot' ? 3 : 1;
    } finally {
      unsubscribe();
      process.off('SIGINT', cancel);
      process.off('SIGTERM', cancel);
    }
  },
};
