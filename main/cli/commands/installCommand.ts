import { readFile } from 'node:fs/promises';
import { DlsetupError } from '../../../shared/errors.js';
import type { Plan } from '../../../shared/types/plan.js';
import type { CliCommand } from '../cliCommand.js';
import { confirm } from '../confirm.js';
import { formatDryRun, preflightNotices } from '../../install/formatDryRun.js';
import { InstallService } from '../../install/installService.js';
import { createNdjsonProgressPrinter, createTextProgressPrinter } from '../../install/progressPrinters.js';
import { UsageError } from '../parseArgs.js';

async function readPlan(file: string): Promise<Plan> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (cause) {
    throw new DlsetupError('NOT_FOUND', `Cannot read the plan "${file}". Make one with: dlsetup plan --framework pytorch --json > plan.json`, { cause });
  }
  try {
    const plan = JSON.parse(text) as Plan;
    if (!plan || !Array.isArray(plan.steps) || typeof plan.status !== 'string') throw new Error('not a plan');
    return plan;
  } catch (cause) {
    throw new DlsetupError('INVALID_ARGUMENT', `"${file}" is not a DL Setup plan (make one with dlsetup plan --json).`, { cause });
  }
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
  },
  async run({ flags, positionals }, io) {
    if (!flags.resume && !flags.plan) throw new UsageError('give --plan plan.json (or --resume to continue an interrupted run)');
    if (flags.resume && flags.plan) throw new UsageError('--resume continues the run\'s own plan; leave out --plan');
    // Over SSH without a terminal no password can be typed: never let sudo wait for one.
    const nonInteractive = Boolean(flags.yes) || !process.stdin.isTTY;
    const service = new InstallService({ face: 'cli', nonInteractive });
    let runId: string;
    if (flags.resume) {
      runId = service.resume(positionals[0]).runId;
    } else {
      const plan = await readPlan(String(flags.plan));
      if (plan.status !== 'ok') throw new DlsetupError('PLAN_BLOCKED', `This plan is blocked: ${plan.blockers.map((blocker) => blocker.message).join(' ')}`);
      if (flags['dry-run']) {
        io.out(formatDryRun(plan));
        return 0;
      }
      for (const { notice } of await preflightNotices(plan)) io.err(`Before you start: ${notice}\n`);
      if (!flags.yes && process.stdin.isTTY) {
        io.err(formatDryRun(plan));
        if (!(await confirm('Carry out these steps?'))) {
          io.err('Nothing was changed.\n');
          return 1;
        }
      }
      runId = service.start(plan).runId;
    }
    const print = flags['json-progress'] ? createNdjsonProgressPrinter(io.out) : createTextProgressPrinter(io.err, { verbose: Boolean(flags.verbose) });
    const unsubscribe = service.onProgress(print);
    const cancel = () => service.cancel(runId);
    process.once('SIGINT', cancel);
    process.once('SIGTERM', cancel);
    try {
      const status = await service.wait(runId);
      if (flags['json-progress']) return status.state === 'succeeded' ? 0 : status.state === 'needs-reboot' ? 3 : 1;
      if (status.state === 'succeeded') io.out(`Installed (run ${runId}). Next: dlsetup verify\n`);
      else if (status.state === 'needs-reboot') io.out(`Restart the computer, then continue with: dlsetup install --resume ${runId}\n`);
      else io.out(`The install ${status.state === 'cancelled' ? 'was cancelled' : 'failed'}${status.error ? `: ${status.error.message}` : ''} (run ${runId}).\nUndo what it changed: dlsetup rollback ${runId}   Continue it: dlsetup install --resume ${runId}\n`);
      return status.state === 'succeeded' ? 0 : status.state === 'needs-reboot' ? 3 : 1;
    } finally {
      unsubscribe();
      process.off('SIGINT', cancel);
      process.off('SIGTERM', cancel);
    }
  },
};
