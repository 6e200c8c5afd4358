import type { DlsetupError } from '../../shared/errors.js';
import type { CommandResult } from '../system/runCommand.js';
import { installText, type InstallSay } from '../system/installText.js';

export const DISK_FULL = /No space left on device|ENOSPC|not enough free space|You don't have enough free space/i;
export const NETWORK =
  /Temporary failure in name resolution|Could not resolve|Network is unreachable|Connection refused|Connection reset|Connection timed out|Failed to establish a new connection|Max retries exceeded|Failed to fetch|ConnectionError|ReadTimeoutError|Could not connect to|No route to host|Read timed out|IncompleteRead|Connection broken/i;

/** An error line ending in ':' takes the "  - item" list below it (conda names the missing packages there). */
function withListedItems(lines: string[], at: number): string {
  const line = lines[at]!;
  if (!line.endsWith(':')) return line;
  const items: string[] = [];
  for (const next of lines.slice(at + 1)) {
    if (next.startsWith('- ')) items.push(next.slice(2).trim());
    else if (next !== '' || items.length) break;
  }
  return items.length ? `${line} ${items.join(', ')}` : line;
}

/**
 * Turns a failed command into the error a student can act on: disk full and network cuts get their own codes.
 * `what` ("running apt-get install") must be in `say`'s locale.
 */
export function classifyFailure(result: CommandResult, what: string, say: InstallSay = installText()): DlsetupError {
  const output = `${result.stderr}\n${result.stdout}`;
  const tail = output.trim().split('\n').slice(-15).join('\n');
  if (DISK_FULL.test(output)) {
    return say.error('DISK_FULL', 'failure.diskFull', { what }, { detail: tail });
  }
  if (NETWORK.test(output)) {
    return say.error('NETWORK', 'failure.network', { what }, { detail: tail });
  }
  // pip --require-hashes: the index (or a mirror) served other bytes than the plan found and pinned.
  if (/DO NOT MATCH THE HASHES/.test(output)) {
    return say.error('CHECKSUM_MISMATCH', 'failure.pinnedHash', { what }, { detail: tail });
  }
  // The tool's own last error line (pip's "ERROR: …", apt's "E: …", conda's "PackagesNotFoundError: …") says more than an exit code.
  const lines = output.split('\n').map((line) => line.trim());
  const at = lines.flatMap((line, index) => (/^(ERROR|E|error|fatal|[A-Z][A-Za-z]*Error):\s/.test(line) ? [index] : [])).at(-1);
  const said = at === undefined ? undefined : withListedItems(lines, at);
  const capitalised = `${what[0]!.toUpperCase()}${what.slice(1)}`;
  // Keyed, so the UI and the CLI say it again in the reader's language (`what` stays in the language it was given in).
  return said
    ? say.error('COMMAND_FAILED', 'failure.toolSaid', { What: capitalised, said: said.slice(0, 300) }, { detail: tail })
    : say.error('COMMAND_FAILED', 'failure.exited', { What: capitalised, program: String(result.argv[0]), code: String(result.exitCode) }, { detail: tail });
}
