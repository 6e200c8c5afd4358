import { displayWidth, padEndToWidth } from './displayWidth.js';
import type { TerminalStyle } from './terminalStyle.js';

/**
 * A table for the terminal: a bold header row, columns two spaces apart, each line indented. Widths are counted in
 * display columns of the plain text, so Chinese cells (two columns a character) and colour codes never skew it.
 */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[], style: TerminalStyle, indent = '  '): string[] {
  const columns = Math.max(header.length, ...rows.map((cells) => cells.length));
  const widths = Array.from({ length: columns }, (_, column) => Math.max(...[header, ...rows].map((cells) => displayWidth(cells[column] ?? ''))));
  // The last column is not padded: trailing spaces would only be trimmed again.
  const line = (cells: readonly string[]) => cells.map((cell, column) => (column < cells.length - 1 ? padEndToWidth(cell, widths[column]!) : cell)).join('  ').trimEnd();
  return [`${indent}${style.bold(line(header))}`, ...rows.map((cells) => `${indent}${line(cells)}`)];
}
