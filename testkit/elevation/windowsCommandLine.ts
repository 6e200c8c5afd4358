/**
 * Models, for tests on Linux, of the two parsers a UAC launch goes through on Windows: PowerShell's tokenizer for
 * single-quoted strings, and CommandLineToArgvW (what Node and Electron use to read their argv). They follow the
 * documented rules; they are not the real parsers, which this machine cannot run.
 */

/** PowerShell accepts the ASCII apostrophe and U+2018–U+201B as single quotes. */
const SINGLE_QUOTES = new Set(["'", '\u2018', '\u2019', '\u201a', '\u201b']);

/** Reads the single-quoted literal that starts at `at`: two quote characters in a row are one literal quote. */
export function readPowerShellLiteral(text: string, at: number): { value: string; end: number } {
  if (!SINGLE_QUOTES.has(text[at] ?? '')) throw new Error(`no single-quoted string at ${at}: ${JSON.stringify(text.slice(at, at + 20))}`);
  let value = '';
  let i = at + 1;
  for (;;) {
    if (i >= text.length) throw new Error('unterminated single-quoted string');
    const char = text[i]!;
    if (SINGLE_QUOTES.has(char)) {
      if (SINGLE_QUOTES.has(text[i + 1] ?? '')) {
        value += text[i + 1];
        i += 2;
        continue;
      }
      return { value, end: i + 1 };
    }
    value += char;
    i += 1;
  }
}

/** Splits the arguments part of a Windows command line the way CommandLineToArgvW does. */
export function splitWindowsCommandLine(line: string): string[] {
  const args: string[] = [];
  let i = 0;
  while (i < line.length) {
    while (line[i] === ' ' || line[i] === '\t') i += 1;
    if (i >= line.length) break;
    let arg = '';
    let inQuotes = false;
    for (; i < line.length; i += 1) {
      const char = line[i]!;
      if (!inQuotes && (char === ' ' || char === '\t')) break;
      if (char === '\\') {
        let count = 0;
        while (line[i + count] === '\\') count += 1;
        if (line[i + count] === '"') {
          // 2n backslashes + quote: n backslashes, the quote toggles; 2n+1: n backslashes and a literal quote.
          arg += '\\'.repeat(count >> 1);
          if (count % 2) {
            arg += '"';
            i += count;
          } else {
            i += count - 1;
          }
        } else {
          arg += '\\'.repeat(count);
          i += count - 1;
        }
        continue;
      }
      if (char === '"') {
        if (inQuotes && line[i + 1] === '"') {
          arg += '"';
          i += 1;
          continue;
        }
        inQuotes = !inQuotes;
        continue;
      }
      arg += char;
    }
    args.push(arg);
  }
  return args;
}

export const START_PROCESS_HEAD = 'Start-Process -FilePath ';
export const START_PROCESS_TAIL = ' -Verb RunAs -WindowStyle Hidden -PassThru\n';

/**
 * What Start-Process in a launch script would start: -FilePath and the -ArgumentList elements read as PowerShell
 * literals, joined with spaces (as Start-Process does) and split again as the new process reads its command line.
 * Throws when anything but literals stands between the head and the fixed tail of the statement.
 */
export function parseStartProcess(script: string): { file: string; args: string[]; statement: [number, number] } {
  // The first occurrence is the statement itself: nothing before it comes from a value.
  const start = script.indexOf(START_PROCESS_HEAD);
  if (start < 0) throw new Error('no Start-Process in the script');
  const file = readPowerShellLiteral(script, start + START_PROCESS_HEAD.length);
  let at = file.end;
  const elements: string[] = [];
  if (script.startsWith(' -ArgumentList ', at)) {
    at += ' -ArgumentList '.length;
    for (;;) {
      const element = readPowerShellLiteral(script, at);
      elements.push(element.value);
      at = element.end;
      if (script[at] !== ',') break;
      at += 1;
    }
  }
  if (!script.startsWith(START_PROCESS_TAIL, at)) throw new Error(`unexpected text after the arguments: ${JSON.stringify(script.slice(at, at + 40))}`);
  return { file: file.value, args: splitWindowsCommandLine(elements.join(' ')), statement: [start, at + START_PROCESS_TAIL.length] };
}
