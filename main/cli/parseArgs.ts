/** A flag a subcommand accepts; `values` closes the set of accepted strings. */
export interface FlagSpec {
  type: 'boolean' | 'string';
  description: string;
  values?: readonly string[];
  /** Shown in help as --flag VALUE. */
  valueName?: string;
}

export interface ParsedArgs {
  flags: Record<string, string | boolean | undefined>;
  positionals: string[];
}

export class UsageError extends Error {}

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
      if (token.startsWith('-') && token !== '-') throw new UsageError(`unknown option "${token}"`);
      positionals.push(token);
      continue;
    }
    const [rawName, inlineValue] = token.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    const spec = specs[rawName];
    if (!spec) throw new UsageError(`unknown option "--${rawName}"`);
    if (spec.type === 'boolean') {
      if (inlineValue !== undefined) throw new UsageError(`option "--${rawName}" takes no value`);
      flags[rawName] = true;
      continue;
    }
    const value = inlineValue ?? argv[++index];
    if (value === undefined || (inlineValue === undefined && value.startsWith('--'))) {
      throw new UsageError(`option "--${rawName}" needs a value`);
    }
    if (spec.values && !spec.values.includes(value)) {
      throw new UsageError(`option "--${rawName}" must be one of: ${spec.values.join(', ')}`);
    }
    flags[rawName] = value;
  }
  if (positionals.length > maxPositionals) throw new UsageError(`unexpected argument "${positionals[maxPositionals]}"`);
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
