import { appVersion } from '../appPaths.js';
import type { CliIo } from './cliCommand.js';
import { terminalSafeIo } from './terminalIo.js';

export { processIo } from './terminalIo.js';

/**
 * Runs the CLI and returns the exit code: 0 done, 1 the operation failed, 2 the command line was wrong. Everything it
 * prints passes the terminal-safe printer, whoever built `terminalIo` (bin/dlsetup.js, the desktop binary's --cli, tests).
 */
export async function main(argv: string[], terminalIo: CliIo): Promise<number> {
  const io = terminalSafeIo(terminalIo);
  const [name, ...rest] = argv;
  const alone = name === '--help' || name === '-h' || name === 'help' || name === '--version' || name === '-v';
  // `dlsetup --version --bogus` is a typo to point out, not a version to print.
  if (alone && rest.length > 0) {
    io.err(`dlsetup: unexpected argument "${rest[0]}" after ${name} (see dlsetup --help)\n`);
    return 2;
  }
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    const { generalHelp } = await import('./cliHelp.js');
    io.out((await generalHelp()) + '\n');
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-v') {
    io.out(`${appVersion}\n`);
    return 0;
  }
  // Loaded only now, as help is above: `--version` reads nothing but appPaths and the printer (each module is a file to load at start).
  const { runNamedCommand } = await import('./runNamedCommand.js');
  return runNamedCommand(name, rest, argv, io);
}
