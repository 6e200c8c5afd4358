import { styleMark } from './terminalSafe.js';

/**
 * Colours for the CLI's text output; with colour off every style returns the text unchanged (pipes, files). With it
 * on, the text is wrapped in style marks that only the terminal-safe printer (terminalSafe) turns into SGR codes.
 */
export interface TerminalStyle {
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  boldRed(text: string): string;
  yellow(text: string): string;
  green(text: string): string;
  cyan(text: string): string;
}

/** The SGR parameters DL Setup writes, then the reset: the closed set of escape codes its output may hold. */
const STYLE_CODES = { bold: '1', dim: '2', red: '31', boldRed: '31;1', yellow: '33', green: '32', cyan: '36' } as const satisfies Record<keyof TerminalStyle, string>;
const RESET_CODE = '0';

export function terminalStyle(color: boolean | undefined): TerminalStyle {
  const wrap = (code: string) => (text: string) => (color ? `${styleMark(code)}${text}${styleMark(RESET_CODE)}` : text);
  return {
    bold: wrap(STYLE_CODES.bold),
    dim: wrap(STYLE_CODES.dim),
    red: wrap(STYLE_CODES.red),
    boldRed: wrap(STYLE_CODES.boldRed),
    yellow: wrap(STYLE_CODES.yellow),
    green: wrap(STYLE_CODES.green),
    cyan: wrap(STYLE_CODES.cyan),
  };
}
