import { DlsetupError } from '../../shared/errors.js';
import type { CommandResult } from '../system/runCommand.js';

const DISK_FULL = /No space left on device|ENOSPC|not enough free space|You don't have enough free space/i;
const NETWORK =
  /Temporary failure in name resolution|Could not resolve|Network is unreachable|Connection refused|Connection reset|Connection timed out|Failed to establish a new connection|Max retries exceeded|Failed to fetch|ConnectionError|ReadTimeoutError|Could not connect to|No route to host|Read timed out|IncompleteRead|Connection broken/i;

/** Turns a failed command into the error a student can act on: disk full and network cuts get their own codes. */
export function classifyFailure(result: CommandResult, what: string): DlsetupError {
  const output = `${result.stderr}\n${result.stdout}`;
  const tail = output.trim().split('\n').slice(-15).join('\n');
  if (DISK_FULL.test(output)) {
    return new DlsetupError('DISK_FULL', `The disk is full while ${what}. Free some space (at least a few GB) and resume the install.`, { detail: tail });
  }
  if (NETWORK.test(output)) {
    return new DlsetupError('NETWORK', `The network failed while ${what}. Check the connection or choose a mirror, then resume.`, { detail: tail });
  }
  // The tool's own last error line (pip's "ERROR: …", apt's "E: …") says more than an exit code.
  const said = output
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^(ERROR|E|error|fatal):\s/.test(line))
    .at(-1);
  const what1 = `${what[0]!.toUpperCase()}${what.slice(1)}`;
  return new DlsetupError('COMMAND_FAILED', said ? `${what1} failed: ${said.slice(0, 300)}` : `${what1} failed (${result.argv[0]} exited with ${result.exitCode}).`, {
    detail: tail,
  });
}
