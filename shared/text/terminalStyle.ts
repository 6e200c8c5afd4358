/** ANSI colours for the CLI's text output; with colour off every style returns the text unchanged (pipes, files). */
export interface TerminalStyle {
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  boldRed(text: string): string;
  yellow(text: string): string;
  green(text: string): string;
}

export function terminalStyle(color: boolean | undefined): TerminalStyle {
  const wrap = (code: string) => (text: string) => (color ? `\u001b[${code}m${text}\u001b[0m` : text);
  return { bold: wrap('1'), dim: wrap('2'), red: wrap('31'), boldRed: wrap('31;1'), yellow: wrap('33'), green: wrap('32') };
}
