import { errorText } from '../errorText.js';
import { oneLine, refuseControlChars } from './controlChars.js';

/** Characters that mean nothing to sh anywhere in a word (no globs, no ~, no quotes, no expansions). */
const SAFE = /^[A-Za-z0-9_@%+=:,./-]+$/;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A POSIX sh word that stands for exactly `value`: bare when only safe characters, else single-quoted (NUL refused). */
export function shWord(value: string): string {
  // sh cannot carry NUL in a word at all; everything else is literal inside '…'.
  if (value.includes('\0')) throw errorText.error('INVALID_ARGUMENT', 'quote.nulShell', { value: JSON.stringify(oneLine(value).slice(0, 80)) });
  if (SAFE.test(value)) return value;
  // Apostrophes without anything double quotes expand (or history-expand when pasted): "it's" reads better than 'it'\''s'.
  if (value.includes("'") && !/[$`\\"!]/.test(value)) return `"${value}"`;
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** An argv as one sh command line, every word quoted. */
export function shCommand(argv: readonly string[]): string {
  return argv.map(shWord).join(' ');
}

/**
 * `value` as text to put between the double quotes of "…": as is when safe, else closing, quoting and reopening them.
 * A value starting with a name character is closed off too, so it never extends a `$VAR` just before it.
 */
export function shInsideDoubleQuotes(value: string): string {
  return SAFE.test(value) && !/^[A-Za-z0-9_]/.test(value) ? value : `"${shWord(value)}"`;
}

/** A variable name sh accepts, or INVALID_ARGUMENT. */
export function shName(name: string): string {
  if (!NAME.test(name)) throw errorText.error('INVALID_ARGUMENT', 'quote.shName', { name: JSON.stringify(oneLine(name)) });
  return name;
}

/** One `export NAME=value` line for a profile script: the value stays one word, and a line break in it is refused. */
export function shExport(name: string, value: string): string {
  return `export ${shName(name)}=${shWord(refuseControlChars(value, name))}`;
}

/** One sh word made of literal text and `"$VAR"` where each placeholder of `vars` stands. */
export function shWordWith(text: string, vars: Readonly<Record<string, string>>): string {
  const placeholders = Object.keys(vars);
  if (placeholders.length === 0) return shWord(text);
  const split = new RegExp(`(${placeholders.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`);
  const parts = text.split(split).filter((part) => part !== '');
  if (parts.length === 0) return "''";
  return parts.map((part) => (Object.prototype.hasOwnProperty.call(vars, part) ? `"$${shName(vars[part]!)}"` : shWord(part))).join('');
}

/** A comment line: line breaks and other controls in `text` are shown escaped, so it never ends early. */
export function shComment(text: string): string {
  return `# ${oneLine(text)}`;
}

/** A word for people to read (dry runs, logs): like shWord, but control characters are shown escaped, never refused. */
export function shDisplayWord(value: string): string {
  const shown = oneLine(value);
  return shown === value ? shWord(value) : shWord(shown);
}
