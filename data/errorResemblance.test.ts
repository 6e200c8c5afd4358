import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { countResemblance } from '../main/diagnose/resemblanceModel.js';
import { ERROR_RESEMBLANCE_FILE, HELD_OUT, TRAINED_ON, errorResemblanceTable, formatErrorResemblance } from '../scripts/generateErrorResemblance.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const file = readFileSync(path.join(root, ERROR_RESEMBLANCE_FILE), 'utf8');
const table = JSON.parse(file) as { reviewedAt: string; families: [string, number][] };

describe('data/error-resemblance.json', () => {
  it('is what the development halves in fixtures/ count to (node scripts/generateErrorResemblance.mjs rewrites it)', () => {
    expect(file).toBe(formatErrorResemblance(errorResemblanceTable(root, countResemblance, table.reviewedAt)));
  });

  it('counts no held-out half, and every other half of fixtures/troubleshoot-set-*/', () => {
    const halves = readdirSync(path.join(root, 'fixtures'))
      .filter((dir) => dir.startsWith('troubleshoot-set-'))
      .flatMap((dir) => readdirSync(path.join(root, 'fixtures', dir)).filter((name) => name.endsWith('.json')).map((name) => `${dir}/${name.replace(/\.json$/, '')}`));
    expect(HELD_OUT.every((half) => halves.includes(half))).toBe(true);
    expect([...TRAINED_ON].sort()).toEqual(halves.filter((half) => !HELD_OUT.includes(half)).sort());
  });

  it('names only families of data/errors.json', () => {
    const codes = new Set((JSON.parse(readFileSync(path.join(root, 'data/errors.json'), 'utf8')) as { entries: { code: string }[] }).entries.map((entry) => entry.code));
    expect(table.families.map(([code]) => code).filter((code) => !codes.has(code))).toEqual([]);
  });
});
