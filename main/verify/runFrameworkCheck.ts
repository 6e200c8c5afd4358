import path from 'node:path';
import { DlsetupError } from '../../shared/errors.js';
import type { Locale } from '../../shared/i18n/localize.js';
import type { VerifyEvent, VerifyRequest } from '../../shared/types/verify.js';
import { packageRoot } from '../appPaths.js';
import { runCommand } from '../system/runCommand.js';
import { checkScriptErrorEntries, ERROR_ENTRIES_VARIABLE } from './checkScriptErrors.js';
import { createFrameworkCheckCollector, type FrameworkCheckResult } from './frameworkCheckCollector.js';
import { verifyText } from './verifyText.js';
import { FRAMEWORK_SPECS } from '../../shared/frameworks/registry.js';

/** Shipped beside the compiled code with its dlsetup_check_*.py modules (packaging must include main/verify/python/). */
/** The `--framework` value of the framework's verify adapter (its spec's), or auto. */
const checkFlag = (framework: VerifyRequest['framework']) => (framework && framework !== 'auto' ? FRAMEWORK_SPECS[framework].verify.flag : 'auto');

export const frameworkCheckScript = path.join(packageRoot, 'main', 'verify', 'python', 'dlsetup_check.py');

export const QUICK_TIMEOUT_MS = 240_000;
export const FULL_TIMEOUT_MS = 900_000;

export interface FrameworkCheckOptions {
  python: string;
  framework?: VerifyRequest['framework'];
  quick?: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
  onEvent?: (event: VerifyEvent) => void;
  /** The language of the check reasons (English when absent). */
  locale?: Locale;
}

/** The last non-empty stderr line that looks like an error, for a reason a student can read. */
function stderrGist(stderr: string): string | null {
  const lines = stderr.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
  const errorLine = [...lines].reverse().find((line) => /error|exception|cannot|not found|denied/i.test(line));
  return (errorLine ?? lines.at(-1) ?? null)?.slice(0, 300) ?? null;
}

/**
 * Runs dlsetup_check.py in the chosen interpreter and folds its JSON lines into a result. Every way the run can go
 * wrong (no interpreter, no framework, a crash, a hang, stray output) ends as a failed check, never a throw;
 * only a user's cancel is thrown (CANCELLED).
 */
export async function runFrameworkCheck(options: FrameworkCheckOptions): Promise<FrameworkCheckResult> {
  const { python } = options;
  const say = verifyText(options.locale);
  const collector = createFrameworkCheckCollector(python, options.locale);
  const timeoutMs = options.timeoutMs ?? (options.quick ? QUICK_TIMEOUT_MS : FULL_TIMEOUT_MS);
  const argv = [python, frameworkCheckScript, '--framework', checkFlag(options.framework), ...(options.quick ? ['--quick'] : [])];
  const fail = (id: string, code: string, reason: string) => {
    const check = { id, status: 'fail' as const, code, reason, source: 'verify' as const };
    collector.result.checks.push(check);
    options.onEvent?.({ kind: 'check', check });
  };
  let exitCode: number | null = null;
  let stderr = '';
  try {
    const outcome = await runCommand(argv, {
      timeoutMs,
      signal: options.signal,
      // No bytecode next to the shipped script (the app folder may be read-only); unbuffered so lines stream.
      env: {
        PYTHONUNBUFFERED: '1',
        PYTHONDONTWRITEBYTECODE: '1',
        PYTHONIOENCODING: 'utf-8',
        [ERROR_ENTRIES_VARIABLE]: JSON.stringify(checkScriptErrorEntries()),
      },
      onLine: (stream, line) => {
        if (stream !== 'stdout') return;
        const parsed = collector.push(line);
        if (parsed?.type === 'check') options.onEvent?.({ kind: 'check', check: collector.result.checks.at(-1)! });
        if (parsed?.type === 'matmul') options.onEvent?.({ kind: 'matmul', matmul: collector.result.matmul.at(-1)! });
      },
    });
    exitCode = outcome.exitCode;
    stderr = outcome.stderr;
  } catch (error) {
    if (!(error instanceof DlsetupError) || error.code === 'CANCELLED') throw error;
    if (error.code === 'COMMAND_NOT_FOUND') {
      fail('python-runs', 'COMMAND_NOT_FOUND', say('framework.pythonMissing', { python }));
    } else if (error.code === 'TIMEOUT') {
      const last = collector.result.checks.at(-1);
      const seconds = Math.round(timeoutMs / 1000);
      fail(
        'framework-check-finished',
        'TIMEOUT',
        last ? say('framework.timedOutAfterCheck', { python, seconds, check: last.id }) : say('framework.timedOutBeforeAnyCheck', { python, seconds }),
      );
    } else {
      fail('python-runs', error.code, say('framework.pythonNotStarted', { python, error: error.detail ?? error.message }));
    }
    return collector.finish();
  }
  const said = collector.result;
  if (!said.finished) {
    const gist = stderrGist(stderr);
    const saidHello = said.python.version !== null;
    const params = { python, exitCode: String(exitCode) };
    const reason = saidHello
      ? gist ? say('framework.stoppedEarlyWithError', { ...params, error: gist }) : say('framework.stoppedEarly', params)
      : gist ? say('framework.scriptNotRunWithError', { ...params, error: gist }) : say('framework.scriptNotRun', params);
    fail(saidHello ? 'framework-check-finished' : 'python-runs', 'PYTHON_FAILED', reason);
  }
  return collector.finish();
}
