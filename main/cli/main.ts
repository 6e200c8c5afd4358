import { appVersion } from '../appPaths.js';
import { DlsetupError, toAppError } from '../../shared/errors.js';
import type { Locale } from '../../shared/i18n/localize.js';
import { appLog, appLogFile, startAppLog } from '../system/appLog.js';
import type { CliIo } from './cliCommand.js';
import { commandLocale, usageLocale } from './cliLocale.js';
import { cliText } from './cliText.js';
import { COMMANDS } from './commandRegistry.js';
import { findUnknownOption, parseArgs, UsageError } from './parseArgs.js';

async function generalHelp(): Promise<string> {
  // Loaded here only: the journal module is not needed to start most commands.
  const { runsDir } = await import('../install/runJournal.js');
  const width = Math.max(...COMMANDS.map((command) => command.name.length));
  return [
    'DL Setup — set up and prove a deep-learning GPU environment.',
    '',
    'Usage: dlsetup <command> [options]',
    '',
    'Commands:',
    ...COMMANDS.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}${command.load ? '' : ' (not available yet)'}`),
    '',
    'Options:',
    '  --help     show help (also: dlsetup <command> --help)',
    '  --version  print the version',
    '',
    'Every command that prints data accepts --json.',
    'Commands that write for people accept --lang en|zh-CN (default: your locale, from LC_ALL, LC_MESSAGES or LANG).',
    '',
    `Log: ${appLogFile()}`,
    `Run journals: ${runsDir()}`,
  ].join('\n');
}

/** Runs the CLI and returns the exit code: 0 done, 1 the operation failed, 2 the command line was wrong. */
export async function main(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  const alone = name === '--help' || name === '-h' || name === 'help' || name === '--version' || name === '-v';
  // `dlsetup --version --bogus` is a typo to point out, not a version to print.
  if (alone && rest.length > 0) {
    io.err(`dlsetup: unexpected argument "${rest[0]}" after ${name} (see dlsetup --help)\n`);
    return 2;
  }
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.out((await generalHelp()) + '\n');
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-v') {
    io.out(`${appVersion}\n`);
    return 0;
  }
  const registered = COMMANDS.find((command) => command.name === name);
  // Usage errors are said before the command line is parsed: in --lang's language when it is there, else the user's.
  const usageSay = cliText(usageLocale(rest, process.env));
  if (!registered) {
    io.err(`dlsetup: ${usageSay('usage.unknownCommand', { command: name })}\n`);
    return 2;
  }
  if (!registered.load) {
    io.err(`dlsetup ${name}: ${usageSay('usage.notAvailable')}\n`);
    return 2;
  }
  const command = await registered.load();
  if (rest.includes('--help') || rest.includes('-h')) {
    const unknown = findUnknownOption(rest, command.flags);
    if (unknown !== undefined) {
      io.err(`dlsetup ${name}: ${usageSay('usage.seeHelp', { message: usageSay('usage.unknownOption', { option: unknown }), command: name })}\n`);
      return 2;
    }
    io.out(commandHelp(name, registered.summary, command) + '\n');
    return 0;
  }
  const json = rest.includes('--json');
  const startedAt = Date.now();
  startAppLog(name === 'serve' ? 'serve' : 'cli', `dlsetup ${argv.join(' ')}`);
  // What a person sees on stderr (progress, warnings, failures) is what the log needs too.
  const logged: CliIo = { ...io, err: (text) => (io.err(text), appLog(text)) };
  let locale: Locale = usageSay.locale;
  let code: number;
  let unexpected = false;
  try {
    const args = parseArgs(rest, command.flags, command.maxPositionals ?? 0);
    locale = commandLocale(args.flags, process.env);
    code = await command.run(args, logged);
  } catch (thrown) {
    // Loaded on failure only: its catalogs (install, helper, schema...) are most of what a start would parse.
    const { sayError } = await import('../../shared/i18n/sayError.js');
    if (thrown instanceof UsageError) {
      const say = cliText(locale);
      logged.err(`dlsetup ${name}: ${say('usage.seeHelp', { message: sayError(thrown, locale), command: name })}\n`);
      return 2;
    }
    const error = toAppError(thrown);
    unexpected = !(thrown instanceof DlsetupError);
    if (unexpected && thrown instanceof Error && thrown.stack) appLog(thrown.stack);
    if (json) io.out(JSON.stringify({ ok: false, error }, null, 2) + '\n');
    else logged.err(`dlsetup ${name}: ${sayError(error, locale)}${error.detail && unexpected ? `\n  ${error.detail}` : ''} [${error.code}]\n`);
    code = 1;
  }
  if (code === 1 && !json && !rest.includes('--json-progress')) {
    const { failureFooter } = await import('./failureFooter.js');
    const footer = await failureFooter({ since: startedAt, unexpected, say: cliText(locale) });
    if (footer) logged.err(`${footer}\n`);
  }
  appLog(`exit ${code} after ${Date.now() - startedAt} ms`);
  return code;
}

function commandHelp(name: string, summary: string, command: { flags: Record<string, { description: string; type: string; valueName?: string; values?: readonly string[] }>; positionals?: string }): string {
  const flagLines = Object.entries(command.flags).map(([flag, spec]) => {
    const value = spec.type === 'string' ? ` ${spec.valueName ?? (spec.values ? spec.values.join('|') : 'VALUE')}` : '';
    return [`  --${flag}${value}`, spec.description] as const;
  });
  const width = Math.max(0, ...flagLines.map(([left]) => left.length));
  return [
    summary,
    '',
    `Usage: dlsetup ${name}${command.positionals ? ` ${command.positionals}` : ''}${flagLines.length ? ' [options]' : ''}`,
    '',
    ...(flagLines.length ? ['Options:', ...flagLines.map(([left, right]) => `${left.padEnd(width)}  ${right}`)] : []),
  ].join('\n');
}
