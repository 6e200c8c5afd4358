import { DlsetupError, toAppError } from '../../shared/errors.js';
import type { Locale } from '../../shared/i18n/localize.js';
import { terminalSafe } from '../../shared/text/terminalSafe.js';
import { appLog, startAppLog } from '../system/appLog.js';
import { redactSecrets, redactSecretsIn } from '../system/redactSecrets.js';
import type { CliIo } from './cliCommand.js';
import { commandHelp } from './cliHelp.js';
import { commandLocale, usageLocale } from './cliLocale.js';
import { cliText } from './cliText.js';
import { COMMANDS } from './commandRegistry.js';
import { findUnknownOption, parseArgs, UsageError } from './parseArgs.js';

/** `dlsetup <name> ...rest`: the command's own --help, or its run, logged, with failures said in the reader's language. */
export async function runNamedCommand(name: string, rest: string[], argv: string[], io: CliIo): Promise<number> {
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
  // What a person sees on stderr (progress, warnings, failures) is what the log needs too, as escaped as they saw it.
  // Credentials never reach the terminal or the log: a flag's URL echoed in a refusal, an error quoting a proxy.
  const logged: CliIo = {
    ...io,
    err: (text) => {
      const safe = redactSecrets(text);
      io.err(safe);
      appLog(terminalSafe(safe));
    },
  };
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
    if (unexpected && thrown instanceof Error && thrown.stack) appLog(terminalSafe(thrown.stack));
    if (json) io.out(JSON.stringify({ ok: false, error: redactSecretsIn(error) }, null, 2) + '\n');
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

