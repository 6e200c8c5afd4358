import { execa } from 'execa';
import { DlsetupError } from '../../shared/errors.js';

export interface CommandOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
  env?: Record<string, string | undefined>;
  input?: string;
  cwd?: string;
  /** Called for every stdout/stderr line as it arrives (step logs stream from here). */
  onLine?: (stream: 'stdout' | 'stderr', line: string) => void;
}

export interface CommandResult {
  argv: string[];
  exitCode: number;
  stdout: string;
  stderr: string;
  durationMs: number;
}

export type CommandLogger = (entry: { argv: string[]; exitCode: number | null; durationMs: number; error?: string }) => void;

let logger: CommandLogger | null = null;

/** DESIGN.md §6: every external command is logged with argv, exit code and duration. */
export function setCommandLogger(next: CommandLogger | null): void {
  logger = next;
}

/**
 * Runs argv (never a shell string) and returns its output whatever the exit code;
 * throws DlsetupError only when the command could not run to completion (missing, timed out, cancelled).
 */
export async function runCommand(argv: string[], options: CommandOptions = {}): Promise<CommandResult> {
  const [file, ...args] = argv;
  if (!file) throw new DlsetupError('INVALID_ARGUMENT', 'No command given.');
  const started = performance.now();
  const child = execa(file, args, {
    reject: false,
    timeout: options.timeoutMs,
    cancelSignal: options.signal,
    env: options.env,
    extendEnv: true,
    input: options.input,
    stdin: options.input === undefined ? 'ignore' : undefined,
    cwd: options.cwd,
    forceKillAfterDelay: 2000,
    cleanup: true,
    encoding: 'utf8',
    stripFinalNewline: false,
  });
  if (options.onLine) {
    const onLine = options.onLine;
    for (const stream of ['stdout', 'stderr'] as const) {
      let pending = '';
      child[stream]?.on('data', (chunk: Buffer) => {
        pending += chunk.toString('utf8');
        const lines = pending.split(/\r?\n|\r/);
        pending = lines.pop() ?? '';
        for (const line of lines) onLine(stream, line);
      });
      child[stream]?.on('end', () => {
        if (pending) onLine(stream, pending);
      });
    }
  }
  const result = await child;
  const durationMs = Math.round(performance.now() - started);
  const outcome = { argv, exitCode: result.exitCode ?? null, durationMs };
  if (result.isCanceled) {
    logger?.({ ...outcome, error: 'cancelled' });
    throw new DlsetupError('CANCELLED', `Cancelled: ${file}.`);
  }
  if (result.timedOut) {
    logger?.({ ...outcome, error: 'timed out' });
    throw new DlsetupError('TIMEOUT', `"${file}" did not finish within ${Math.round((options.timeoutMs ?? 0) / 1000)} s.`);
  }
  if ((result as { code?: string }).code === 'ENOENT') {
    logger?.({ ...outcome, error: 'not found' });
    throw new DlsetupError('COMMAND_NOT_FOUND', `"${file}" is not installed or not on PATH.`);
  }
  if (result.exitCode === undefined) {
    logger?.({ ...outcome, error: result.message });
    throw new DlsetupError('COMMAND_FAILED', `"${file}" could not be run.`, { detail: result.shortMessage });
  }
  logger?.(outcome);
  return { argv, exitCode: result.exitCode, stdout: String(result.stdout ?? ''), stderr: String(result.stderr ?? ''), durationMs };
}
