#!/usr/bin/env node
// `npm run bench`: every bench/*.bench.mjs measures our figure and a peer's in the same run; this prints them as ratios.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(here)
  .filter((file) => file.endsWith('.bench.mjs'))
  .filter((file) => only.length === 0 || only.some((name) => file.startsWith(name)))
  .sort();

const format = (value) => (value === null || value === undefined ? '—' : Number.isInteger(value) ? String(value) : value.toFixed(value < 10 ? 2 : 1));

let failed = false;
for (const file of files) {
  const module = await import(pathToFileURL(path.join(here, file)).href);
  let rows;
  try {
    rows = await module.run();
  } catch (error) {
    failed = true;
    process.stdout.write(`\n${file}: could not run — ${error.message}\n`);
    continue;
  }
  process.stdout.write(`\n${module.title ?? file}\n`);
  const table = rows.map((row) => [
    row.name,
    `${format(row.ours)} ${row.unit}`,
    row.peer === null || row.peer === undefined ? '—' : `${format(row.peer)} ${row.unit} (${row.peerName ?? 'peer'})`,
    row.peer ? `${(row.peer / row.ours).toFixed(row.peer / row.ours >= 10 ? 0 : 2)}×` : '—',
    row.note ?? '',
  ]);
  const header = ['benchmark', 'ours', 'peer (same run)', 'peer/ours', 'note'];
  const widths = header.map((title, column) => Math.max(title.length, ...table.map((cells) => cells[column].length)));
  const line = (cells) => cells.map((cell, column) => cell.padEnd(widths[column])).join('  ').trimEnd();
  process.stdout.write(`${line(header)}\n${line(widths.map((width) => '-'.repeat(width)))}\n${table.map(line).join('\n')}\n`);
}
process.exitCode = failed ? 1 : 0;
