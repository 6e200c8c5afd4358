import { LOCALES } from '../../shared/i18n/localize.js';
import type { FlagSpec, ParsedArgs } from './parseArgs.js';

/** What a command writes to; tests pass their own to read what a user would see. main() passes every text through terminalSafe. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  /** Colours and tables for a person; plain text for pipes. */
  color: boolean;
  /** Draws `line` over the current stderr line (a progress bar); present only where stderr is a terminal. */
  redrawErr?(line: string): void;
}

export interface CliCommand {
  flags: Record<string, FlagSpec>;
  /** e.g. "[FILE|-]" — shown in help. */
  positionals?: string;
  maxPositionals?: number;
  run(args: ParsedArgs, io: CliIo): Promise<number>;
}

export const JSON_FLAG: FlagSpec = { type: 'boolean', description: 'print machine-readable JSON' };

/** `--lang` on every command that prints sentences; without it the language follows LC_ALL / LC_MESSAGES / LANG. */
export const LANG_FLAG: FlagSpec = { type: 'string', values: LOCALES, description: 'language of the output: en or zh-CN (default: from LC_ALL, LC_MESSAGES or LANG)' };
