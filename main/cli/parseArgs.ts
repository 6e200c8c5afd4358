import { DlsetupError } from '../../shared/errors.js';
import type { CatalogKey, ParamsArgs, TextParams } from '../../shared/i18n/localize.js';
import { cliText } from './cliText.js';

/** A flag a subcommand accepts; `values` closes the set of accepted strings. */
export interface FlagSpec {
  type: 'boolean' | 'string';
  description: string;
  values?: readonly string[];
  /** Shown in help as --flag VALUE. */
  valueName?: string;
  /** May be given more than once: the values come joined by NUL (which no argv string can hold); see flagValues. */
  repeatable?: boolean;
}

/** The values of a repeatable string flag, in the order given. */
export function flagValues(value: string | boolean | undefined): string[] {
  return typeof value === 'string' ? value.split('\0') : [];
}

export interface ParsedArgs {
  flags: Record<string, string | boolean | undefined>;
  positionals: string[];
}

/** A command line DL Setup cannot read (exit 2): INVALID_ARGUMENT with a cli catalog key, said in the reader's language. */
export class UsageError extends DlsetupError {
  constructor(error: DlsetupError) {
    super(error.code, error.message, { key: error.key, params: error.params });
    this.name = 'UsageError';
  }
}

/** A usage error from a `usage.*` sentence of the cli catalog, its params checked like every `say`. */
export function usageError<K extends UsageKey>(key: K, ...params: ParamsArgs<'cli', K>): UsageError {
  return new UsageError((cliText.error as (code: 'INVALID_ARGUMENT', key: UsageKey, params?: TextParams) => DlsetupError)('INVALID_ARGUMENT', key, params[0]));
}

type UsageKey = Extract<CatalogKey<'cli'>, `usage.${string}`>;

/** Parses `--flag`, `--flag value`, `--flag=value` and positionals; anything unknown is a usage error (exit 2). */
export function parseArgs(argv: string[], specs: Record<string, FlagSpec>, maxPositionals: number): ParsedArgs {
  const flags: ParsedArgs['flags'] = {};
  const positionals: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const token = argv[index]!;
    if (token === '--') {
      positionals.push(...argv.slice(index + 1));
      break;
    }
    if (!token.startsWith('--') || token === '-') {
      if (token.startsWith('-') && token !== '-') throw usageError('usage.unknownOption', { option: token });
      positionals.push(token);
      continue;
    }
    const [rawName, inlineValue] = token.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    const spec = specs[rawName];
    if (!spec) throw usageError('usage.unknownOption', { option: `--${rawName}` });
    if (spec.type === 'boolean') {
      if (inlineValue !== undefined) throw usageError('usage.takesNoValue', { option: `--${rawName}` });
      flags[rawName] = true;
      continue;
    }
    const value = inlineValue ?? argv[++index];
    if (value === undefined || (inlineValue === undefined && value.startsWith('--'))) {
      throw usageError('usage.needsValue', { option: `--${rawName}` });
    }
    if (spec.values && !spec.values.includes(value)) {
      throw usageError('usage.notOneOf', { option: `--${rawName}`, values: spec.values.join(', ') });
    }
    const earlier = flags[rawName];
    flags[rawName] = spec.repeatable && typeof earlier === 'string' ? `${earlier}\0${value}` : value;
  }
  if (positionals.length > maxPositionals) throw usageError('usage.unexpectedArgument', { argument: positionals[maxPositionals]! });
  return { flags, positionals };
}

/** The first option in `argv` that `specs` does not know, for `--help`, which reads nothing else but must not hide a typo. */
export function findUnknownOption(argv: string[], specs: Record<string, FlagSpec>): string | undefined {
  for (const token of argv) {
    if (token === '--') break;
    if (token === '--help' || token === '-h' || token === '-' || !token.startsWith('-')) continue;
    const name = token.startsWith('--') ? token.slice(2).split('=', 1)[0]! : '';
    if (!Object.hasOwn(specs, name)) return token;
  }
  return undefined;
}
