import { describe, expect, it } from 'vitest';
import { displayWidth } from './displayWidth.js';
import { formatTable } from './terminalTable.js';
import { terminalSafe } from './terminalSafe.js';
import { terminalStyle } from './terminalStyle.js';

/** The display column at which each non-empty cell starts on its line (null for empty cells). */
function cellStarts(line: string, cells: readonly string[]): (number | null)[] {
  let from = 0;
  return cells.map((cell) => {
    if (!cell) return null;
    const at = line.indexOf(cell, from);
    from = at + cell.length;
    return displayWidth(line.slice(0, at));
  });
}

describe('formatTable', () => {
  it('lines up columns by display width when cells are Chinese', () => {
    const header = ['组件', '操作', '版本'];
    const rows = [
      ['GPU', '', 'GeForce RTX 4090（计算能力 8.9）'],
      ['驱动', '保留', '550.54.15（需要 525.60.13 或更新版本）'],
      ['CUDA Toolkit', '无', '不需要'],
    ];
    const lines = formatTable(header, rows, terminalStyle(false));
    expect(lines[0]).toBe('  组件          操作  版本');
    expect(lines[2]).toBe('  驱动          保留  550.54.15（需要 525.60.13 或更新版本）');
    const starts = [header, ...rows].map((cells, at) => cellStarts(lines[at]!, cells));
    for (const column of [0, 1, 2]) {
      expect(new Set(starts.map((columns) => columns[column]).filter((start) => start !== null)), `column ${column}`).toEqual(new Set([[2, 16, 22][column]]));
    }
  });

  it('keeps the plain-text widths when colour is on, and bolds only the header', () => {
    const lines = formatTable(['Toolkit', 'Path'], [['12.4.1', '/usr/local/cuda-12.4']], terminalStyle(true)).map((line) => terminalSafe(line, true));
    expect(lines).toEqual(['  \u001b[1mToolkit  Path\u001b[0m', '  12.4.1   /usr/local/cuda-12.4']);
  });

  it('drops trailing spaces of empty last cells', () => {
    expect(formatTable(['A', 'B'], [['x', '']], terminalStyle(false))).toEqual(['  A  B', '  x']);
  });
});
