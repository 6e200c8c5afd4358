import { errorText } from '../errorText.js';

/**
 * One argument of a Windows command line, quoted so CommandLineToArgvW (and so Node and Electron) read it back
 * unchanged: always in double quotes; backslashes doubled only where they precede a quote; quotes escaped.
 */
export function windowsArgument(value: string): string {
  if (value.includes('\0')) throw errorText.error('INVALID_ARGUMENT', 'quote.nulArgument');
  let quoted = '"';
  let backslashes = 0;
  for (const char of value) {
    if (char === '\\') {
      backslashes += 1;
      continue;
    }
    quoted += char === '"' ? `${'\\'.repeat(backslashes * 2 + 1)}"` : `${'\\'.repeat(backslashes)}${char}`;
    backslashes = 0;
  }
  return `${quoted}${'\\'.repeat(backslashes * 2)}"`;
}
