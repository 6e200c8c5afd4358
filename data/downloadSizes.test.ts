import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadDownloadSizes } from '../main/plan/loadDownloadSizes.js';
import { DOWNLOAD_COMPONENTS, type DownloadSizeTable } from '../shared/types/downloadEstimate.js';

const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'download-sizes.json');
const table = JSON.parse(readFileSync(file, 'utf8')) as DownloadSizeTable;

describe('download-sizes.json', () => {
  it('is reviewed on a date and has rows', () => {
    expect(table.reviewedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(table.rows.length).toBeGreaterThan(0);
  });

  it.each(table.rows.map((row, i) => [`${i}: ${row.component}${row.os ? ` (${row.os})` : ''}`, row] as const))(
    'row %s has a known component, a positive size, its basis and a public source URL',
    (_name, row) => {
      expect(DOWNLOAD_COMPONENTS).toContain(row.component);
      expect(Number.isFinite(row.megabytes) && row.megabytes > 0).toBe(true);
      expect(row.basis.trim().length).toBeGreaterThan(20);
      expect(row.source).toMatch(/^https:\/\/\S+$/);
      if (row.os !== undefined) expect(['linux', 'windows', 'macos']).toContain(row.os);
    },
  );

  it('has at most one row per component, OS, release and build, so a lookup is never ambiguous', () => {
    const keys = table.rows.map((row) => `${row.component}/${row.os ?? '*'}/${row.release}/${row.variant ?? '*'}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('names, on every framework row, a published release and the build its basis measured', () => {
    for (const row of table.rows.filter((r) => /-wheels?$/.test(r.component))) {
      const framework = row.component.replace(/-(cuda|rocm|cpu)-wheels?$/, '');
      const releases = (JSON.parse(readFileSync(path.join(path.dirname(file), `${framework}.json`), 'utf8')) as { releases: { version: string; patches?: string[] }[] }).releases;
      expect(releases.flatMap((release) => [release.version, ...(release.patches ?? [])]), row.component).toContain(row.release);
      expect(row.variant, row.component).toBeTruthy();
      // The basis says the same release the row is matched on.
      expect(row.basis, row.component).toContain(row.release);
    }
  });

  it('keeps sums consistent: a basis that lists parts adds up to the row size', () => {
    for (const row of table.rows.filter((r) => r.basis.startsWith('Sum of'))) {
      const parts = [...row.basis.matchAll(/ (\d+(?:\.\d+)?)(?= \+| \(|\.(?:\s|$)|$)/g)].map((m) => Number(m[1]));
      expect(parts.length, `${row.component}: parts found`).toBe(Number(/^Sum of (\d+)/.exec(row.basis)![1]));
      const sum = Math.round(parts.reduce((a, b) => a + b, 0) * 10) / 10;
      expect(sum, `${row.component}: ${parts.join(' + ')}`).toBe(row.megabytes);
    }
  });

  it('is what main loads', () => {
    expect(loadDownloadSizes()).toEqual(table);
  });
});
