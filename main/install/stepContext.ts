import type { Locale } from '../../shared/i18n/localize.js';
import type { ByteProgress, CommandRecord } from '../../shared/types/install.js';
import type { Plan } from '../../shared/types/plan.js';
import { shDisplayWord } from '../../shared/quote/sh.js';
import { runCommand } from '../system/runCommand.js';
import { classifyFailure } from './failureClassifier.js';
import type { StepContext } from './installStep.js';
import { installText } from '../system/installText.js';
import type { JournalChange } from './journal/journalEntry.js';
import { killCommandTree } from '../system/processTree.js';

/** Where a step context sends what happens: the runner (in-process) or the helper's stdout (elevated). */
export interface StepContextSinks {
  log(stream: 'stdout' | 'stderr' | 'info', line: string, command?: CommandRecord): void;
  progress(fraction: number | null, detail: string, bytes?: ByteProgress): void;
  record(change: JournalChange): void;
  command(record: CommandRecord): void;
}

export interface StepContextOptions {
  runId: string;
  stepId: string;
  signal: AbortSignal;
  elevated: boolean;
  plan: Plan | null;
  backupDir: string;
  sinks: StepContextSinks;
  /** The language of the run's sentences for people; English when not given. */
  locale?: Locale;
  /** Inside the helper: the uid whose downloads it may take (StepContext.downloadOwner). */
  downloadOwner?: number;
}

export function createStepContext(options: StepContextOptions): StepContext {
  const { sinks, signal } = options;
  const say = installText(options.locale);
  return {
    runId: options.runId,
    stepId: options.stepId,
    signal,
    elevated: options.elevated,
    plan: options.plan,
    backupDir: options.backupDir,
    ...(options.downloadOwner !== undefined ? { downloadOwner: options.downloadOwner } : {}),
    log: (line) => sinks.log('info', line),
    say,
    progress: (fraction, detail, bytes) => sinks.progress(fraction === null ? null : Math.max(0, Math.min(1, fraction)), detail, bytes),
    record: (change) => sinks.record(change),
    async run(argv, commandOptions = {}) {
      signal.throwIfAborted();
      sinks.log('info', `$ ${argv.map(quoteForDisplay).join(' ')}${options.elevated ? '   [elevated]' : ''}`);
      // Registered before execa's own listener so the grandchildren are found while the parent still lives.
      const onAbort = () => {
        killCommandTree(argv, 'SIGTERM');
        setTimeout(() => killCommandTree(argv, 'SIGKILL'), 2000).unref();
      };
      signal.addEventListener('abort', onAbort, { once: true });
      const started = performance.now();
      try {
        // fd 3 duplicated onto stdout by sh, which then execs the program itself (same pid, same argv in ps).
        const result = await runCommand(commandOptions.statusOnFd3 ? ['sh', '-c', 'exec "$@" 3>&1', 'sh', ...argv] : argv, {
          signal,
          env: commandOptions.env,
          timeoutMs: commandOptions.timeoutMs,
          input: commandOptions.input,
          cwd: commandOptions.cwd,
          onLine: (stream, line) => {
            if (!commandOptions.quiet) sinks.log(stream, line);
            commandOptions.onLine?.(stream, line);
          },
        });
        const record: CommandRecord = { argv, exitCode: result.exitCode, durationMs: result.durationMs, elevated: options.elevated };
        sinks.command(record);
        sinks.log('info', `exit ${result.exitCode} after ${(result.durationMs / 1000).toFixed(1)} s`, record);
        if (result.exitCode !== 0 && !commandOptions.allowFailure) throw classifyFailure(result, say('failure.running', { program: argv[0]! }), say);
        return result;
      } catch (error) {
        if ((error as { code?: string }).code === 'CANCELLED' || (error as { code?: string }).code === 'TIMEOUT') {
          const record: CommandRecord = { argv, exitCode: null, durationMs: Math.round(performance.now() - started), elevated: options.elevated };
          sinks.command(record);
        }
        throw error;
      } finally {
        signal.removeEventListener('abort', onAbort);
      }
    },
  };
}

/** For the log only: commands never pass through a shell (the sh quoting people know, control characters shown escaped). */
export const quoteForDisplay = shDisplayWord;
