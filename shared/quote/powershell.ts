import { errorText } from '../errorText.js';

/**
 * A PowerShell verbatim string. Inside '…' nothing expands and line breaks are text; the only special characters are
 * the single quotes, and PowerShell counts the typographic ones (U+2018–U+201B) as single quotes too, so each of them is
 * doubled. NUL cannot travel in a script at all.
 */
export function powershellLiteral(value: string): string {
  if (value.includes('\0')) throw errorText.error('INVALID_ARGUMENT', 'quote.nulPowerShell');
  return `'${value.replace(/['\u2018\u2019\u201a\u201b]/g, (quote) => quote + quote)}'`;
}
