import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { checkFreshness, readDataTables, STALE_AFTER_DAYS } from '../main/data/dataFreshness.js';

const dir = path.dirname(fileURLToPath(import.meta.url));

// A stale table is a chore, not a broken build: this warns with what `dlsetup data check` prints, and never fails on age.
it(`warns (does not fail) when a table was last reviewed more than ${STALE_AFTER_DAYS} days ago`, () => {
  const tables = readDataTables(dir);
  for (const row of checkFreshness(tables, new Date()).filter((r) => r.stale)) {
    const age = row.reviewedAt ? `was last reviewed ${row.reviewedAt} (${row.ageDays} days ago)` : 'has no reviewedAt';
    console.warn(`data/${row.table} ${age}, limit ${STALE_AFTER_DAYS} days; re-read: ${row.sources.join(' ') || 'data/sources/compat-facts.json'} (dlsetup data check)`);
  }
  // Every table carries a review date, so the check can judge it.
  expect(Object.entries(tables).filter(([, table]) => typeof (table as { reviewedAt?: unknown }).reviewedAt !== 'string').map(([name]) => name)).toEqual([]);
  // The limit itself, on a fixed clock: 91 days is stale, 90 is not.
  expect(checkFreshness({ 'a.json': { reviewedAt: '2026-08-01' }, 'b.json': { reviewedAt: '2026-08-02' } }, new Date('2026-10-31T12:00:00Z')).map((r) => [r.table, r.ageDays, r.stale])).toEqual([
    ['a.json', 91, true],
    ['b.json', 90, false],
  ]);
});
