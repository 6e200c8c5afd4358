import { DlsetupError } from '../errors.js';

/**
 * A PowerShell verbatim string. Inside '…' nothing expands and line breaks are text; the only special characters are
 * the single quotes, and PowerShell counts the typographic ones (U+2018–U+201B) as single quotes too, so each of them is
 * doubled. NUL cannot travel in a script at all.
 */
export function powershellLiteral(value: string): string {
  if (value.includes('\0')) throw new DlsetupError('INVALID_ARGUMENT', 'A value for PowerShell contains a NUL character.');
  return `'${value.replace(/['\u2018\u2019\u201a\u201b]/g, (quote) => quote + quote)}'`;
}
