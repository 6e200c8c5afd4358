import { appLogFile } from '../system/appLog.js';
import { COMMANDS } from './commandRegistry.js';

/** `dlsetup --help`: every command, the global options, where the log and the run journals are. */
export async function generalHelp(): Promise<string> {
  // Loaded here only: the journal module is not needed to start most commands.
  const { runsDir } = await import('../install/journal/runJournal.js');
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

/** `dlsetup <command> --help`: its summary, usage line and options. */
export function commandHelp(name: string, summary: string, command: { flags: Record<string, { description: string; type: string; valueName?: string; values?: readonly string[] }>; positionals?: string }): string {
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
