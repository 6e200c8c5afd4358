/** What signalChild needs of a child process: Node's ChildProcess, execa's subprocess and spawnCapture's child all fit. */
export interface SignallableChild {
  pid?: number;
  kill(signal?: NodeJS.Signals): unknown;
}

/**
 * Signals a child only when it started. A child whose start failed (a missing or non-executable program) has no pid, and
 * Node's kill() then reaches libuv's kill with pid 0, which signals the caller's whole process group: DL Setup itself,
 * the terminal job that started it, a CI run (stops 35 and 36 died so, on a cancelled check of a missing Python).
 */
export function signalChild(child: SignallableChild, signal: NodeJS.Signals): boolean {
  if (!Number.isInteger(child.pid) || (child.pid as number) <= 0) return false;
  child.kill(signal);
  return true;
}
