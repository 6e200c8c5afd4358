import { spawn } from 'node:child_process';
import { signalChild } from './signalChild.js';

/** What a finished process left: the fields runCommand reads from an execa result too. */
export interface CapturedRun {
  exitCode?: number;
  stdout: string;
  stderr: string;
  /** 'ENOENT' when the program does not exist. */
  code?: string;
  message?: string;
  shortMessage?: string;
}

export interface CapturingChild extends PromiseLike<CapturedRun> {
  pid?: number;
  kill(signal: NodeJS.Signals): void;
}

/**
 * A plain capture (no streaming, no input, no cancel) with Node's own spawn. Detection runs only such commands, and
 * loading execa (~50 ms to compile and start) was a quarter of `dlsetup detect`; installs keep execa.
 */
export function spawnCapture(file: string, args: string[], options: { env?: Record<string, string | undefined>; cwd?: string }): CapturingChild {
  const env = Object.fromEntries(Object.entries({ ...process.env, ...options.env }).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const child = spawn(file, args, { env, cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
  const done = new Promise<CapturedRun>((resolve) => {
    const text = () => ({ stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') });
    child.once('error', (error: NodeJS.ErrnoException) => resolve({ ...text(), code: error.code, message: error.message, shortMessage: error.message }));
    child.once('close', (exitCode, signal) =>
      resolve(exitCode === null ? { ...text(), message: `killed by ${signal}`, shortMessage: `killed by ${signal}` } : { ...text(), exitCode }),
    );
  });
  return {
    pid: child.pid,
    kill: (signal) => void signalChild(child, signal),
    then: (onFulfilled, onRejected) => done.then(onFulfilled, onRejected),
  };
}
