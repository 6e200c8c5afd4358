import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

/** Tables older than this get a warning: frameworks ship every few months and the plan is only as good as the data. */
const STALE_AFTER_DAYS = 120;

const dir = path.dirname(fileURLToPath(import.meta.url));

/** The tables whose reviewedAt is older than the limit on the given day. */
function staleTables(now: Date, tables: Record<string, { reviewedAt: string }>): { name: string; ageDays: number }[] {
  return Object.entries(tables)
    .map(([name, table]) => ({ name, ageDays: Math.floor((now.getTime() - Date.parse(`${table.reviewedAt}T00:00:00Z`)) / 86_400_000) }))
    .filter((row) => row.ageDays > STALE_AFTER_DAYS);
}

it('warns (does not fail) when a table was last reviewed more than 120 days ago', () => {
  const tables = Object.fromEntries(
    readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [file, JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { reviewedAt: string }]),
  );
  for (const row of staleTables(new Date(), tables)) {
    console.warn(`data/${row.name} was last reviewed ${row.ageDays} days ago (limit ${STALE_AFTER_DAYS}); refresh it as data/README.md describes.`);
  }
  expect(staleTables(new Date('2026-12-02T00:00:00Z'), { 'a.json': { reviewedAt: '2026-08-01' } })).toEqual([{ name: 'a.json', ageDays: 123 }]);
  expect(staleTables(new Date('2026-12-02T00:00:00Z'), { 'a.json': { reviewedAt: '2026-10-01' } })).toEqual([]);
});
