import { errorText } from '../../shared/errorText.js';
import { descendantPids } from './processTree.js';
import { signalChild } from './signalChild.js';
import { spawnCapture } from './spawnCapture.js';

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

// execa is loaded on the first command, not at start-up: probes read files meanwhile, and `--version` never pays for it.
let execaModule: Promise<typeof import('execa')> | null = null;
const loadExeca = () => (execaModule ??= import('execa'));

/** docs/design.md §6: every external command is logged with argv, exit code and duration. */
export function setCommandLogger(next: CommandLogger | null): void {
  logger = next;
}

/**
 * Runs argv (never a shell string) and returns its output whatever the exit code;
 * throws DlsetupError only when the command could not run to completion (missing, timed out, cancelled).
 */
export async function runCommand(argv: string[], options: CommandOptions = {}): Promise<CommandResult> {
  const [file, ...args] = argv;
  if (!file) throw errorText.error('INVALID_ARGUMENT', 'command.none');
  // Streaming, input and cancel need execa; a plain capture (every detection probe) does not pay for loading it.
  const plain = !options.onLine && options.input === undefined && !options.signal;
  const execa = plain ? null : (await loadExeca()).execa;
  const started = performance.now();
  if (options.signal?.aborted) throw errorText.error('CANCELLED', 'command.cancelled', { file });
  const child = execa
    ? execa(file, args, {
        reject: false,
        env: options.env,
        extendEnv: true,
        input: options.input,
        stdin: options.input === undefined ? 'ignore' : undefined,
        cwd: options.cwd,
        forceKillAfterDelay: 2000,
        cleanup: true,
        encoding: 'utf8',
        stripFinalNewline: false,
      })
    : spawnCapture(file, args, { env: options.env, cwd: options.cwd });
  if (options.onLine) {
    const onLine = options.onLine;
    // Only execa runs stream (see `plain` above).
    const streaming = child as ReturnType<NonNullable<typeof execa>>;
    for (const stream of ['stdout', 'stderr'] as const) {
      let pending = '';
      streaming[stream]?.on('data', (chunk: Buffer) => {
        pending += chunk.toString('utf8');
        const lines = pending.split(/\r?\n|\r/);
        pending = lines.pop() ?? '';
        for (const line of lines) onLine(stream, line);
      });
      streaming[stream]?.on('end', () => {
        if (pending) onLine(stream, pending);
      });
    }
  }
  // A timeout or cancel ends the whole tree (a hung script's children too), grandchildren first so none is orphaned.
  let stopped: 'timeout' | 'cancel' | null = null;
  const stopTree = (reason: 'timeout' | 'cancel') => {
    stopped ??= reason;
    for (const pid of child.pid ? descendantPids(child.pid).reverse() : []) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    signalChild(child, 'SIGKILL');
  };
  const timer = options.timeoutMs ? setTimeout(() => stopTree('timeout'), options.timeoutMs) : undefined;
  const onAbort = () => stopTree('cancel');
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const result = await child;
  clearTimeout(timer);
  options.signal?.removeEventListener('abort', onAbort);
  const durationMs = Math.round(performance.now() - started);
  const outcome = { argv, exitCode: result.exitCode ?? null, durationMs };
  if (stopped === 'cancel') {
    logger?.({ ...outcome, error: 'cancelled' });
    throw errorText.error('CANCELLED', 'command.cancelled', { file });
  }
  if (stopped === 'timeout') {
    logger?.({ ...outcome, error: 'timed out' });
    throw errorText.error('TIMEOUT', 'command.timedOut', { file, seconds: Math.round((options.timeoutMs ?? 0) / 1000) });
  }
  if ((result as { code?: string }).code === 'ENOENT') {
    logger?.({ ...outcome, error: 'not found' });
    throw errorText.error('COMMAND_NOT_FOUND', 'command.notFound', { file });
  }
  if (result.exitCode === undefined) {
    logger?.({ ...outcome, error: result.message });
    throw errorText.error('COMMAND_FAILED', 'command.couldNotRun', { file }, { detail: result.shortMessage });
  }
  logger?.(outcome);
  return { argv, exitCode: result.exitCode, stdout: String(result.stdout ?? ''), stderr: String(result.stderr ?? ''), durationMs };
}
